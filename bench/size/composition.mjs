#!/usr/bin/env node
// What the main site's first-load chunks are made of, by module and by package, in gzip bytes.
// Builds web/ with hidden source maps into a temporary folder (dist/ is left alone) and, for the
// entry (index.html's scripts and their static imports) and each chunk named with --chunk, maps
// every byte of the minified output back to the source it came from.
//   node bench/size/composition.mjs [--chunk right-sidebar] [--top 40] [--modules]
// Two gzip figures per row:
// - "share": the chunk's gzip size split by each part's share of the raw bytes;
// - "saves": the chunk's gzip size minus the gzip size of the chunk without that part's bytes —
//   roughly what removing it would save (parts compress against each other, so these do not add up).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { entryChunks } from "./entry.mjs";

const root = new URL("../..", import.meta.url).pathname;
const args = process.argv.slice(2);
const many = (flag) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]] : []));
const extraChunks = many("--chunk");
const top = Number(many("--top")[0] ?? 30);
const byModule = args.includes("--modules");

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = "true";
const outDir = mkdtempSync(join(tmpdir(), "agora-size-composition-"));

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const b64 = new Map([...B64].map((c, i) => [c, i]));
/** Source map "mappings" → per generated line, [column, sourceIndex | -1] sorted by column. */
function decode(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segs = [];
    let col = 0;
    for (const seg of line.split(",")) {
      if (!seg) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = b64.get(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += fields[0];
      if (fields.length > 1) {
        source += fields[1];
        // the other fields (line, column, name) are relative too but not needed here
        segs.push([col, source]);
      } else segs.push([col, -1]);
    }
    segs.sort((a, b) => a[0] - b[0]);
    lines.push(segs);
  }
  return lines;
}

/** Which part of the product or which package a source path belongs to. */
function groupOf(source) {
  if (source === null) return "(bundler glue, unmapped)";
  const nm = source.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = source.slice(nm + "node_modules/".length).split("/");
    const pkg = rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    return pkg;
  }
  const rel = source.replace(/^(\.\.\/)+/, "");
  const parts = rel.split("/");
  // web/src/features/posts/<file> → web/src/features/posts; shared/client/<file> → shared/client
  if (parts[0] === "web" && parts[1] === "src")
    return parts.slice(0, parts[2] === "features" || parts[2] === "components" ? 4 : 3).join("/");
  return parts.slice(0, 2).join("/");
}

/** Split a chunk's code into the byte ranges of each source; returns Map(source → string). */
function attribute(code, map) {
  const lines = decode(map.mappings);
  const codeLines = code.split("\n");
  const parts = new Map();
  const add = (key, text) => parts.set(key, (parts.get(key) ?? "") + text);
  codeLines.forEach((text, i) => {
    const segs = lines[i] ?? [];
    if (segs.length === 0 || segs[0][0] > 0) add(null, text.slice(0, segs[0]?.[0] ?? text.length));
    segs.forEach(([col, src], j) => {
      const end = j + 1 < segs.length ? segs[j + 1][0] : text.length;
      add(src >= 0 ? map.sources[src] : null, text.slice(col, end));
    });
    add(null, "\n");
  });
  return parts;
}

const gz = (s) => gzipSync(Buffer.from(s)).length;
const kb = (n) => (n / 1024).toFixed(1);

function report(file) {
  const code = readFileSync(join(outDir, file), "utf8");
  const map = JSON.parse(readFileSync(join(outDir, `${file}.map`), "utf8"));
  const bySource = attribute(code, map);
  const total = { raw: Buffer.byteLength(code), gzip: gz(code) };
  const rows = new Map();
  for (const [source, text] of bySource) {
    const clean = source === null ? null : relative(root, join(outDir, dirname(file), source));
    const key = byModule ? (clean ?? "(bundler glue, unmapped)") : groupOf(clean);
    const row = rows.get(key) ?? { key, text: "", modules: 0 };
    row.text += text;
    row.modules += 1;
    rows.set(key, row);
  }
  // "saves": gzip of the chunk with this part's bytes taken out, per part.
  const list = [...rows.values()].map((r) => {
    const raw = Buffer.byteLength(r.text);
    let without = "";
    for (const [source, text] of bySource) {
      const clean = source === null ? null : relative(root, join(outDir, dirname(file), source));
      const key = byModule ? (clean ?? "(bundler glue, unmapped)") : groupOf(clean);
      if (key !== r.key) without += text;
    }
    return {
      key: r.key,
      modules: r.modules,
      raw,
      share: (total.gzip * raw) / total.raw,
      saves: total.gzip - gz(without),
    };
  });
  list.sort((a, b) => b.share - a.share);
  console.log(
    `\n### ${file.replace(/^assets\//, "")} — ${kb(total.raw)} KB raw, ${kb(total.gzip)} KB gzip\n`,
  );
  console.log(
    `| ${byModule ? "module" : "package / part"} | ${byModule ? "" : "modules | "}raw KB | gzip KB (share) | gzip KB (saves) |`,
  );
  console.log(`|---|${byModule ? "" : "---:|"}---:|---:|---:|`);
  const shown = list.slice(0, top);
  for (const r of shown)
    console.log(
      `| ${r.key} | ${byModule ? "" : `${r.modules} | `}${kb(r.raw)} | ${kb(r.share)} | ${kb(r.saves)} |`,
    );
  if (list.length > shown.length) {
    const rest = list.slice(top);
    const raw = rest.reduce((t, r) => t + r.raw, 0);
    console.log(
      `| (${rest.length} more) | ${byModule ? "" : " | "}${kb(raw)} | ${kb((total.gzip * raw) / total.raw)} | |`,
    );
  }
}

try {
  await build({
    configFile: join(root, "web/vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, sourcemap: "hidden" },
  });
  const seen = entryChunks(outDir);
  const assets = readdirSync(join(outDir, "assets")).filter((f) => f.endsWith(".js"));
  for (const name of extraChunks) {
    const hits = assets.filter((f) => f.startsWith(`${name}-`));
    if (hits.length === 0) console.warn(`no chunk named ${name}-*.js`);
    for (const f of hits) seen.add(`assets/${f}`);
  }
  for (const file of seen) if (gz(readFileSync(join(outDir, file))) > 1024) report(file);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
