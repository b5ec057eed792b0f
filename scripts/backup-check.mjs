#!/usr/bin/env node
// The export → restore steps of README "Backups and restore", run end to end against local state,
// each wrangler command the same as the production one with `--local` for `--remote`:
//
//   1. a server with the demo data ("production"); its search answers are kept, then it stops;
//   2. `wrangler d1 export --no-schema` of every table but the full-text search indexes;
//   3. the file split in two: the rows, and the trigger-kept `site_counters` (loaded last);
//   4. a fresh database: `wrangler d1 migrations apply`;
//   5. `wrangler d1 execute --file` of the rows (the search triggers index them as they go in),
//      then of the counters (which first empties what the triggers counted);
//   6. checks: every table's rows byte-equal (each value as SQL `quote()`s it), every counter equal
//      to its rows (COUNTER_CHECKS of the crash bench), the search indexes' integrity check, and a
//      server on the restored database answering every search as "production" did.
//
//   flock /tmp/agora-heavy.lock env BENCH_PORT=8808 bun run backup:check
//
// Exit code 1 when anything differs. Everything lives in a throwaway folder under /tmp.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { COUNTER_CHECKS, killTree } from "../bench/crash/crash.mjs";
import { d1File } from "../bench/feed/load.mjs";
import { assetsDirFor, startServer } from "./server.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const CONFIG = join(ROOT, "wrangler.toml");
const port = Number(process.env.BENCH_PORT ?? 8808);
const work = mkdtempSync(join(tmpdir(), "agora-backup-"));
// `wrangler d1 export --local` has no --persist-to: it reads `.wrangler/state` next to the config it
// is given, so "production" lives there, under a copy of wrangler.toml.
const prod = join(work, "prod");
const prodState = join(prod, ".wrangler", "state");
const restoredState = join(work, "restored", "state");
const dump = join(work, "agora-export.sql");
const rowsFile = join(work, "agora-rows.sql");
const countersFile = join(work, "agora-counters.sql");
mkdirSync(prod, { recursive: true });
copyFileSync(CONFIG, join(prod, "wrangler.toml"));

/**
 * The tables the export names, as README has it: all but the FTS5 search indexes and their shadow
 * tables, SQLite's and D1's own, and d1_migrations (the migrations write it).
 */
const TABLES_SQL =
  "SELECT name FROM sqlite_master m WHERE type = 'table' AND name NOT GLOB 'sqlite_*' AND name NOT GLOB '_cf_*' " +
  "AND name <> 'd1_migrations' AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.sql GLOB 'CREATE VIRTUAL TABLE*' " +
  "AND (m.name = v.name OR m.name GLOB v.name || '_*'))";

/** Tables loaded after every other one, because INSERT triggers of other tables write them. */
const LOADED_LAST = ["site_counters"];

const timings = {};
function wrangler(step, args) {
  const started = performance.now();
  const r = spawnSync("wrangler", args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "true" } });
  timings[step] = (timings[step] ?? 0) + (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function open(state, readOnly = true) {
  return new DatabaseSync(d1File(state), { readOnly });
}

/** The schema as D1 holds it: plain tables, the FTS5 tables, and what their triggers write. */
function schemaOf(db) {
  const all = db.prepare("SELECT name, type, tbl_name, sql FROM sqlite_master").all();
  const tables = all.filter((t) => t.type === "table");
  const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
  const isFts = (n) => virtual.some((v) => n === v || n.startsWith(`${v}_`));
  const plain = tables
    .map((t) => t.name)
    .filter((n) => !n.startsWith("sqlite_") && !n.startsWith("_cf_") && n !== "d1_migrations" && !isFts(n))
    .sort();
  // Plain tables that a trigger on INSERT into another table writes (FTS indexes aside; an upsert's
  // "DO UPDATE SET" is not a table).
  const triggerWritten = new Set();
  for (const t of all.filter((x) => x.type === "trigger" && /\bAFTER\s+INSERT\b/i.test(x.sql))) {
    for (const m of t.sql.matchAll(/\b(?:INSERT\s+INTO|(?<!\bDO\s+)UPDATE|DELETE\s+FROM)\s+"?(\w+)"?/gi))
      if (m[1] !== t.tbl_name && !isFts(m[1])) triggerWritten.add(m[1]);
  }
  return { plain, virtual, triggerWritten: [...triggerWritten].sort() };
}

/** Per table: its row count and a hash of every row, each value as `quote()` writes it. */
function snapshot(state) {
  const db = open(state);
  try {
    const { plain, virtual } = schemaOf(db);
    const tables = {};
    for (const t of plain) {
      const cols = db
        .prepare(`SELECT name FROM pragma_table_info('${t}')`)
        .all()
        .map((c) => `quote("${c.name}")`);
      const rows = db.prepare(`SELECT ${cols.join(" || '|' || ")} AS r FROM "${t}" ORDER BY 1`).all();
      const hash = createHash("sha256");
      for (const { r } of rows) hash.update(`${r}\n`);
      tables[t] = { rows: rows.length, hash: hash.digest("hex").slice(0, 16) };
    }
    const drift = COUNTER_CHECKS.map(({ name, sql }) => ({ name, rows: db.prepare(sql).all() })).filter(
      (c) => c.rows.length > 0,
    );
    return { tables, virtual, drift };
  } finally {
    db.close();
  }
}

/** FTS5's own integrity check of every search index (throws on a corrupt or out-of-step index). */
function ftsIntegrity(state) {
  const db = open(state, false);
  try {
    const { virtual } = schemaOf(db);
    for (const v of virtual) db.exec(`INSERT INTO "${v}" ("${v}") VALUES ('integrity-check')`);
    return virtual;
  } finally {
    db.close();
  }
}

/** Search terms from the data itself: a word of a post, of a comment, a community, a username. */
function searchTerms(state) {
  const db = open(state);
  try {
    const word = (text) =>
      (String(text ?? "")
        .replace(/<[^>]*>/g, " ")
        .match(/[A-Za-z]{5,}/g) ?? [])[0] ?? "";
    const post = db.prepare("SELECT title FROM microposts WHERE is_draft = 0 ORDER BY id LIMIT 1").get();
    const comment = db.prepare("SELECT body FROM comments WHERE is_deleted = 0 ORDER BY id LIMIT 1").get();
    const community = db.prepare("SELECT name FROM communities ORDER BY id LIMIT 1").get();
    const user = db.prepare("SELECT username FROM users WHERE status = 'ACTIVE' ORDER BY id LIMIT 1").get();
    return [
      ["posts", word(post?.title)],
      ["posts", "the"],
      ["comments", word(comment?.body)],
      ["communities", community?.name ?? ""],
      ["communities", ""],
      ["users", user?.username?.slice(0, 3) ?? ""],
    ];
  } finally {
    db.close();
  }
}

async function searchAnswers(base, terms) {
  const answers = [];
  for (const [type, q] of terms) {
    const res = await fetch(`${base}/api/v1/search?type=${type}&q=${encodeURIComponent(q)}&limit=50`);
    answers.push({ type, q, status: res.status, body: await res.text() });
  }
  return answers;
}

const seconds = (s) => `${s.toFixed(1)} s`;
let server = null;
try {
  const assetsDir = assetsDirFor("bench");
  server = await startServer({ port, persistTo: prodState, assetsDir, seed: true, quiet: true });
  const terms = searchTerms(prodState);
  const searchedBefore = await searchAnswers(server.base, terms);
  await killTree(server.pid);
  server = null;
  const before = snapshot(prodState);
  const prodDb = open(prodState);
  const schema = schemaOf(prodDb);
  prodDb.close();
  const prodIndexes = ftsIntegrity(prodState);
  if (JSON.stringify(schema.triggerWritten) !== JSON.stringify(LOADED_LAST))
    throw new Error(
      `INSERT triggers now write ${schema.triggerWritten.join(", ")}, not only ${LOADED_LAST.join(", ")}: ` +
        "update LOADED_LAST and the README's restore steps",
    );

  // 2. Export the rows (the schema comes from the migrations) of the tables README's query lists.
  const listed = JSON.parse(
    wrangler("list", [
      "d1",
      "execute",
      "agora",
      "--local",
      "-c",
      join(prod, "wrangler.toml"),
      "--json",
      "--command",
      TABLES_SQL,
    ]),
  )[0].results.map((r) => r.name);
  if (JSON.stringify([...listed].sort()) !== JSON.stringify(schema.plain))
    throw new Error(
      `README's table query lists ${listed.join(", ")}; the schema has ${schema.plain.join(", ")}`,
    );
  wrangler("export", [
    "d1",
    "export",
    "agora",
    "--local",
    "-c",
    join(prod, "wrangler.toml"),
    "--no-schema",
    "--output",
    dump,
    ...listed.flatMap((t) => ["--table", t]),
  ]);

  // 3. Split: site_counters apart (loaded last, after emptying what the triggers counted).
  const lines = readFileSync(dump, "utf8").split("\n");
  const last = (line) => LOADED_LAST.some((t) => line.startsWith(`INSERT INTO "${t}"`));
  writeFileSync(rowsFile, lines.filter((l) => !last(l)).join("\n"));
  writeFileSync(
    countersFile,
    [...LOADED_LAST.map((t) => `DELETE FROM "${t}";`), ...lines.filter(last)].join("\n"),
  );

  // 4. A fresh database with the schema of the migrations.
  wrangler("migrate", [
    "d1",
    "migrations",
    "apply",
    "agora",
    "--local",
    "-c",
    CONFIG,
    "--persist-to",
    restoredState,
  ]);

  // 5. The rows, then the counters.
  for (const file of [rowsFile, countersFile])
    wrangler("import", [
      "d1",
      "execute",
      "agora",
      "--local",
      "-c",
      CONFIG,
      "--persist-to",
      restoredState,
      "--file",
      file,
      "--yes",
    ]);

  // 6. The checks.
  const after = snapshot(restoredState);
  const indexes = ftsIntegrity(restoredState);
  server = await startServer({ port, persistTo: restoredState, assetsDir, seed: false, quiet: true });
  const searchedAfter = await searchAnswers(server.base, terms);
  await killTree(server.pid);
  server = null;

  const tables = Object.keys(before.tables);
  const differ = tables.filter((t) => JSON.stringify(before.tables[t]) !== JSON.stringify(after.tables[t]));
  const searchDiffer = searchedBefore.filter(
    (s, i) => JSON.stringify(s) !== JSON.stringify(searchedAfter[i]),
  );
  const results = (s) => {
    try {
      return JSON.parse(s.body).list?.length ?? 0;
    } catch {
      return "?";
    }
  };
  const totalRows = tables.reduce((n, t) => n + before.tables[t].rows, 0);

  console.log("\n| table | rows before | rows after | rows byte-equal |\n|---|---:|---:|---|");
  for (const t of tables)
    console.log(
      `| ${t} | ${before.tables[t].rows} | ${after.tables[t]?.rows ?? "missing"} | ${before.tables[t].hash === after.tables[t]?.hash ? "yes" : "NO"} |`,
    );
  console.log("\n| search | results before | results after | answer identical |\n|---|---:|---:|---|");
  for (const [i, s] of searchedBefore.entries())
    console.log(
      `| ${s.type} "${s.q}" | ${results(s)} | ${results(searchedAfter[i])} | ${searchDiffer.includes(s) ? "NO" : "yes"} |`,
    );
  console.log(
    `\n${tables.length} tables, ${totalRows.toLocaleString("en")} rows; export ${statSync(dump).size.toLocaleString("en")} bytes of SQL ` +
      `(${statSync(rowsFile).size.toLocaleString("en")} rows + ${statSync(countersFile).size.toLocaleString("en")} counters); ` +
      `export ${seconds(timings.export)}, migrations ${seconds(timings.migrate)}, import ${seconds(timings.import)}.`,
  );
  console.log(
    `Counter checks: ${COUNTER_CHECKS.length}, drifted before ${before.drift.length}, after ${after.drift.length}. ` +
      `FTS5 integrity checks passed before (${prodIndexes.length}) and after: ${indexes.join(", ")}.`,
  );
  const ok = differ.length === 0 && searchDiffer.length === 0 && after.drift.length === 0;
  console.log(
    ok
      ? "Restore checked: every row back byte for byte, counters equal their rows, searches answer the same."
      : `Restore differs: tables ${differ.join(", ") || "none"}; searches ${searchDiffer.length}; counters ${JSON.stringify(after.drift)}`,
  );
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (server) await killTree(server.pid);
  rmSync(work, { recursive: true, force: true });
  setTimeout(() => process.exit(), 500).unref();
}
