import { sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { users } from "#worker/db/schema/index.ts";
import { rowOf, type Statement, selectOf, statement } from "#worker/db/sql.ts";
import { DAY } from "#worker/lib/time.ts";

// The trust levels' thresholds and SQL (trust.ts holds the rules that use them).

export const NEW_DAYS = 3;
const NEW_CONTRIBUTIONS = 3;
export const REGULAR_DAYS = 30;
const REGULAR_CONTRIBUTIONS = 50;
/** An upheld moderation keeps a person new this long, and from regular this long. */
export const RECENT_UPHELD_DAYS = 30;
const REGULAR_CLEAN_DAYS = 90;

const CONTRIBUTIONS = `(users.total_microposts +
  (SELECT count(*) FROM comments WHERE comments.owner_id = users.id AND comments.is_deleted = 0))`;
const upheldSince = (days: number) =>
  `EXISTS (SELECT 1 FROM moderations WHERE moderations.user_id = users.id AND moderations.reversed_at IS NULL
     AND moderations.created_at > ?2 - ${days * DAY})`;

/** A threshold (SQL over the row, ms) passed since the level was last worked out, at ?2. */
const crossed = (threshold: string) => `(trust_level_at < ${threshold} AND ${threshold} <= ?2)`;
/**
 * trust.ts's `isStale` in SQL over the row as it stands: a level below 2 whose age threshold
 * passed, or that a day went by since, since it was last worked out (`trust_level_at`).
 */
const STALE = `trust_level < 2 AND (${crossed(`created_at + ${NEW_DAYS * DAY}`)}
  OR ${crossed(`created_at + ${REGULAR_DAYS * DAY}`)} OR ?2 - trust_level_at >= ${DAY})`;

/**
 * Recomputes a person's level (unless staff set it by hand). `userId` is a number or SQL naming one
 * (`(SELECT user_id FROM moderations WHERE ...)`), so it can sit in the batch of the change itself.
 * With `onlyIfStale`, only when `isStale` (trust.ts) holds for the row: for a batch sent before the
 * level is known (it returns no row otherwise).
 */
export function trustLevelStatement(
  db: Database,
  userId: number | { sql: string },
  now = Date.now(),
  { onlyIfStale = false }: { onlyIfStale?: boolean } = {},
): D1PreparedStatement {
  const who = typeof userId === "number" ? "?1" : userId.sql;
  return db.prepare({
    sql: `UPDATE users SET trust_level = CASE
        WHEN created_at > ?2 - ${NEW_DAYS * DAY} OR ${CONTRIBUTIONS} < ${NEW_CONTRIBUTIONS}
          OR ${upheldSince(RECENT_UPHELD_DAYS)} THEN 0
        WHEN created_at <= ?2 - ${REGULAR_DAYS * DAY} AND ${CONTRIBUTIONS} >= ${REGULAR_CONTRIBUTIONS}
          AND NOT ${upheldSince(REGULAR_CLEAN_DAYS)} THEN 2
        ELSE 1 END,
        trust_level_at = ?2
      WHERE id = ${who} AND trust_level_manual = 0${onlyIfStale ? ` AND ${STALE}` : ""}
      RETURNING trust_level`,
    binds: [typeof userId === "number" ? userId : null, now],
  });
}

const factColumns = {
  trustLevel: users.trustLevel,
  trustLevelAt: users.trustLevelAt,
  createdAt: users.createdAt,
};

/** The person's stored level, when it was worked out, and when they joined. */
export async function trustFacts(db: Database, userId: number) {
  const raw = await db.first<object>(
    statement(sql`SELECT ${selectOf(factColumns)} FROM ${users} WHERE ${users.id} = ${userId}`),
  );
  return raw ? rowOf(factColumns, raw) : null;
}

/** SQL that holds while the person's stored level is below `levels` (their bind at ?`n`). */
export function levelBelow(userId: number, levels: number, n: number): Statement {
  return { sql: `(SELECT trust_level FROM users WHERE id = ?${n}) < ${levels}`, binds: [userId] };
}

/**
 * SQL that holds while `key`'s count (after this batch's hit) is within the allowance of the
 * person's stored level, `allowances` by level (a level past the list has none): binds ?`n` (the
 * person) and ?`n+1` (the key).
 */
export function withinLevelAllowance(
  userId: number,
  key: string,
  allowances: readonly number[],
  n: number,
): Statement {
  const max = allowances.map((most, level) => `WHEN ${level} THEN ${most}`).join(" ");
  return {
    sql: `NOT EXISTS (SELECT 1 FROM rate_limits r JOIN users u ON u.id = ?${n}
      WHERE r.key = ?${n + 1} AND u.trust_level < ${allowances.length}
        AND r.count > CASE u.trust_level ${max} END)`,
    binds: [userId, key],
  };
}

/** How many upheld moderations of the person were made after `since`. */
export async function upheldSinceCount(db: Database, userId: number, since: number): Promise<number> {
  const row = await db.first<{ n: number }>({
    sql: `SELECT count(*) AS n FROM moderations WHERE user_id = ?1 AND reversed_at IS NULL AND created_at > ?2`,
    binds: [userId, since],
  });
  return row?.n ?? 0;
}
