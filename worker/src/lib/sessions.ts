import { and, isNull, notInArray } from "drizzle-orm";
import { users } from "#worker/db/schema/index.ts";

// Who may hold a session: the one rule, in the three forms its readers need. A person's session
// is live while the account is not deleted and not suspended or inactive, and the token carries
// the account's current token version (ADR 005). The API's middleware, the media handler, the
// socket objects (chat threads, inboxes, post watchers) and the sign-in paths all ask here, so one
// more account status is one edit. The statements built on it are in session-queries.ts.

/** The words when the account behind a valid token is gone. */
export const SESSION_OVER = "Your session has expired. Please log in again.";

/** The statuses whose accounts hold no session at all. */
const STATUSES_WITHOUT_SESSION = ["SUSPENDED", "INACTIVE"] as const;

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
