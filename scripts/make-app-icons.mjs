// Writes the installable app's icons (web/public/icons/): 192 and 512 pixels, and a 512 maskable
// one whose mark stays inside the safe circle (the middle 80%). Plain PNGs drawn here, so no image
// tool is needed: `node scripts/make-app-icons.mjs`.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BACKGROUND = [0x1d, 0x4e, 0xd8]; // the brand blue
const MARK = [0xff, 0xff, 0xff];

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An "A" of two legs and a bar in a square; `inset` shrinks the mark toward the middle. */
function draw(size, { rounded, inset }) {
  const rows = [];
  const r = size * 0.18;
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      const u = (x / size - 0.5) / inset + 0.5;
      const v = (y / size - 0.5) / inset + 0.5;
      const corner =
        rounded &&
        ((x < r && y < r && (x - r) ** 2 + (y - r) ** 2 > r * r) ||
          (x > size - r && y < r && (x - size + r) ** 2 + (y - r) ** 2 > r * r) ||
          (x < r && y > size - r && (x - r) ** 2 + (y - size + r) ** 2 > r * r) ||
          (x > size - r && y > size - r && (x - size + r) ** 2 + (y - size + r) ** 2 > r * r));
      const leg = (cx) => Math.abs(u - (cx + (0.5 - cx) * (1 - (v - 0.2) / 0.6))) < 0.07;
      const inMark =
        v > 0.2 && v < 0.8 && (leg(0.22) || leg(0.78) || (v > 0.55 && v < 0.64 && u > 0.33 && u < 0.67));
      const colour = corner ? null : inMark ? MARK : BACKGROUND;
      row.push(...(colour ? [...colour, 255] : [0, 0, 0, 0]));
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const dir = new URL("../web/public/icons/", import.meta.url);
writeFileSync(new URL("icon-192.png", dir), draw(192, { rounded: true, inset: 1 }));
writeFileSync(new URL("icon-512.png", dir), draw(512, { rounded: true, inset: 1 }));
writeFileSync(new URL("icon-maskable-512.png", dir), draw(512, { rounded: false, inset: 0.7 }));
