#!/usr/bin/env node
// What an answer's size and encoding cost the reader (docs/decisions/235): Agora's feed page (11.5 KB
// of JSON) and the floor's ten-row page read (2.9 KB), each read as bench:vs-floor reads them (Node's
// fetch, which asks for gzip and inflates the answer) and three other ways, in shuffled turns:
//
//   /work/notes/heavy node bench/answer-encoding.mjs [--turns 200]
//
// - fetch, gzip: as bench:vs-floor reads (Miniflare compresses a JSON answer as Cloudflare's edge
//   does when the reader accepts gzip; fetch inflates it);
// - fetch, identity: the same reader asking for no encoding;
// - http, gzip: node:http on a kept-alive socket, the gzip bytes read and not inflated (the Worker's
//   side and the wire alone);
// - http, identity: the same, no encoding.
// p50 ms of each, client-side. Agora runs as `bun run dev` serves it (scripts/server.mjs) on a state
// of 100,000 posts (bench/feed/load.mjs); the floor is bench/floor/worker.js on 100,000 items.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../scripts/server.mjs";
import { killTree } from "./crash/crash.mjs";
import { d1File, loadFeedData } from "./feed/load.mjs";
import { startFloorWorker } from "./floor/start.mjs";

const argv = process.argv.slice(2);
const TURNS = Number(argv[argv.indexOf("--turns") + 1] || 200);
const state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-encoding-"));
const say = (text) => console.error(`[encoding] ${text}`);

say("Agora: migrations, the bundle, the demo data and 100,000 posts");
const agoraDir = join(state, "agora");
const first = await startServer({
  port: 8818,
  persistTo: agoraDir,
  assetsDir: null,
  seed: true,
  quiet: true,
});
await killTree(first.pid);
loadFeedData(d1File(agoraDir), { posts: 100_000, log: () => {} });
const agora = await startServer({
  port: 8818,
  persistTo: agoraDir,
  assetsDir: null,
  seed: false,
  quiet: true,
  migrated: true,
});

say("the floor Worker and its 100,000 items");
const { mf: floor, base: floorBase } = await startFloorWorker({
  port: 8819,
  persistTo: join(state, "floor"),
  items: 100_000,
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** node:http, the answer's bytes read as they come (gzip left compressed). */
const viaHttp = (url, encoding) =>
  new Promise((resolve, reject) => {
    const at = performance.now();
    const req = http.get(
      url,
      { agent, headers: { "cache-control": "no-cache", "accept-encoding": encoding } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk) => {
          bytes += chunk.length;
        });
        res.on("end", () =>
          resolve({ ms: performance.now() - at, bytes, encoding: res.headers["content-encoding"] }),
        );
      },
    );
    req.on("error", reject);
  });
/** Node's fetch, as bench:vs-floor reads: the answer inflated and read as text. */
const viaFetch = async (url, encoding) => {
  const headers = { "cache-control": "no-cache" };
  if (encoding) headers["accept-encoding"] = encoding;
  const at = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - at, bytes: text.length, encoding: res.headers.get("content-encoding") };
};

const pages = [
  ["Agora, feed NEW page 1", `${agora.base}/api/v1/feed?option=new&limit=10`],
  ["floor, ten-row page read", `${floorBase}/d1-page`],
];
const ways = [
  ["fetch, gzip (bench:vs-floor)", (url) => viaFetch(url)],
  ["fetch, identity", (url) => viaFetch(url, "identity")],
  ["http, gzip not inflated", (url) => viaHttp(url, "gzip")],
  ["http, identity", (url) => viaHttp(url, "identity")],
];
const cases = pages.flatMap(([page, url]) =>
  ways.map(([way, read]) => ({ page, way, run: () => read(url) })),
);
for (let i = 0; i < 20; i++) for (const c of cases) await c.run();
const times = cases.map(() => []);
const seen = [];
for (let turn = 0; turn < TURNS; turn++) {
  for (const n of cases.map((_, k) => k).sort(() => Math.random() - 0.5)) {
    const { ms, bytes, encoding } = await cases[n].run();
    times[n].push(ms);
    seen[n] = `${bytes} bytes${encoding ? `, ${encoding}` : ""}`;
  }
}
const p50 = (list) => list.sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
console.log(`| read | way | body as read | p50 ms |`);
console.log(`|---|---|---|---:|`);
cases.forEach((c, n) => {
  console.log(`| ${c.page} | ${c.way} | ${seen[n]} | ${p50(times[n]).toFixed(2)} |`);
});

agent.destroy();
await floor.dispose();
await killTree(agora.pid);
rmSync(state, { recursive: true, force: true });
