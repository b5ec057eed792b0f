#!/usr/bin/env node
// Feed benchmark: a million posts and a 5,000-comment thread, then the p50 and p99 of the
// feed (page 1 and page 400), a post, and its comment list, beside /api/health, in one run against
// the server `bun run dev` starts (scripts/server.mjs: local migrations, the Workers in Miniflare, demo seed).
//
//   flock /tmp/agora-heavy.lock node bench/feed/run.mjs [--posts 1000000] [--requests 300] [--reuse]
//
// BENCH_PORT (8802) and BENCH_STATE (/tmp/agora-feed-bench) choose the port and the state directory.
// --reuse keeps an already loaded state directory (the load takes most of the run). A custom feed
// of the 100 bench communities (docs/decisions/149) is read beside one community's page, at page 1
// and page 50, both reached through next_cursor. Requests go one
// at a time, the endpoints taking turns, so they all see the same machine. Each page is timed as a
// visitor's repeat read (the isolate's kept answer, docs/decisions/128) and from D1 (sent with
// `Cache-Control: no-cache`). Results are printed and written to bench/feed/results.md.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { assetsDirFor, startServer } from "../../scripts/server.mjs";
import { addBenchFeed, BENCH_FEED, d1File, loadFeedData } from "./load.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) =>
      a.startsWith("--")
        ? [a.slice(2), all[i + 1]?.startsWith("--") ? "true" : (all[i + 1] ?? "true")]
        : null,
    )
    .filter(Boolean),
);
const POSTS = Number(args.posts ?? 1_000_000);
const REQUESTS = Number(args.requests ?? 300);
const WARMUP = 30;
const PAGE = 400;
/** The custom feed's deep page, against one community's. */
const FEED_PAGE = 50;
const FEED_LIMIT = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8802);
const STATE = process.env.BENCH_STATE ?? "/tmp/agora-feed-bench";
const MARKER = `${STATE}/feed-bench.json`;
const started = Date.now();
const say = (text) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);

async function stopped(base) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/api/health`);
    } catch {
      // workerd has let go of the port; give it a moment to close the database file.
      await new Promise((r) => setTimeout(r, 1500));
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not stop");
}

async function prepare() {
  if (args.reuse && existsSync(MARKER)) {
    const loaded = JSON.parse(readFileSync(MARKER, "utf8"));
    if (loaded.requestedPosts === POSTS) {
      say(`reusing ${STATE}: ${loaded.posts.toLocaleString()} posts`);
      say(`custom feed ${BENCH_FEED}: ${addBenchFeed(d1File(STATE))} communities`);
      return loaded;
    }
  }
  rmSync(STATE, { recursive: true, force: true });
  say("migrations and demo data through the real server");
  const first = await startServer({
    port: PORT,
    persistTo: STATE,
    assetsDir: assetsDirFor("bench"),
    seed: true,
    quiet: true,
  });
  first.stop();
  await stopped(first.base);
  say(`loading ${POSTS.toLocaleString()} posts and a 5,000-comment thread into ${d1File(STATE)}`);
  const loaded = { ...loadFeedData(d1File(STATE), { posts: POSTS, log: say }), requestedPosts: POSTS };
  say(
    `loaded in ${loaded.seconds.toFixed(0)} s: ${loaded.posts.toLocaleString()} published posts, ${loaded.votes.toLocaleString()} votes`,
  );
  writeFileSync(MARKER, JSON.stringify(loaded));
  say(`custom feed ${BENCH_FEED}: ${addBenchFeed(d1File(STATE))} communities`);
  return loaded;
}

/** One request as a visitor; `fromD1` asks for the newest (`Cache-Control: no-cache`), past the kept answers. */
async function timed(base, path, fromD1 = false) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, fromD1 ? { headers: { "cache-control": "no-cache" } } : {});
  const body = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  return {
    ms,
    body,
    rowsRead: Number(res.headers.get("x-d1-rows-read") ?? Number.NaN),
    kept: res.headers.get("x-cache") === "HIT",
  };
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const loaded = await prepare();
  say(`starting the server on port ${PORT}`);
  const server = await startServer({
    port: PORT,
    persistTo: STATE,
    assetsDir: assetsDirFor("bench"),
    seed: true,
    quiet: true,
  });
  const base = server.base;
  try {
    // Page 400 the way the SPA reaches it: each page's next_cursor opens the next.
    say(`walking to feed page ${PAGE} (NEW and TOP) through next_cursor`);
    const cursorOf = async (option) => {
      let cursor = null;
      for (let page = 1; page < PAGE; page++) {
        const { body } = await timed(
          base,
          `/api/v1/feed?option=${option}&limit=4${cursor ? `&cursor=${cursor}` : ""}`,
        );
        cursor = JSON.parse(body).next_cursor;
      }
      return cursor;
    };
    const walkTo = async (path) => {
      let cursor = null;
      for (let page = 1; page < FEED_PAGE; page++) {
        const { body } = await timed(base, `${path}${cursor ? `&cursor=${cursor}` : ""}`);
        cursor = JSON.parse(body).next_cursor;
      }
      return cursor;
    };
    const feedPath = `/api/v1/feed/micropost/list?id=${BENCH_FEED}&limit=${FEED_LIMIT}`;
    const onePath = `/api/v1/community/micropost/list?name=bench0&limit=${FEED_LIMIT}`;
    say(`walking to page ${FEED_PAGE} of the custom feed and of one community through next_cursor`);
    const feedCursor = await walkTo(feedPath);
    const oneCursor = await walkTo(onePath);
    const newCursor = await cursorOf("new");
    const topCursor = await cursorOf("top");
    const skip = (PAGE - 1) * 4;
    const thread = loaded.threadPost;

    // Each read twice: as a visitor's repeat read (answered from the isolate's kept copy while
    // nothing changed, docs/decisions/128) and from D1 (the first visitor's read after a change).
    const pages = [
      ["feed NEW, page 1", "/api/v1/feed?option=new&limit=4"],
      [`feed NEW, page ${PAGE}`, `/api/v1/feed?option=new&limit=4&skip=${skip}&cursor=${newCursor}`],
      ["feed TOP, page 1", "/api/v1/feed?option=top&limit=4"],
      [`feed TOP, page ${PAGE}`, `/api/v1/feed?option=top&limit=4&skip=${skip}&cursor=${topCursor}`],
      ["post page", `/api/v1/micropost?public_id=${thread}`],
      [
        "comment list (5,000-comment thread), page 1",
        `/api/v1/micropost/comment/list?post_public_id=${thread}&limit=10`,
      ],
      [`feed NEW, page ${PAGE} by skip alone (no cursor)`, `/api/v1/feed?option=new&limit=4&skip=${skip}`],
      ["one community, page 1", onePath],
      [`one community, page ${FEED_PAGE}`, `${onePath}&cursor=${oneCursor}`],
      ["custom feed of 100 communities, page 1", feedPath],
      [`custom feed of 100 communities, page ${FEED_PAGE}`, `${feedPath}&cursor=${feedCursor}`],
    ];
    const endpoints = [
      ["health", "/api/health", false],
      ...pages.map(([name, path]) => [name, path, false]),
      ...pages.map(([name, path]) => [`${name}, from D1`, path, true]),
    ];
    const samples = new Map(endpoints.map(([name]) => [name, []]));
    const rows = new Map();
    const kept = new Map(endpoints.map(([name]) => [name, 0]));
    say(`warming up, then ${REQUESTS} requests per endpoint, taking turns`);
    for (let round = 0; round < WARMUP + REQUESTS; round++) {
      for (const [name, path, fromD1] of endpoints) {
        const { ms, rowsRead, kept: wasKept } = await timed(base, path, fromD1);
        if (round >= WARMUP) {
          samples.get(name).push(ms);
          if (wasKept) kept.set(name, kept.get(name) + 1);
        }
        if (!wasKept) rows.set(name, rowsRead);
      }
    }

    const stats = endpoints.map(([name, path]) => {
      const sorted = [...samples.get(name)].sort((a, b) => a - b);
      return {
        name,
        path,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
        rowsRead: rows.get(name),
        keptShare: kept.get(name) / sorted.length,
      };
    });
    const by = (name) => stats.find((s) => s.name === name);
    const health = by("health");
    const feed1 = by("feed NEW, page 1");
    const feed1D1 = by("feed NEW, page 1, from D1");
    const feed400D1 = by(`feed NEW, page ${PAGE}, from D1`);
    const goals = [
      [`feed p50 within 1.5× of health, a visitor's repeat read`, feed1.p50 / health.p50, 1.5],
      [`feed p50 within 1.5× of health, from D1`, feed1D1.p50 / health.p50, 1.5],
      [`page ${PAGE} p50 within 1.1× of page 1, from D1`, feed400D1.p50 / feed1D1.p50, 1.1],
      [
        "custom feed of 100 communities p50 within 1.2× of one community's page, page 1, from D1",
        by("custom feed of 100 communities, page 1, from D1").p50 / by("one community, page 1, from D1").p50,
        1.2,
      ],
      [
        `custom feed of 100 communities p50 within 1.2× of one community's page, page ${FEED_PAGE}, from D1`,
        by(`custom feed of 100 communities, page ${FEED_PAGE}, from D1`).p50 /
          by(`one community, page ${FEED_PAGE}, from D1`).p50,
        1.2,
      ],
    ];

    const f = (ms) => ms.toFixed(2);
    const lines = [
      `# Feed benchmark results`,
      ``,
      `${new Date().toISOString()} · \`node bench/feed/run.mjs --posts ${POSTS} --requests ${REQUESTS}\` · ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load ${loadavg()[0].toFixed(2)} · the Workers in Miniflare (local workerd + D1, docs/decisions/123)`,
      ``,
      `Data: ${loaded.posts.toLocaleString()} published posts (${Math.round(POSTS / 100).toLocaleString()} of them with real votes, ${loaded.votes.toLocaleString()} votes), a thread of ${loaded.threadComments.toLocaleString()} comments, plus the demo data. ${REQUESTS} timed requests per endpoint after ${WARMUP} warm-up rounds, one at a time, endpoints taking turns; times are client-side (request sent → body read) in ms.`,
      ``,
      `| Endpoint | p50 ms | p99 ms | mean ms | D1 rows read | from the kept copy |`,
      `|---|---:|---:|---:|---:|---:|`,
      ...stats.map(
        (s) =>
          `| ${s.name} | ${f(s.p50)} | ${f(s.p99)} | ${f(s.mean)} | ${s.rowsRead === undefined || Number.isNaN(s.rowsRead) ? "–" : s.rowsRead} | ${Math.round(100 * s.keptShare)}% |`,
      ),
      ``,
      `| Goal | Measured | Target | |`,
      `|---|---:|---:|---|`,
      ...goals.map(
        ([goal, ratio, limit]) =>
          `| ${goal} | ${ratio.toFixed(2)}× | ≤ ${limit}× | ${ratio <= limit ? "met" : "NOT met"} |`,
      ),
      ``,
    ];
    const text = lines.join("\n");
    console.log(`\n${text}`);
    writeFileSync(new URL("./results.md", import.meta.url), text);
    say("done");
  } finally {
    server.stop();
  }
}

await main();
