#!/usr/bin/env node
// The restore steps of README "Backups and restore", checked against local state: a server with
// the demo data on a throwaway state, `wrangler d1 export --local` to a .sql file, the state
// wiped, the file re-imported with `wrangler d1 execute --local --file`, and every table's row
// count compared with the counts before.
//
//   flock /tmp/agora-heavy.lock bun scripts/backup-check.mjs
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { killTree } from "../bench/crash/crash.mjs";
import { d1File } from "../bench/feed/load.mjs";
import { assetsDirFor, startServer } from "./server.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 8808);
// `wrangler d1 export --local` has no --persist-to: it reads `.wrangler/state` next to the config
// it is given, so the state lives there and a copy of wrangler.toml sits above it.
const project = mkdtempSync(join(tmpdir(), "agora-backup-"));
const state = join(project, ".wrangler", "state");
const dump = join(project, "agora-export.sql");
copyFileSync(join(ROOT, "wrangler.toml"), join(project, "wrangler.toml"));

function wrangler(args) {
  const r = spawnSync("wrangler", args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "true" } });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/**
 * The tables `d1 export` can write: all but the full-text search tables (FTS5 virtual tables and
 * their shadow tables), which D1's export refuses ("cannot export databases with Virtual Tables").
 */
function exportableTables(persistTo) {
  const db = new DatabaseSync(d1File(persistTo), { readOnly: true });
  try {
    const all = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all();
    const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
    return all
      .map((t) => t.name)
      .filter((n) => !n.startsWith("sqlite_") && !n.startsWith("_cf_"))
      .filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
  } finally {
    db.close();
  }
}

function counts(persistTo) {
  const db = new DatabaseSync(d1File(persistTo), { readOnly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE '%fts%' ORDER BY name",
      )
      .all()
      .map((r) => r.name);
    return Object.fromEntries(
      tables.map((t) => [t, Number(db.prepare(`SELECT count(*) AS n FROM "${t}"`).get().n)]),
    );
  } finally {
    db.close();
  }
}

try {
  const server = await startServer({
    port,
    persistTo: state,
    assetsDir: assetsDirFor("bench"),
    seed: true,
    quiet: true,
  });
  await killTree(server.pid);
  const before = counts(state);
  const tables = exportableTables(state);
  wrangler([
    "d1",
    "export",
    "agora",
    "--local",
    "-c",
    join(project, "wrangler.toml"),
    "--output",
    dump,
    "--table",
    ...tables,
  ]);
  console.log(`exported ${statSync(dump).size.toLocaleString()} bytes of SQL`);
  rmSync(join(state, "v3", "d1"), { recursive: true, force: true });
  wrangler(["d1", "execute", "agora", "--local", "--persist-to", state, "--file", dump, "--yes"]);
  const after = counts(state);
  const differ = tables.filter((t) => before[t] !== after[t]);
  console.log("\n| table | rows before | rows after restore |\n|---|---:|---:|");
  for (const t of tables) console.log(`| ${t} | ${before[t]} | ${after[t] ?? "missing"} |`);
  console.log(differ.length === 0 ? "\nEvery table has its rows back." : `\nDiffering: ${differ.join(", ")}`);
  process.exitCode = differ.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  rmSync(project, { recursive: true, force: true });
}
