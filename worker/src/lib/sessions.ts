import { and, isNull, notInArray } from "drizzle-orm";
import { users } from "#worker/db/schema/index.ts";

// Who may hold a session: the one rule, in the three forms its readers need. A person's session
// is live while the account is not deleted and not suspended or inactive, and the token carries
// the account's current token version (ADR 005). The API's middleware, the media handler, the
// socket objects (chat threads, inboxes, post watchers) and the sign-in paths all ask here, so one
// more account status is one edit.

/** The statuses whose accounts hold no session at all. */
export const STATUSES_WITHOUT_SESSION = ["SUSPENDED", "INACTIVE"] as const;

/** For rows read with Drizzle (camel case) or as raw SQL rows (snake case). */
export function mayHoldSession(
  row: { status: string } & ({ deletedAt: number | null } | { deleted_at: number | null }),
): boolean {
  const deleted = "deletedAt" in row ? row.deletedAt : row.deleted_at;
  return deleted === null && !(STATUSES_WITHOUT_SESSION as readonly string[]).includes(row.status);
}

/** The same rule as a Drizzle condition on `users`. */
export const liveAccount = () =>
  and(isNull(users.deletedAt), notInArray(users.status, [...STATUSES_WITHOUT_SESSION]));

/** The same rule as SQL text over `users` (aliased or not), for the objects' prepared reads. */
export const LIVE_ACCOUNT_SQL = `deleted_at IS NULL AND status NOT IN (${STATUSES_WITHOUT_SESSION.map((s) => `'${s}'`).join(", ")})`;

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

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

/** Whether a batch failed on the session guard (rather than anything else). */
export function failedSessionGuard(error: unknown): boolean {
  return error instanceof Error && error.message.includes(NOT_VALID);
}
