// Times the comment page's statement (`commentTree`) alone in workerd's D1, against a copy of a
// bench database: `bun bench/comment-sql.mjs <path to Agora's D1 .sqlite> [requests]`.
// Each request runs the statement once; p50 over the requests, client-side, in ms.

import { Database as Sqlite } from "bun:sqlite";
import { timeInTurns, workerOnCopy } from "./d1-copy.mjs";

// The comment page's statement as the Worker's own code builds it (Bun runs its TypeScript).
import { commentPageStatements } from "./recorded-statements.mjs";

const [source, countArg] = process.argv.slice(2);
const COUNT = Number(countArg ?? 400);
const local = new Sqlite(source, { readonly: true });
const thread = local
  .query(
    "SELECT m.public_id AS p FROM microposts m JOIN comments c ON c.micropost_id = m.id GROUP BY m.id ORDER BY count(*) DESC LIMIT 1",
  )
  .get().p;
const viewer = local.query("SELECT id FROM users ORDER BY id LIMIT 1").get().id;
local.close();

const statements = [];
// The statement alone: no token check folds in for the signed-in viewer.
for (const viewerId of [null, viewer])
  for (const s of await commentPageStatements(viewerId, thread, { session: false }))
    statements.push({ ...s, viewerId });

const script = `export default { async fetch(request, env) {
  const { sql, binds } = await request.json();
  const { results } = await env.DB.prepare(sql).bind(...binds).all();
  return Response.json({ rows: results.length, bytes: JSON.stringify(results).length });
} }`;
const d1 = await workerOnCopy(source, "comment-sql", script);
const { url } = d1;
// Beside them, a ten-row page read by a key range (the floor's read) and an empty statement.
statements.push({
  name: "ten-row page read",
  sql: "SELECT * FROM microposts WHERE id > ?1 ORDER BY id LIMIT 10",
  binds: [5000],
});
statements.push({ name: "SELECT 1", sql: "SELECT 1", binds: [] });
const bodies = statements.map((s) => JSON.stringify({ sql: s.sql, binds: s.binds.map((b) => b ?? null) }));
const send = async (body) => {
  const r = await fetch(url, { method: "POST", body });
  if (!r.ok) throw new Error(await r.text());
  return r.json();
};
const shapes = [];
for (const body of bodies) shapes.push(await send(body));
for (let i = 0; i < 20; i++) for (const body of bodies) await send(body);
// In turns: every statement once per pass, in a new order each pass.
const times = await timeInTurns(statements.length, COUNT, (n) => send(bodies[n]));
statements.forEach((s, n) => {
  const sorted = times[n].sort((a, b) => a - b);
  const q = (p) => sorted[Math.floor(p * (sorted.length - 1))].toFixed(2);
  const name = s.name ?? `comment page, ${s.viewerId === null ? "visitor" : "signed in"}`;
  console.log(
    `${name}: p50 ${q(0.5)} ms, p90 ${q(0.9)} ms; ${shapes[n].rows} rows, ${shapes[n].bytes} bytes; SQL ${s.sql.length} chars`,
  );
});
await d1.dispose();
