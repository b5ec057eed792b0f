// The floor of a page's content (docs/decisions/237): how close to the floor's ten-row read any code
// could bring a page of Agora's (the feed's page 1 and a comment page), given the statement it must run
// and the answer it must send, and how much of the rest is Agora's own handling of the request.
//
//   /work/notes/heavy node bench/content-floor.mjs [--turns 300] [--posts 100000] [--cpu-requests 600]
//
// One state of bench/feed's data (the demo data and `--posts` posts) serves:
// - Agora, as `bun run dev` serves it (scripts/server.mjs, no static assets, as bench:vs-floor);
// - the floor Worker (bench/floor/, on its own 100,000 items): its ten-row page read is
//   bench:vs-floor's unit;
// - the content's Worker: no framework at all, on a copy of Agora's D1 file (bench/d1-copy.mjs), with
//   the API Worker's compatibility date and flags, as the floor runs. For the feed's page 1 (NEW) and
//   the 5,000-comment thread's comment page, as a visitor and signed in, it sends Agora's own
//   statement (built by the Worker's code, which Bun runs, as bench/page-sql.mjs builds it) and
//   answers the very bytes Agora answers for it (read from Agora once before the turns): nothing
//   parsed, nothing built. That is the content's floor. Beside it, the same through D1's Sessions API
//   (as Agora reads), and the same with its folded rows parsed and the whole written again; and a
//   bare answer (no D1), the runtime's own.
// Every read in shuffled turns, client-side p50 over `--turns` (Node's fetch, as bench:vs-floor
// reads, `Cache-Control: no-cache`), each as a ratio of the floor's ten-row read; then each read
// `--cpu-requests` times in a row for its Worker's workerd CPU a request (/proc, bench/profile/proc.mjs:
// counted in hundredths of a second, so about ±10% at 600). What the content's floor is above 1 no
// code can take off without changing the statement or the answer; what Agora is above it is Agora's
// own handling (the framework and middleware, the token check's verdict, reading the folded rows,
// building and writing the answer). The last lines:
//
//   feed: content's floor/floor: visitor V, signed in S; agora/content's floor: visitor A, signed in B
//   comments: (the same for the comment page)
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { unstable_readConfig } from "wrangler";
import { startServer } from "../scripts/server.mjs";
import { killTree } from "./crash/crash.mjs";
import { timeInTurns, workerOnCopy } from "./d1-copy.mjs";
import { d1File, loadFeedData } from "./feed/load.mjs";
import { startFloorWorker } from "./floor/start.mjs";
import { userToken } from "./live/tokens.mjs";
import { cpuMs, workerdUnder } from "./profile/proc.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) =>
  argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback;
const TURNS = option("turns", 300);
const POSTS = option("posts", 100_000);
const say = (text) => console.error(`[content-floor] ${text}`);

const state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-content-floor-"));
say(`Agora: migrations, the bundle, the demo data and ${POSTS.toLocaleString()} posts`);
const first = await startServer({ port: 8822, persistTo: state, assetsDir: null, seed: true, quiet: true });
await killTree(first.pid);
loadFeedData(d1File(state), { posts: POSTS, log: () => {} });
const local = new DatabaseSync(d1File(state), { readOnly: true });
const viewer = Number(
  local.prepare("SELECT id FROM users WHERE username LIKE 'bench%' ORDER BY id LIMIT 1").get().id,
);
const thread = String(
  local
    .prepare(
      "SELECT m.public_id AS p FROM microposts m JOIN comments c ON c.micropost_id = m.id GROUP BY m.id ORDER BY count(*) DESC LIMIT 1",
    )
    .get().p,
);
local.close();
const agora = await startServer({
  port: 8822,
  persistTo: state,
  assetsDir: null,
  seed: false,
  quiet: true,
  migrated: true,
});
const token = userToken(viewer);

// The statements of the feed's page 1 (NEW) and the thread's comment page, visitor and viewer, as the
// Worker's own code builds them (Bun runs its TypeScript).
const built = spawnSync(
  "bun",
  [new URL("./recorded-statements.mjs", import.meta.url).pathname, String(viewer), thread],
  {
    encoding: "utf8",
  },
);
if (built.status !== 0) throw new Error(`building the statements: ${built.stderr}`);
const statements = JSON.parse(built.stdout);

const read = async (url, headers = {}) => {
  const res = await fetch(url, { headers: { "cache-control": "no-cache", ...headers } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return body;
};
const FEED = "/api/v1/feed?option=new&limit=10";
const signedIn = { authorization: `Bearer ${token}` };
const COMMENTS = `/api/v1/micropost/comment/list?post_public_id=${thread}&limit=10`;
const answers = {
  visitor: await read(agora.base + FEED),
  signed: await read(agora.base + FEED, signedIn),
  "comments-visitor": await read(agora.base + COMMENTS),
  "comments-signed": await read(agora.base + COMMENTS, signedIn),
};

// The content's Worker: a copy of the D1 file taken after Agora's first reads.
const copy = join(state, "content-copy.sqlite");
copyFileSync(d1File(state), copy);
const script = `
const FLOOR = "SELECT id, title, body, total_votes AS score, created_at FROM microposts WHERE id <= ?1 ORDER BY id DESC LIMIT 10";
let kept = null;
export default { async fetch(request, env) {
  const url = new URL(request.url);
  if (request.method === "POST") { kept = await request.json(); return new Response("kept"); }
  if (url.pathname === "/bare") return Response.json({ ok: true });
  if (url.pathname === "/d1-page") {
    const { results } = await env.DB.prepare(FLOOR).bind(Number(url.searchParams.get("below") ?? 1000000)).all();
    return Response.json({ list: results });
  }
  const [who, how] = url.pathname.slice(1).split("/");
  const { statements, answer } = kept[who];
  // "session": through D1's Sessions API, as Agora reads (worker/src/db/database.ts).
  const db = how === "session" ? env.DB.withSession("first-unconstrained") : env.DB;
  const [result] = await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.binds)));
  if (how !== "parsed") return new Response(answer, { headers: { "content-type": "application/json" } });
  // "parsed": every folded column read as JSON and the whole written again (what any code that
  // looks at the rows does at least), the answer as long as Agora's.
  const row = result.results[0];
  const read = {};
  for (const [name, value] of Object.entries(row))
    read[name] = typeof value === "string" && value[0] === "[" ? JSON.parse(value) : value;
  const text = JSON.stringify(read);
  return new Response(answer.length > text.length ? answer : text, { headers: { "content-type": "application/json" } });
} }`;
// With the API Worker's compatibility date and flags, as the floor Worker runs (bench/floor/start.mjs).
const config = unstable_readConfig({ config: new URL("../wrangler.toml", import.meta.url).pathname });
const content = await workerOnCopy(copy, "content-floor", script, {
  compatibilityDate: config.compatibility_date,
  compatibilityFlags: config.compatibility_flags,
});
const contentPids = workerdUnder(process.pid, [agora.pid]);
await fetch(content.url, {
  method: "POST",
  body: JSON.stringify(
    Object.fromEntries(
      Object.keys(answers).map((k) => [k, { statements: statements[k], answer: answers[k] }]),
    ),
  ),
});

const base = String(content.url).replace(/\/$/, "");
say("the floor Worker and its 100,000 items");
const floorWorker = await startFloorWorker({ port: 8823, persistTo: join(state, "floor"), items: 100_000 });
// Each Worker's workerd process, for its CPU: Agora's under its server, the other two under this one.
const agoraPids = workerdUnder(agora.pid);
const floorPids = workerdUnder(process.pid, [agora.pid]).filter((pid) => !contentPids.includes(pid));
say(`workerd: Agora ${agoraPids}, the content's Worker ${contentPids}, the floor ${floorPids}`);
const cases = [
  {
    name: "the floor's ten-row page read (bench:vs-floor's unit)",
    pids: floorPids,
    run: () => read(`${floorWorker.base}/d1-page`),
  },
  {
    name: "the content's Worker: the same read on Agora's posts",
    pids: contentPids,
    run: () => read(`${base}/d1-page`),
  },
  { name: "the content's Worker: a bare answer, no D1", pids: contentPids, run: () => read(`${base}/bare`) },
  { name: "Agora: /api/health, no D1", pids: agoraPids, run: () => read(`${agora.base}/api/health`) },
];
const pairs = {};
for (const [page, path, title] of [
  ["", FEED, "feed NEW page 1"],
  ["comments-", COMMENTS, "comment page (5,000-comment thread)"],
]) {
  for (const [who, label, headers] of [
    ["visitor", "visitor", {}],
    ["signed", "signed in", signedIn],
  ]) {
    const key = page + who;
    pairs[key] = { content: cases.length, agora: cases.length + 3 };
    cases.push(
      {
        key,
        name: `${title}, ${label}: the content's floor`,
        pids: contentPids,
        run: () => read(`${base}/${key}/plain`),
      },
      {
        key,
        name: `${title}, ${label}: the same through D1's Sessions API`,
        pids: contentPids,
        run: () => read(`${base}/${key}/session`),
      },
      {
        key,
        name: `${title}, ${label}: the same, its rows parsed and written`,
        pids: contentPids,
        run: () => read(`${base}/${key}/parsed`),
      },
      {
        key,
        name: `${title}, ${label}: Agora`,
        pids: agoraPids,
        run: () => read(agora.base + path, headers),
      },
    );
  }
}
const bytes = [];
for (const c of cases) bytes.push((await c.run()).length);
say(`warming up, then ${TURNS} turns`);
for (let i = 0; i < 30; i++) for (const c of cases) await c.run();
const times = await timeInTurns(cases.length, TURNS, (n) => cases[n].run());
// Then CPU: each read alone, `--cpu-requests` times in a row, its Worker's workerd CPU over them.
const CPU_REQUESTS = option("cpu-requests", 600);
say(`CPU: ${CPU_REQUESTS} of each read in a row`);
const cpu = [];
for (const c of cases) {
  const before = cpuMs(c.pids);
  for (let i = 0; i < CPU_REQUESTS; i++) await c.run();
  cpu.push((cpuMs(c.pids) - before) / CPU_REQUESTS);
}
const p50 = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const medians = times.map(p50);
const floor = medians[0];
console.log(`| read | statements | answer KB | p50 ms | ÷ ten-row read | CPU ms a request |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
cases.forEach((c, n) => {
  const count = c.key ? statements[c.key].length : "";
  console.log(
    `| ${c.name} | ${count} | ${(bytes[n] / 1024).toFixed(1)} | ${medians[n].toFixed(2)} | ${(medians[n] / floor).toFixed(2)} | ${cpu[n].toFixed(2)} |`,
  );
});
const ratio = (a, b) => (medians[a] / medians[b]).toFixed(2);
const both = (page, of) =>
  `visitor ${ratio(pairs[`${page}visitor`][of], of === "content" ? 0 : pairs[`${page}visitor`].content)}, ` +
  `signed in ${ratio(pairs[`${page}signed`][of], of === "content" ? 0 : pairs[`${page}signed`].content)}`;
console.log(
  `\nfeed: content's floor/floor: ${both("", "content")}; agora/content's floor: ${both("", "agora")}` +
    `\ncomments: content's floor/floor: ${both("comments-", "content")}; agora/content's floor: ${both("comments-", "agora")}`,
);
await content.dispose();
await floorWorker.mf.dispose();
await killTree(agora.pid);
rmSync(state, { recursive: true, force: true });
