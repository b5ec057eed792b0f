import { and, eq } from "drizzle-orm";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { hashPassword } from "#worker/lib/password.ts";
import { liveAccount } from "#worker/lib/sessions.ts";
import { verifyClaims } from "#worker/lib/tokens.ts";
import { raiseTokenVersion, sessionsEnded } from "./sessions";

// A sign-in with an e-mailed temporary password (Forgot password) opens no session: its answer is
// a `password_token`, good for ten minutes and for the account's token version at that moment,
// which only chooses the new password. Then the person is signed in (ADR 131). The token and the
// answer that carries it are made in lib/password-token.ts, for the code step's route too.

/**
 * Sets the new password the token allows, once: the token names the token version it was made
 * under, and setting the password raises it, so the same token (or one from before another
 * change) is refused. Answers who signed in, with the new version and the factor time the token
 * carried.
 */
export async function setPasswordAfterTemporary(
  deps: Deps,
  input: { token: string; newPassword: string },
): Promise<{ id: number; tokenVersion: number; factorAt: number | null }> {
  let claims: Record<string, unknown>;
  try {
    claims = await verifyClaims(input.token, deps.env.JWT_SECRET);
  } catch {
    fail(401, ACCOUNTS_MSG.temporaryPasswordExpired, { field: "password_token" });
  }
  const id = Number(claims.sub);
  if (claims.kind !== "temporary-password" || !Number.isSafeInteger(id) || typeof claims.ver !== "number")
    fail(401, ACCOUNTS_MSG.temporaryPasswordExpired, { field: "password_token" });
  const row = await deps.db.orm
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), ...raiseTokenVersion })
    .where(and(eq(users.id, id), eq(users.tokenVersion, claims.ver), liveAccount()))
    .returning({ tokenVersion: users.tokenVersion })
    .get();
  if (!row) fail(401, ACCOUNTS_MSG.temporaryPasswordExpired, { field: "password_token" });
  await sessionsEnded(deps, id);
  const factorAt = typeof claims.fac === "number" ? claims.fac : null;
  return { id, tokenVersion: row.tokenVersion, factorAt };
}
