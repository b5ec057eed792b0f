import type { Database } from "../db/database";
import type { Statement } from "../db/sql";

// The rate limits' SQL (rate-limits.ts holds their rules): one `rate_limits` row per key, counting
// the hits of its current window.

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
    sql: `INSERT INTO rate_limits (key, count, window_start) SELECT ?1, 1, ?2 WHERE ${onlyIf?.sql ?? "1"}
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
       RETURNING count, window_start`,
    binds: [key, now, windowMs, ...(onlyIf?.binds ?? [])],
  });
}

/**
 * SQL that holds when `key`'s count, after this batch's hit, is within `max` (binds ?`n`, ?`n+1`):
 * a later counter in the same batch counts only the hits this limit let through.
 */
export function withinAllowance(key: string, max: number, n: number): Statement {
  return {
    sql: `EXISTS (SELECT 1 FROM rate_limits WHERE key = ?${n} AND count <= ?${n + 1})`,
    binds: [key, max],
  };
}

/** `key`'s row when its window began after `since`. */
export function windowRow(db: Database, key: string, since: number): Promise<CountRow | null> {
  return db.first<CountRow>({
    sql: "SELECT count, window_start FROM rate_limits WHERE key = ?1 AND window_start > ?2",
    binds: [key, since],
  });
}

/** Forgets a key's hits. */
export function forgetStatement(db: Database, key: string): D1PreparedStatement {
  return db.prepare({ sql: "DELETE FROM rate_limits WHERE key = ?1", binds: [key] });
}
