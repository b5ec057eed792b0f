import { createDeps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { publicId, slugify } from "#worker/lib/ids.ts";

// Demo media posts for `bun run dev` (the text posts, comment trees and votes come from the
// foundation's seed). Pictures are drawn here as real PNGs, so the demo needs no network and the
// files are what an upload would store.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

type Rgb = [number, number, number];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as Rgb;

/** A landscape: a sky gradient, a sun, and two ridges of hills. */
async function landscape(sky: [Rgb, Rgb], sun: Rgb, hills: [Rgb, Rgb], seed: number): Promise<Uint8Array> {
  const width = 480;
  const height = 300;
  const raw = new Uint8Array((width * 3 + 1) * height);
  const sunX = width * (0.25 + (seed % 5) * 0.1);
  const sunY = height * 0.42;
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      let color = mix(sky[0], sky[1], y / height);
      if ((x - sunX) ** 2 + (y - sunY) ** 2 < 34 ** 2) color = sun;
      const far = height * 0.62 + Math.sin(x / 53 + seed) * 18 + Math.sin(x / 17 + seed * 2) * 5;
      const near = height * 0.78 + Math.sin(x / 71 + seed * 3) * 22 + Math.sin(x / 23) * 6;
      if (y > far) color = hills[0];
      if (y > near) color = mix(hills[1], [10, 10, 20], (y - near) / height);
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw.set(
        color.map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        at,
      );
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    png.set(p, offset);
    offset += p.length;
  }
  return png;
}

const MEDIA_POSTS: Array<{
  owner: string;
  community: string;
  title: string;
  body: string;
  picture: Parameters<typeof landscape>;
  voters: string[];
  comment?: { by: string; text: string };
}> = [
  {
    owner: "carmen",
    community: "photography",
    title: "Rooftops at dusk",
    body: "<p>Ten minutes of orange light over the hills, then it was gone.</p>",
    picture: [
      [
        [255, 160, 90],
        [120, 60, 140],
      ],
      [255, 230, 160],
      [
        [90, 50, 110],
        [40, 25, 60],
      ],
      1,
    ],
    voters: ["farah", "hana", "alice", "bruno"],
    comment: { by: "farah", text: "That sky! What time was this?" },
  },
  {
    owner: "hana",
    community: "photography",
    title: "Morning fog in the valley",
    body: "",
    picture: [
      [
        [180, 210, 230],
        [235, 240, 245],
      ],
      [255, 250, 235],
      [
        [120, 150, 160],
        [70, 95, 105],
      ],
      3,
    ],
    voters: ["carmen"],
  },
  {
    owner: "edgeworks",
    community: "remotework",
    title: "Where our team worked from this month",
    body: "<p>A cabin, two coworking spaces and one very patient café.</p>",
    picture: [
      [
        [40, 60, 120],
        [200, 120, 150],
      ],
      [255, 240, 200],
      [
        [40, 70, 60],
        [20, 40, 35],
      ],
      7,
    ],
    voters: ["bruno", "dev"],
    comment: { by: "bruno", text: "The cabin wins." },
  },
];

/** Adds the demo media posts, and counts the seeded top-level comments for the comment pages. */
export async function seedPostsDemo(env: Bindings): Promise<void> {
  const { db } = createDeps(env);
  const ids = async (sql: string) =>
    new Map((await db.all<{ id: number; name: string }>({ sql })).map((r) => [r.name, r.id]));
  const users = await ids("SELECT id, username AS name FROM users");
  const communities = await ids("SELECT id, name FROM communities");
  const now = Date.now();
  for (const [i, p] of MEDIA_POSTS.entries()) {
    const owner = users.get(p.owner);
    const community = communities.get(p.community);
    if (owner === undefined || community === undefined) continue;
    const key = `seed/post-${i}.png`;
    await env.MEDIA.put(key, await landscape(...p.picture), { httpMetadata: { contentType: "image/png" } });
    const id = publicId();
    const at = now - (i * 5 + 1) * 60 * 60 * 1000;
    const statements = [
      db.prepare({
        sql: `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, post_type, total_votes,
             total_comments, total_top_comments, is_owner_verified, published_at, created_at, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'MEDIA', ?7, ?8, ?8,
             (SELECT is_staff OR is_verified_user OR is_verified_business FROM users WHERE id = ?2), ?9, ?9, ?9`,
        binds: [
          id,
          owner,
          community,
          p.title,
          p.body,
          slugify(p.title),
          p.voters.length,
          p.comment ? 1 : 0,
          at,
        ],
      }),
      db.prepare({
        sql: "INSERT INTO micropost_files (micropost_id, file, file_type) SELECT id, ?2, 'IMAGE' FROM microposts WHERE public_id = ?1",
        binds: [id, `/media/${key}`],
      }),
      db.prepare({
        sql: "UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1",
        binds: [community],
      }),
      db.prepare({
        sql: "UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1",
        binds: [owner],
      }),
      ...p.voters.flatMap((v) =>
        users.has(v)
          ? [
              db.prepare({
                sql: "INSERT INTO micropost_votes (micropost_id, user_id, created_at) SELECT id, ?2, ?3 FROM microposts WHERE public_id = ?1",
                binds: [id, users.get(v)!, at],
              }),
            ]
          : [],
      ),
    ];
    if (p.comment && users.has(p.comment.by)) {
      statements.push(
        db.prepare({
          sql: `INSERT INTO comments (public_id, micropost_id, owner_id, body, depth, created_at, updated_at)
             SELECT ?2, id, ?3, ?4, 0, ?5, ?5 FROM microposts WHERE public_id = ?1`,
          binds: [id, publicId(), users.get(p.comment.by)!, `<p>${p.comment.text}</p>`, at + 600_000],
        }),
        db.prepare({ sql: "UPDATE comments SET root_id = id WHERE root_id IS NULL AND depth = 0" }),
      );
    }
    await db.write(statements);
  }
  await db.write([
    db.prepare({
      sql: `UPDATE microposts SET total_top_comments =
         (SELECT count(*) FROM comments WHERE comments.micropost_id = microposts.id AND comments.depth = 0)`,
    }),
  ]);
}
