import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from the real migrations (migrations/*.sql) and an otherwise empty
// database. The files of one Vitest worker share its workerd and storage (isolation per file cost
// ~3.6 s of start-up each, docs/decisions/099), so a file after the first finds the rows the ones
// before it wrote: they are deleted here, and the rows the migrations themselves inserted (the
// site counters) are put back as the migrations left them.

interface Baseline {
  /** Tables to empty, children before parents. */
  tables: string[];
  /** Full-text tables, emptied with their own command once their content tables are. */
  fullText: string[];
  /** The rows the migrations inserted, by table. */
  rows: Record<string, Record<string, unknown>[]>;
}

const holder = globalThis as { agoraTestBaseline?: Baseline };

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

async function baselineOf(): Promise<Baseline> {
  const { results } = await env.DB.prepare(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
       AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'`,
  ).all<{ name: string; sql: string }>();
  const fullText = results.filter((t) => /CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  // An FTS5 table's own storage: "<name>_data", "_idx", "_docsize", "_config", "_content".
  const shadow = (name: string) => fullText.some((f) => name.startsWith(`${f}_`));
  const tables = results.map((t) => t.name).filter((n) => !fullText.includes(n) && !shadow(n));
  const rows: Baseline["rows"] = {};
  for (const table of tables) {
    const found = await env.DB.prepare(`SELECT * FROM "${table}"`).all<Record<string, unknown>>();
    if (found.results.length) rows[table] = found.results;
  }
  return { tables, fullText, rows };
}

async function reset(baseline: Baseline): Promise<void> {
  const statements = [
    env.DB.prepare("PRAGMA defer_foreign_keys = ON"),
    ...baseline.tables.map((t) => env.DB.prepare(`DELETE FROM "${t}"`)),
  ];
  await env.DB.batch(statements);
  for (const table of baseline.fullText) {
    const left = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>();
    if (!left?.n) continue;
    // 'delete-all' empties an external-content or contentless index; a plain one takes DELETE.
    await env.DB.prepare(`INSERT INTO "${table}"("${table}") VALUES ('delete-all')`)
      .run()
      .catch(() => env.DB.prepare(`DELETE FROM "${table}"`).run());
  }
  const restore = Object.entries(baseline.rows).flatMap(([table, rows]) =>
    rows.map((row) => {
      const columns = Object.keys(row);
      return env.DB.prepare(
        `INSERT OR REPLACE INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      ).bind(...columns.map((c) => row[c] ?? null));
    }),
  );
  if (restore.length) await env.DB.batch(restore);
}

if (holder.agoraTestBaseline) await reset(holder.agoraTestBaseline);
else holder.agoraTestBaseline = await baselineOf();
