#!/usr/bin/env node
// Search at a million posts: every kind of query, common words included.
//
//   flock /tmp/agora-heavy.lock node bench/search/run.mjs [--posts 1000000] [--requests 200] [--reuse]
//
// 1. Builds a local D1 with the real migrations in BENCH_STATE (default /tmp/agora-search-bench) and
//    loads a Zipf-distributed corpus straight into its file with node:sqlite (corpus.mjs): the
//    schema's triggers fill the FTS tables as they would for any write. --reuse keeps a loaded state.
// 2. SQL: runs `findIds`, the planning and the statements `search()` uses (imported as is from
//    worker/src/features/search/fts.ts and fts-queries.ts), with node:sqlite on that file.
// 3. Server: starts the local server on BENCH_PORT (8803) with that state and times GET /api/v1/search
//    one request at a time, queries taking turns: the Worker's own time (Server-Timing, D1 calls and
//    hydration included) and the client's, beside /api/health for the cost of local HTTP.
import { createHash, pbkdf2Sync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { assetsDirFor, run, startServer } from "../../scripts/server.mjs";
import { findIds } from "../../worker/src/features/search/fts.ts";
import { FTS_SOURCES, RANK_LIMIT } from "../../worker/src/features/search/fts-queries.ts";
import { d1File } from "../feed/load.mjs";
import { rng, seedCorpus, vocabulary } from "./corpus.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) =>
      a.startsWith("--") ? [a.slice(2), all[i + 1]?.startsWith("--") ? "1" : (all[i + 1] ?? "1")] : null,
    )
    .filter(Boolean),
);
const POSTS = Number(args.posts ?? 1_000_000);
const SIZES = {
  posts: POSTS,
  comments: Math.round(POSTS / 4),
  users: 50_000,
  communities: 2_000,
  vocabulary: 50_000,
};
const REQUESTS = Number(args.requests ?? 200);
const WARMUP = 20;
const SQL_RUNS = 200;
const STATE = process.env.BENCH_STATE ?? "/tmp/agora-search-bench";
const PORT = Number(process.env.BENCH_PORT ?? 8803);
const MARKER = `${STATE}/search-bench.json`;
const say = (m) => console.log(`[search bench] ${m}`);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
};

/** A password hash in lib/password.ts's format, so the benchmark can log in as its first user. */
function passwordHash(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${hash.toString("base64")}`;
}

const migrate = () =>
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], {
    env: { ...process.env, CI: "true" },
    stdio: "ignore",
  });

function prepareState() {
  const fingerprint = createHash("sha256").update(JSON.stringify(SIZES)).digest("hex").slice(0, 12);
  if (
    args.reuse &&
    existsSync(MARKER) &&
    JSON.parse(readFileSync(MARKER, "utf8")).fingerprint === fingerprint
  ) {
    say(`reusing the corpus in ${STATE}`);
    // Migrations added since the corpus was loaded apply to it now, before anything is timed.
    migrate();
    return;
  }
  rmSync(STATE, { recursive: true, force: true });
  migrate();
  const started = Date.now();
  say(
    `loading ${SIZES.posts.toLocaleString("en")} posts, ${SIZES.comments.toLocaleString("en")} comments, ${SIZES.users.toLocaleString("en")} people, ${SIZES.communities.toLocaleString("en")} communities`,
  );
  seedCorpus(d1File(STATE), SIZES, (line) => say(`  ${line}`));
  const db = new DatabaseSync(d1File(STATE));
  db.prepare("UPDATE users SET password_hash = ? WHERE id = 1").run(passwordHash("password"));
  db.close();
  say(`loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  writeFileSync(MARKER, JSON.stringify({ fingerprint, sizes: SIZES }));
}

/** Words by how many posts hold them, read from the index itself. */
function pickWords(file) {
  const words = vocabulary(SIZES.vocabulary, rng(7));
  const db = new DatabaseSync(file, { readOnly: true });
  const count = db.prepare("SELECT count(*) AS n FROM micropost_fts WHERE micropost_fts MATCH ?1");
  const docs = (w) => Number(count.get(`"${w}"`).n);
  // The hardest word to rank: as many matches as the ranked plan takes (just under RANK_LIMIT).
  let edge = null;
  for (let rank = 3000; rank < 20_000 && !edge; rank += 50) {
    const n = docs(words[rank]);
    if (n <= RANK_LIMIT && n > RANK_LIMIT * 0.9) edge = { word: words[rank], n };
  }
  const picked = {
    common: words[0],
    second: words[1],
    second2: words[59],
    frequent: words[49],
    edge: edge?.word ?? words[6000],
    rare: words[40_000],
    counts: { common: docs(words[0]), frequent: docs(words[49]), edge: edge?.n, rare: docs(words[40_000]) },
  };
  db.close();
  return picked;
}

function queries(w) {
  const hostile = `"${w.common}" OR NEAR(${w.common} ${w.second}) title:* '; DROP TABLE users; --`;
  return [
    ["posts: the most common word", { q: w.common }],
    ["posts: two very common words", { q: `${w.common} ${w.second}` }],
    ["posts: a frequent word (rank 50)", { q: w.frequent }],
    [`posts: ~${RANK_LIMIT} matches, ranked (worst case of bm25)`, { q: w.edge }],
    ["posts: a rare word", { q: w.rare }],
    ["posts: a common and a rare word", { q: `${w.common} ${w.rare}` }],
    ["posts: two frequent words", { q: `${w.frequent} ${w.second2}` }],
    ["posts: no match", { q: "qzxwvut" }],
    ["posts: hostile text (quotes, OR, NEAR, column, SQL)", { q: hostile }],
    ["posts: most common word, page 100 (skip 990)", { q: w.common, skip: 990 }],
    ["posts: most common word, signed in with 50 blocks", { q: w.common }, "signed-in"],
    ["comments: the most common word", { q: w.common, type: "comments" }],
    ["comments: a rare word", { q: w.rare, type: "comments" }],
    ["communities: prefix of many names (c1…)", { q: "c1", type: "communities" }],
    ["communities: a word of descriptions", { q: w.frequent, type: "communities" }],
    ["communities: no text (Find More)", { type: "communities" }],
    ["users: prefix of many usernames (user1…)", { q: "user1", type: "users" }],
    ["users: a word of names", { q: w.frequent, type: "users" }],
  ];
}

/** `findIds` — what search() runs against the index — timed in node:sqlite on the same file. */
async function timeSql(file, list) {
  const db = new DatabaseSync(file, { readOnly: true });
  const statements = new Map();
  const exec = async (sql, params) => {
    if (!statements.has(sql)) statements.set(sql, db.prepare(sql));
    return statements.get(sql).all(...params);
  };
  const out = new Map();
  for (const [name, params] of list) {
    const source = FTS_SOURCES[params.type ?? "posts"];
    const samples = [];
    let found = null;
    for (let i = 0; i < WARMUP + SQL_RUNS; i++) {
      const t = performance.now();
      found = await findIds(exec, source, params.q ?? "", { skip: params.skip ?? 0, limit: 10 });
      if (i >= WARMUP) samples.push(performance.now() - t);
    }
    out.set(name, found === null ? null : { ...summary(samples), order: found.order, total: found.total });
  }
  db.close();
  return out;
}

async function timed(url, token) {
  const t = performance.now();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const server = /dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1];
  return {
    ms,
    server: server === undefined ? Number.NaN : Number(server),
    total: res.headers.get("content-length"),
  };
}

async function main() {
  prepareState();
  const file = d1File(STATE);
  const words = pickWords(file);
  say(`words: ${JSON.stringify(words)}`);
  const list = queries(words);
  say(`timing the SQL (${SQL_RUNS} runs each)`);
  const sql = await timeSql(file, list);

  say(`starting the server on ${PORT}`);
  const server = await startServer({
    port: PORT,
    persistTo: STATE,
    assetsDir: assetsDirFor("bench"),
    seed: false,
    quiet: true,
  });
  try {
    const base = server.base;
    const login = await fetch(`${base}/api/v1/user/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "user1", password: "password" }),
    });
    const { access_token: token } = await login.json();
    if (!token) throw new Error("could not log in as user1");
    const endpoints = [
      ["health", "/api/health", null],
      ...list.map(([name, params, who]) => [
        name,
        `/api/v1/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
        who === "signed-in" ? token : null,
      ]),
    ];
    const client = new Map(endpoints.map(([n]) => [n, []]));
    const inWorker = new Map(endpoints.map(([n]) => [n, []]));
    say(`${WARMUP} warm-up rounds, then ${REQUESTS} requests per query, one at a time, taking turns`);
    for (let round = 0; round < WARMUP + REQUESTS; round++) {
      for (const [name, path, auth] of endpoints) {
        const r = await timed(`${base}${path}`, auth);
        if (round < WARMUP) continue;
        client.get(name).push(r.ms);
        if (!Number.isNaN(r.server)) inWorker.get(name).push(r.server);
      }
    }

    const f = (n) => (n === undefined || Number.isNaN(n) ? "–" : n.toFixed(2));
    const rows = endpoints.map(([name]) => {
      const s = sql.get(name);
      const w = inWorker.get(name).length ? summary(inWorker.get(name)) : {};
      const c = summary(client.get(name));
      return `| ${name} | ${s ? `${s.order}, ${s.total.toLocaleString("en")}` : "–"} | ${f(s?.p50)} | ${f(s?.p99)} | ${f(w.p50)} | ${f(w.p99)} | ${f(c.p50)} | ${f(c.p99)} |`;
    });
    const worstSql = Math.max(...[...sql.values()].filter(Boolean).map((s) => s.p99));
    const lines = [
      "# Search benchmark results",
      "",
      `${new Date().toISOString()} · \`node bench/search/run.mjs --posts ${POSTS} --requests ${REQUESTS}\` · ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load ${loadavg()[0].toFixed(2)} · wrangler dev (local workerd + D1)`,
      "",
      `Data: ${SIZES.posts.toLocaleString("en")} published posts, ${SIZES.comments.toLocaleString("en")} comments, ${SIZES.users.toLocaleString("en")} people, ${SIZES.communities.toLocaleString("en")} communities; words drawn from a ${SIZES.vocabulary.toLocaleString("en")}-word Zipf vocabulary. Posts holding each word: the most common ${words.counts.common.toLocaleString("en")}, rank 50 ${words.counts.frequent.toLocaleString("en")}, the ranking edge ${words.counts.edge?.toLocaleString("en") ?? "?"}, the rare one ${words.counts.rare.toLocaleString("en")}.`,
      "",
      `- **SQL**: \`findIds\` — everything \`search()\` asks of the index: the word counts, the match count, the page — imported from \`worker/src/features/search/fts.ts\` and run with node:sqlite on the same database file, ${SQL_RUNS} runs after ${WARMUP} warm-up runs.`,
      `- **Worker**: \`Server-Timing\` of GET /api/v1/search — the whole search inside the Worker, every D1 call and the hydration of the page included — ${REQUESTS} requests after ${WARMUP} warm-up rounds, one at a time, queries taking turns.`,
      "- **Client**: the same requests timed by the client (request sent → body read), local HTTP included; `health` is the floor.",
      "",
      "| Query | plan, results | SQL p50 | SQL p99 | Worker p50 | Worker p99 | client p50 | client p99 |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      `Worst SQL p99: ${worstSql.toFixed(2)} ms (goal ≤ 10 ms: ${worstSql <= 10 ? "met" : "NOT met"}).`,
      "",
    ];
    const text = lines.join("\n");
    console.log(`\n${text}`);
    writeFileSync(new URL("./results.md", import.meta.url), text);
  } finally {
    server.stop();
  }
}

await main();
