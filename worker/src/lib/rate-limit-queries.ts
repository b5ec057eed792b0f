import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { keptByText } from "../db/kept-by-text";
import { rateLimits } from "../db/schema";
import { nameOf, type Statement, sqlText } from "../db/sql";

// The rate limits' SQL (rate-limits.ts holds their rules): one `rate_limits` row per key, counting
// the hits of its current window. The statements name the table and its columns through the schema
// and keep numbered binds (`?1`), since a condition from elsewhere joins them at `?4`.

const r = rateLimits;
/** The upsert of `countStatement` up to its condition, and after it. */
const COUNT_HEAD =
  sqlText(sql`INSERT INTO ${r} (${nameOf(r.key)}, ${nameOf(r.count)}, ${nameOf(r.windowStart)})
  SELECT ?1, 1, ?2 WHERE`);
const COUNT_TAIL = sqlText(sql`ON CONFLICT(${nameOf(r.key)}) DO UPDATE SET
    ${nameOf(r.count)} = CASE WHEN ${r.windowStart} <= ?2 - ?3 THEN 1 ELSE ${r.count} + 1 END,
    ${nameOf(r.windowStart)} = CASE WHEN ${r.windowStart} <= ?2 - ?3 THEN ?2 ELSE ${r.windowStart} END
  RETURNING ${r.count} AS count, ${r.windowStart} AS window_start`);
/** The allowance's condition at binds ?`n`, ?`n+1`; built once per `n` (every limited write asks). */
const withinTexts = keptByText<string>(32);
const WITHIN = (n: number) =>
  withinTexts(String(n), () =>
    sqlText(
      sql`EXISTS (SELECT 1 FROM ${r} WHERE ${r.key} = ${sql.raw(`?${n}`)} AND ${r.count} <= ${sql.raw(`?${n + 1}`)})`,
    ),
  );
const WINDOW_ROW = sqlText(
  sql`SELECT ${r.count} AS count, ${r.windowStart} AS window_start FROM ${r} WHERE ${r.key} = ?1 AND ${r.windowStart} > ?2`,
);
const FORGET = sqlText(sql`DELETE FROM ${r} WHERE ${r.key} = ?1`);

/** A `rate_limits` row after a hit: the window's count so far and when the window began. */
export interface CountRow {
  count: number;
  window_start: number;
}

/**
 * The upsert that counts one hit of `key` in a window of `windowMs` and returns its row. With
 * `onlyIf` (SQL whose binds start at ?4), the hit counts only while that holds; otherwise nothing
 * is written and no row comes back.
 */
export function countStatement(
  db: Database,
  key: string,
  windowMs: number,
  now: number,
  onlyIf?: Statement,
): D1PreparedStatement {
  return db.prepare({
    sql: `${COUNT_HEAD} ${onlyIf?.sql ?? "1"} ${COUNT_TAIL}`,
    binds: [key, now, windowMs, ...(onlyIf?.binds ?? [])],
  });
}

/**
 * SQL that holds when `key`'s count, after this batch's hit, is within `max` (binds ?`n`, ?`n+1`):
 * a later counter in the same batch counts only the hits this limit let through.
 */
export function withinAllowance(key: string, max: number, n: number): Statement {
  return {
    sql: WITHIN(n),
    binds: [key, max],
  };
}

/** `key`'s row when its window began after `since`. */
export function windowRow(db: Database, key: string, since: number): Promise<CountRow | null> {
  return db.first<CountRow>({
    sql: WINDOW_ROW,
    binds: [key, since],
  });
}

/** Forgets a key's hits. */
export function forgetStatement(db: Database, key: string): D1PreparedStatement {
  return db.prepare({ sql: FORGET, binds: [key] });
}
