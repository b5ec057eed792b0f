#!/usr/bin/env bun
// Runs under Bun (it uses bun:sqlite): `bun scripts/check-migrations.mjs`.
// `bun run db:check`, a step of `bun run test`: drizzle-kit owns migrations/, so the Drizzle schema,
// drizzle-kit's snapshot and journal, and the SQL files must tell the same story.
//   1. The journal lists every SQL file of migrations/, in order, and nothing else.
//   2. `drizzle-kit generate` into a scratch copy of migrations/ finds nothing to do: the latest
//      snapshot is the schema (so `bun run db:generate` on a clean tree writes nothing).
//   3. The database the migrations build (applied in order, as wrangler does) has the tables,
//      columns and indexes the schema describes: generated SQL from the schema alone, applied to an
//      empty database, is compared with it. Tables Drizzle does not model (FTS5 search indexes and
//      their shadow tables) are left out of the comparison.
// Hand-written SQL (FTS5, triggers) goes in with `bun run db:generate --custom --name <what>`.
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const MIGRATIONS = join(ROOT, "migrations");
// drizzle-kit takes the output folder relative to the working directory.
const SCRATCH = "node_modules/.cache/migrations-check";
/** @type {string[]} */
const problems = [];

const sqlFiles = readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith(".sql"))
  .sort();

// 1. The journal knows every migration.
const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta", "_journal.json"), "utf8"));
const tags = journal.entries.map((e) => `${e.tag}.sql`);
if (tags.join("\n") !== sqlFiles.join("\n")) {
  const missing = sqlFiles.filter((f) => !tags.includes(f));
  const extra = tags.filter((t) => !sqlFiles.includes(t));
  problems.push(
    `migrations/meta/_journal.json does not list the SQL files in order` +
      (missing.length ? `; missing: ${missing.join(", ")}` : "") +
      (extra.length ? `; without a file: ${extra.join(", ")}` : ""),
  );
}

function drizzleGenerate(out) {
  const r = spawnSync(
    join(ROOT, "node_modules/.bin/drizzle-kit"),
    ["generate", "--dialect", "sqlite", "--schema", "./worker/src/db/schema/index.ts", "--out", out],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

// 2. The latest snapshot is the schema.
rmSync(join(ROOT, SCRATCH), { recursive: true, force: true });
mkdirSync(join(ROOT, SCRATCH), { recursive: true });
const copy = join(SCRATCH, "copy");
cpSync(MIGRATIONS, join(ROOT, copy), { recursive: true });
const generated = drizzleGenerate(copy);
const added = readdirSync(join(ROOT, copy)).filter((f) => f.endsWith(".sql") && !sqlFiles.includes(f));
if (generated.status !== 0) problems.push(`drizzle-kit generate failed:\n${generated.output}`);
else if (added.length) {
  problems.push(
    `the schema and drizzle-kit's snapshot drifted; \`bun run db:generate\` would write ${added.join(", ")}:\n` +
      readFileSync(join(ROOT, copy, added[0]), "utf8")
        .split("\n")
        .slice(0, 30)
        .join("\n"),
  );
}

// 3. The migrated database is the schema.
let compared = 0;
function shapeOf(db) {
  const shape = new Map();
  const tables = db
    .query(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
    )
    .all();
  const fts = tables.filter((t) => /VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const modelled = tables.filter(
    (t) => !fts.includes(t.name) && !fts.some((f) => t.name.startsWith(`${f}_`)),
  );
  for (const { name } of modelled) {
    const columns = db
      .query(`PRAGMA table_info("${name}")`)
      .all()
      .map((c) => `${c.name} ${c.type.toLowerCase()}${c.notnull ? " not null" : ""}${c.pk ? " pk" : ""}`)
      .sort();
    shape.set(`table ${name}`, columns.join(", "));
    const indexes = db
      .query(`PRAGMA index_list("${name}")`)
      .all()
      .filter((i) => i.origin === "c");
    for (const index of indexes) {
      const cols = db
        .query(`PRAGMA index_info("${index.name}")`)
        .all()
        .map((c) => c.name ?? "(expression)");
      shape.set(
        `index ${index.name}`,
        `on ${name}(${cols.join(", ")})${index.unique ? " unique" : ""}${index.partial ? " partial" : ""}`,
      );
    }
  }
  return shape;
}

function apply(db, file) {
  const sql = readFileSync(file, "utf8").replaceAll("--> statement-breakpoint", "");
  db.exec(sql);
}

const migrated = new Database(":memory:");
for (const f of sqlFiles) {
  try {
    apply(migrated, join(MIGRATIONS, f));
  } catch (error) {
    problems.push(`migrations/${f} does not apply on the ones before it: ${error.message}`);
  }
}
const fresh = join(SCRATCH, "fresh");
mkdirSync(join(ROOT, fresh), { recursive: true });
const scratch = drizzleGenerate(fresh);
const freshSql = existsSync(join(ROOT, fresh))
  ? readdirSync(join(ROOT, fresh)).filter((f) => f.endsWith(".sql"))
  : [];
if (scratch.status !== 0 || freshSql.length !== 1)
  problems.push(`drizzle-kit generate from scratch failed:\n${scratch.output}`);
else {
  const fromSchema = new Database(":memory:");
  apply(fromSchema, join(ROOT, fresh, freshSql[0]));
  const want = shapeOf(fromSchema);
  const have = shapeOf(migrated);
  compared = want.size;
  for (const [key, value] of want) {
    if (!have.has(key)) problems.push(`the schema has ${key} ${value}; the migrations do not`);
    else if (have.get(key) !== value)
      problems.push(`${key} differs:\n  schema:     ${value}\n  migrations: ${have.get(key)}`);
  }
  for (const [key, value] of have) {
    if (!want.has(key)) problems.push(`the migrations make ${key} ${value}; the schema does not have it`);
  }
}

if (problems.length) {
  for (const p of problems) console.error(`✗ ${p}`);
  console.error(
    `\nmigrations: ${problems.length} problem(s). Change worker/src/db/schema/ and run \`bun run db:generate\`.`,
  );
  process.exit(1);
}
console.log(
  `migrations: ${sqlFiles.length} files; the journal, the snapshot and the schema agree (${compared} tables and indexes compared)`,
);
