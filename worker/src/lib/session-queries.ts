import { eq, sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import type { BoundFold } from "#worker/db/fold-queries.ts";
import { mutedWords, users } from "#worker/db/schema/index.ts";
import { aliased, jsonObjectOf, keysOf, type Statement, selectOf, statement } from "#worker/db/sql.ts";
import { LIVE_ACCOUNT_SQL, mayHoldSession } from "./sessions";

// The statements of the session rule (sessions.ts): the guard a write rides behind, and the token
// version a socket token is made under and checked against.

/** The word the session guard fails a batch with (SQLite reports "bad JSON path: '…'"). */
const NOT_VALID = "agora_session_not_valid";

/**
 * The same rule as one statement that fails its whole D1 batch (one transaction: nothing in it
 * lands) unless the person `?1` holds a live session signed with token version `?2`. A write that
 * rides in the token check's round trip has this in front of it (docs/decisions/156). The failing
 * branch is only reached through the CASE, so SQLite never evaluates it for a valid session.
 */
export const SESSION_GUARD_SQL = `SELECT json_extract('{}', CASE WHEN EXISTS (SELECT 1 FROM users
  WHERE id = ?1 AND token_version = ?2 AND ${LIVE_ACCOUNT_SQL}) THEN '$.ok' ELSE '${NOT_VALID}' END) AS ok`;

/** A staff member by id with their token version and their authenticator app's row when it is on. */
export const ADMIN_SESSION_SQL = `SELECT a.username, a.token_version AS version,
  (SELECT t.id FROM totp_factors t WHERE t.owner_kind = 'admin' AND t.owner_id = a.id AND t.enabled_at IS NOT NULL
    LIMIT 1) AS totp
  FROM admins a WHERE a.id = ?1`;

/**
 * The staff form of SESSION_GUARD_SQL: the admin `?1` still signs with token version `?2`, and
 * with the authenticator app on only a token that proved a factor (`?3` 1) passes; with it off,
 * only the set-up paths (`?4` 1). The rule `requireAdmin` (middleware/auth.ts) checks in JS.
 */
export const ADMIN_SESSION_GUARD_SQL = `SELECT json_extract('{}', CASE WHEN EXISTS (SELECT 1 FROM admins a
  WHERE a.id = ?1 AND a.token_version = ?2
    AND CASE WHEN EXISTS (SELECT 1 FROM totp_factors t
                           WHERE t.owner_kind = 'admin' AND t.owner_id = a.id AND t.enabled_at IS NOT NULL)
        THEN ?3 ELSE ?4 END = 1) THEN '$.ok' ELSE '${NOT_VALID}' END) AS ok`;

/** Whether a batch failed on the session guard (rather than anything else). */
export function failedSessionGuard(error: unknown): boolean {
  return error instanceof Error && error.message.includes(NOT_VALID);
}

/**
 * The token version of a person who may hold a session now, or null (a suspended, inactive or
 * deleted account has none). Socket tokens carry the version they were made under, so one made
 * before a revocation is refused.
 */
export async function sessionVersion(db: Database, userId: number): Promise<number | null> {
  const row = await db.orm
    .select({ status: users.status, deletedAt: users.deletedAt, version: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row || !mayHoldSession(row)) return null;
  return row.version;
}

/** A person's account as the session rule reads it (`mayHoldSession`), or null when there is none. */
export function accountSession(
  db: Database,
  userId: number,
): Promise<{ token_version: number; status: string; deleted_at: number | null } | null> {
  return db.first<{ token_version: number; status: string; deleted_at: number | null }>({
    sql: "SELECT token_version, status, deleted_at FROM users WHERE id = ?1",
    binds: [userId],
  });
}

/** The token versions of those of `ids` who may hold a session now (the others are left out). */
export function liveSessionVersions(
  db: Database,
  ids: number[],
): Promise<Array<{ id: number; token_version: number }>> {
  return db.all<{ id: number; token_version: number }>({
    sql: `SELECT id, token_version FROM users
           WHERE id IN (SELECT value FROM json_each(?1))
             AND ${LIVE_ACCOUNT_SQL}`,
    binds: [JSON.stringify(ids)],
  });
}

/** The person a token names: the columns the auth middleware's check needs, as `rowOf` reads them. */
export const sessionColumns = {
  id: users.id,
  username: users.username,
  version: users.tokenVersion,
  deletedAt: users.deletedAt,
  status: users.status,
  trustLevel: users.trustLevel,
  trustLevelAt: users.trustLevelAt,
  createdAt: users.createdAt,
};
export const muteColumns = {
  phrase: mutedWords.phrase,
  wholeWord: mutedWords.wholeWord,
  contexts: mutedWords.contexts,
};

/**
 * The token check's statement, written once per isolate (every signed-in request sends it): the
 * person by id, and (`SESSION_WITH_MUTES_SQL`) the phrases they mute now as a JSON array in the
 * same row, one statement rather than two (docs/decisions/228). The binds are the placeholders, in
 * order.
 */
const SESSION_SQL = statement(
  sql`SELECT ${selectOf(sessionColumns)} FROM ${users} WHERE ${users.id} = ${sql.placeholder("id")}`,
).sql;
const [mw, mwFrom] = aliased(mutedWords, "mw");
const SESSION_WITH_MUTES_SQL = statement(
  sql`SELECT ${selectOf(sessionColumns)}, (SELECT json_group_array(${sql.raw(jsonObjectOf(muteColumns, "mw"))})
      FROM ${mwFrom} WHERE ${mw.userId} = ${users.id}
        AND (${mw.expiresAt} IS NULL OR ${mw.expiresAt} > ${sql.placeholder("now")})) AS mutes
    FROM ${users} WHERE ${users.id} = ${sql.placeholder("id")}`,
).sql;

/**
 * The token check's statement for the person the claims name: the person, and (`withMutes`) the
 * phrases they mute, which only lists filter by. A write's statements all run on the primary, so
 * a write leaves the phrases out (docs/decisions/186); a write that asks for them reads them itself.
 */
export const sessionReads = (id: number, withMutes = true): Statement[] => [
  withMutes ? { sql: SESSION_WITH_MUTES_SQL, binds: [Date.now(), id] } : { sql: SESSION_SQL, binds: [id] },
];

/** SESSION_WITH_MUTES_SQL around its two placeholders (the time, then the person), to write them in. */
const SESSION_WITH_MUTES_PARTS = SESSION_WITH_MUTES_SQL.split("?");
if (SESSION_WITH_MUTES_PARTS.length !== 3)
  throw new Error("The token check's statement has two placeholders");
const SESSION_KEYS = [...keysOf(sessionColumns), "mutes"];

/** SESSION_SQL around its one placeholder (the person). */
const SESSION_PARTS = SESSION_SQL.split("?");
if (SESSION_PARTS.length !== 2)
  throw new Error("The token check's statement for a write has one placeholder");
const SESSION_WRITE_KEYS = keysOf(sessionColumns);

/**
 * The token check's read for a write (the person, without the phrases: `sessionReads`) as a SELECT
 * to fold into the session guard's own statement (`Rider.guardFold`): the guard and the read are
 * one statement on the primary instead of two.
 */
export function sessionWriteFold(id: number): BoundFold {
  const [before, last] = SESSION_PARTS;
  return (after) => ({ sql: `${before}?${after + 1}${last}`, keys: SESSION_WRITE_KEYS, binds: [id] });
}

/**
 * The token check's read of a list (the person and the phrases they mute) as a SELECT to fold into
 * the list's own statement (`Rider.fold`, docs/decisions/234): the same text, its two placeholders
 * numbered after the statement's own binds.
 */
export function sessionFold(id: number, now = Date.now()): BoundFold {
  const [before, between, last] = SESSION_WITH_MUTES_PARTS;
  return (after) => ({
    sql: `${before}?${after + 1}${between}?${after + 2}${last}`,
    keys: SESSION_KEYS,
    binds: [now, id],
  });
}

/** The rows `sessionReads` answered: the person's (none when gone), and the muted phrases' rows when read. */
export function sessionRows(rows: unknown[] = []): { rows: unknown[]; muteRows: unknown[] | undefined } {
  const first: unknown = rows[0];
  if (typeof first !== "object" || first === null || !("mutes" in first))
    return { rows, muteRows: undefined };
  // Folded into another statement (sessionFold), the phrases may come as the array itself.
  const parsed: unknown = Array.isArray(first.mutes) ? first.mutes : JSON.parse(String(first.mutes ?? "[]"));
  return { rows, muteRows: Array.isArray(parsed) ? parsed : [] };
}
