// Times the one statement a feed page sends (ADR 234) in workerd's D1, against a copy of a bench
// database: `bun bench/page-sql.mjs <path to Agora's D1 .sqlite> [turns]` (a state of
// bench:vs-floor or bench:feed; the ".sqlite" under its `d1/miniflare-D1DatabaseObject`).
//
// Each turn sends, in a new shuffled order: the feed's page 400 (NEW, by its cursor) as a visitor
// and signed in (the token check folded in), each once with the text the Worker sends every time
// and once made a new text (a comment with a counter: what a value written into the SQL does, as
// workerd keeps a prepared statement per text), beside `SELECT 1` and the floor's ten-row read.
// p50 over the turns, client-side, in ms, and each one's excess over `SELECT 1`.

import { Database as Sqlite } from "bun:sqlite";
import { timeInTurns, workerOnCopy } from "./d1-copy.mjs";
import { feedPageStatements } from "./recorded-statements.mjs";

const [source, turnsArg] = process.argv.slice(2);
if (!source) throw new Error("usage: bun bench/page-sql.mjs <Agora's D1 .sqlite> [turns]");
const TURNS = Number(turnsArg ?? 500);
const local = new Sqlite(source, { readonly: true });
const viewer = local.query("SELECT id FROM users ORDER BY id LIMIT 1").get().id;
const deep = local
  .query(
    "SELECT published_at AS p, id FROM microposts WHERE is_draft = 0 ORDER BY published_at DESC, id DESC LIMIT 1 OFFSET 3990",
  )
  .get();
local.close();

const cases = [];
for (const [who, viewerId] of [
  ["visitor", null],
  ["signed in", viewer],
]) {
  const statements = await feedPageStatements(viewerId, [deep.p, deep.id]);
  cases.push({ name: `feed page 400, ${who}`, statements });
  cases.push({ name: `feed page 400, ${who}, a new text each time`, statements, fresh: true });
}
cases.push({ name: "SELECT 1", statements: [{ sql: "SELECT 1" }] });
cases.push({
  name: "the floor's ten-row read",
  statements: [
    {
      sql: "SELECT id, title, body, total_votes, created_at FROM microposts WHERE id <= ?1 ORDER BY id DESC LIMIT 10",
      binds: [100_000],
    },
  ],
});

const script = `export default { async fetch(request, env) {
  const list = await request.json();
  const results = await env.DB.batch(list.map(({ sql, binds }) => env.DB.prepare(sql).bind(...binds)));
  return Response.json(results.map((r) => r.results));
} }`;
const d1 = await workerOnCopy(source, "page-sql", script);
const { url } = d1;

let counter = 0;
const bodyOf = ({ statements, fresh }) =>
  JSON.stringify(
    statements.map((s, i) => ({
      sql: fresh && i === 0 ? `${s.sql} /* ${counter++} */` : s.sql,
      binds: (s.binds ?? []).map((b) => b ?? null),
    })),
  );
const send = async (c) => {
  const res = await fetch(url, { method: "POST", body: bodyOf(c) });
  const text = await res.text();
  if (!res.ok) throw new Error(text);
  return text.length;
};
const bytes = [];
for (const c of cases) bytes.push(await send(c));
for (let i = 0; i < 30; i++) for (const c of cases) await send(c);
const times = await timeInTurns(cases.length, TURNS, (n) => send(cases[n]));
const p50 = (list) => list.sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const base = p50(times[cases.findIndex((c) => c.name === "SELECT 1")]);
console.log(`| statement | statements | SQL KB | answer KB | p50 ms | over SELECT 1 ms |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
cases.forEach((c, n) => {
  const sqlKb = c.statements.reduce((sum, s) => sum + s.sql.length, 0) / 1024;
  const median = p50(times[n]);
  console.log(
    `| ${c.name} | ${c.statements.length} | ${sqlKb.toFixed(1)} | ${(bytes[n] / 1024).toFixed(1)} | ${median.toFixed(2)} | ${(median - base).toFixed(2)} |`,
  );
});
await d1.dispose();
