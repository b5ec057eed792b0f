import { eq, sql } from "drizzle-orm";
import { users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { closeSocketsOf } from "#worker/lib/sockets/close-sockets.ts";

// Ending a person's sessions. A user token carries the account's token version (ADR 005), so
// raising the version ends every token at once. A change that must end sessions in the same
// statement as itself (a new password, a deletion, a takeover) spreads `raiseTokenVersion` into its
// update and then calls `sessionsEnded`; anything else calls `endSessions`.

/** For an update's `set`: every token the person holds stops working with this change. */
export const raiseTokenVersion = { tokenVersion: sql`${users.tokenVersion} + 1` };

/**
 * Runs after a statement raised a person's token version: closes what the version alone cannot end,
 * the sockets opened with an older token, after the answer when the request allows it.
 */
export async function sessionsEnded(deps: Deps, userId: number): Promise<void> {
  const closing = closeSocketsOf(deps.env, { id: userId });
  if (deps.background) deps.background(closing);
  else await closing;
}

/** Ends every session of the person now: their tokens stop working, then `sessionsEnded` runs. */
export async function endSessions(deps: Deps, userId: number): Promise<void> {
  await deps.db.orm.update(users).set(raiseTokenVersion).where(eq(users.id, userId));
  await sessionsEnded(deps, userId);
}
