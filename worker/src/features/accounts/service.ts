import { and, eq, isNull, sql } from "drizzle-orm";
import { RESEND_COUNTDOWN_S } from "#shared/constants.ts";
import type { UserBooleanSetting } from "#shared/enums.ts";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import type { Me } from "#shared/schemas/user.ts";
import { users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { LIMITS, limitKey } from "#worker/lib/account-limits.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { suspensionNotice } from "#worker/lib/moderation-notices.ts";
import { hashPassword, UNUSABLE_HASH, verifyPassword } from "#worker/lib/password.ts";
import { checkRateLimit, clearRateLimit, hitRateLimit } from "#worker/lib/rate-limits.ts";
import { SESSION_OVER } from "#worker/lib/sessions.ts";
import { inboxStub } from "#worker/lib/sockets/stubs.ts";
import { MINUTE } from "#worker/lib/time.ts";
import { toMe, USER_SETTING_COLUMN } from "#worker/lib/user-json.ts";
import { canSendEmail } from "#worker/providers/email.ts";
import { accountDeletionStatements, meRow } from "./queries";
import { raiseTokenVersion, sessionsEnded } from "./sessions";

// The account's own rules: signing in, passwords, deleting it, and the signed-in user. Signing up
// is in registration.ts, moving to a new e-mail in email-change.ts.

type UserRow = typeof users.$inferSelect;

/** A code may be asked for again this long after the last one; the SPA counts the same wait down. */
export const RESEND_COOLDOWN_MS = RESEND_COUNTDOWN_S * 1000;
/** An account never confirmed frees its username and e-mail after this long. */
export const UNCONFIRMED_TTL_MS = 24 * 60 * MINUTE;
/** An e-mailed temporary password must be used within this long (ADR 131). */
const PENDING_PASSWORD_TTL_MS = 30 * MINUTE;

/** Who the account is, for signing a token. */
export interface SignedIn {
  id: number;
  tokenVersion: number;
  /** Signed in with an e-mailed temporary password: a new password must be chosen before anything. */
  temporary?: boolean;
}

/** Which unique column a failed insert or update ran into, if that is why it failed. */
export function uniqueViolation(error: unknown): "username" | "email" | "other" | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const message = String((e as Error).message ?? e);
    if (!message.includes("UNIQUE constraint failed")) continue;
    if (message.includes("users.username")) return "username";
    if (message.includes("users.email")) return "email";
    return "other";
  }
  return null;
}

export function refuseInactive(row: Pick<UserRow, "status">): void {
  if (row.status === "SUSPENDED" || row.status === "INACTIVE")
    fail(403, ACCOUNTS_MSG.suspended, { code: "suspended" });
}

// Signing in and passwords -----------------------------------------------------------------------

/**
 * Whether `password` opens the account: the current password, or an e-mailed temporary one that
 * is still fresh. The temporary one works once and does not become the password: the sign-in it
 * opens must choose a new one (`temporary`), and until it is used the old password keeps working.
 * Using it proves the person reads the account's address: the address counts as proven, a waiting
 * account is activated, and every older session ends (so whoever held an unproven account with
 * that address is out). Using the current password drops the temporary one. Returns the token
 * version to sign with and the status, or null.
 */
async function matchPassword(
  deps: Deps,
  row: UserRow,
  password: string,
): Promise<{ version: number; status: UserRow["status"]; temporary: boolean } | null> {
  const { db } = deps;
  const pendingFresh = row.pendingPasswordHash !== null && (row.pendingPasswordExpiresAt ?? 0) > Date.now();
  if (await verifyPassword(password, row.passwordHash)) {
    if (row.pendingPasswordHash !== null) {
      await db.orm
        .update(users)
        .set({ pendingPasswordHash: null, pendingPasswordExpiresAt: null })
        .where(eq(users.id, row.id));
    }
    return { version: row.tokenVersion, status: row.status, temporary: false };
  }
  if (pendingFresh && (await verifyPassword(password, row.pendingPasswordHash!))) {
    // Only while it is still this one: two sign-ins racing with it, one wins.
    const promoted = await db.orm
      .update(users)
      .set({
        pendingPasswordHash: null,
        pendingPasswordExpiresAt: null,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${Date.now()})`,
        status: sql`CASE WHEN ${users.status} = 'UNCONFIRMED' THEN 'ACTIVE' ELSE ${users.status} END`,
        ...raiseTokenVersion,
      })
      .where(and(eq(users.id, row.id), eq(users.pendingPasswordHash, row.pendingPasswordHash!)))
      .returning({ tokenVersion: users.tokenVersion, status: users.status })
      .get();
    if (!promoted) return null;
    await sessionsEnded(deps, row.id);
    return { version: promoted.tokenVersion, status: promoted.status, temporary: true };
  }
  return null;
}

/**
 * Username and password to a session. Wrong ones are 401 and count per (username, address) and
 * per address, never per username alone: a stranger typing wrong passwords for someone's name from
 * their own address never locks the owner out.
 */
export async function logIn(
  deps: Deps,
  input: { username: string; password: string; address: string },
): Promise<SignedIn> {
  const { db } = deps;
  const addressKey = limitKey.loginAddress(input.address);
  const pairKey = limitKey.loginPair(input.username, input.address);
  await checkRateLimit(db, addressKey, LIMITS.loginFailuresPerAddress);
  await checkRateLimit(db, pairKey, LIMITS.loginFailuresPerPair);

  const row = await db.orm
    .select()
    .from(users)
    .where(and(eq(users.username, input.username), isNull(users.deletedAt)))
    .get();
  // An unknown name costs the same hashing as a known one, so timing does not tell them apart.
  const match = row ? await matchPassword(deps, row, input.password) : null;
  if (!row) await verifyPassword(input.password, UNUSABLE_HASH);
  if (!row || match === null) {
    await hitRateLimit(db, addressKey, LIMITS.loginFailuresPerAddress);
    await hitRateLimit(db, pairKey, LIMITS.loginFailuresPerPair);
    fail(401, ACCOUNTS_MSG.wrongCredentials);
  }
  await clearRateLimit(db, pairKey);
  // Only someone who knows the password learns that the account waits for its code.
  if (match.status === "UNCONFIRMED") fail(403, ACCOUNTS_MSG.unverified, { code: "email_unverified" });
  // Only someone who knows the password learns why the account is suspended, and how to appeal.
  if (match.status === "SUSPENDED") {
    const suspension = await suspensionNotice(deps, deps.env.JWT_SECRET, row.id);
    fail(403, ACCOUNTS_MSG.suspended, {
      code: "suspended",
      ...(suspension ? { extra: { suspension } } : {}),
    });
  }
  refuseInactive(match);
  return { id: row.id, tokenVersion: match.version, temporary: match.temporary };
}

/**
 * Forgot password: a temporary password, e-mailed, that works once beside the old one, within 30
 * minutes; the sign-in it opens must choose a new password (`matchPassword`). Returns null when no
 * account uses the e-mail; the caller answers the same either way.
 */
export async function resetPassword(
  { db, env }: Deps,
  input: { email: string; address: string },
): Promise<{ email: string; password: string; username: string } | null> {
  // Without e-mail, every address gets the same 503 before anything is looked up.
  if (!canSendEmail(env)) fail(503, "E-mail is not configured");
  await hitRateLimit(db, limitKey.resetAddress(input.address), LIMITS.resetPerAddress);
  await hitRateLimit(db, limitKey.resetEmail(input.email), LIMITS.resetPerEmail);
  const row = await db.orm
    .select({ id: users.id, status: users.status, username: users.username })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
    .get();
  const password = publicId(12);
  // Hash either way, so the answer takes as long for an unknown address.
  const pendingHash = await hashPassword(password);
  if (!row || row.status === "SUSPENDED" || row.status === "INACTIVE") return null;
  await db.orm
    .update(users)
    .set({ pendingPasswordHash: pendingHash, pendingPasswordExpiresAt: Date.now() + PENDING_PASSWORD_TTL_MS })
    .where(eq(users.id, row.id));
  return { email: input.email, password, username: row.username };
}

/** The signed-in user's row after checking their password; wrong ones count towards a limit. */
export async function requirePassword({ db }: Deps, userId: number, password: string): Promise<UserRow> {
  const key = limitKey.passwordAccount(userId);
  await checkRateLimit(db, key, LIMITS.passwordFailuresPerAccount);
  const row = await db.orm.select().from(users).where(eq(users.id, userId)).get();
  if (!row) fail(401, SESSION_OVER);
  if (!(await verifyPassword(password, row.passwordHash))) {
    await hitRateLimit(db, key, LIMITS.passwordFailuresPerAccount);
    // 403, not 401: the session is fine, the password typed into the form is not.
    fail(403, ACCOUNTS_MSG.wrongPassword);
  }
  return row;
}

/** New password, confirmed by the old one. Every older token stops working. */
export async function updatePassword(
  deps: Deps,
  input: { userId: number; oldPassword: string; newPassword: string },
): Promise<{ email: string }> {
  const { db } = deps;
  if (input.oldPassword === input.newPassword)
    fail(422, ACCOUNTS_MSG.samePassword, { field: "new_password" });
  const row = await requirePassword(deps, input.userId, input.oldPassword);
  await db.orm
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      pendingPasswordHash: null,
      pendingPasswordExpiresAt: null,
      ...raiseTokenVersion,
    })
    .where(eq(users.id, row.id));
  await sessionsEnded(deps, row.id);
  return { email: row.email };
}

/**
 * Deletes the account: personal data is wiped and every token ends at once. The row stays (as a
 * tombstone keeping the username reserved, so nobody can pose as the author of old posts), and
 * follows and memberships go in the same batch as the counters they feed, so no count drifts. The
 * notices their inbox keeps are dropped.
 */
export async function deleteAccount(
  deps: Deps,
  input: { userId: number; username: string; password: string },
): Promise<{ email: string; username: string }> {
  const { db } = deps;
  const row = await requirePassword(deps, input.userId, input.password);
  if (row.username !== input.username) fail(403, ACCOUNTS_MSG.usernameMismatch);
  const id = row.id;
  await db.write(accountDeletionStatements(db, id));
  // The notices their inbox kept (docs/decisions/210) are personal data too.
  await inboxStub(deps, id).forgetNotices(id);
  await sessionsEnded(deps, id);
  return { email: row.email, username: row.username };
}

// The signed-in user -----------------------------------------------------------------------------

export async function getMe({ db }: Deps, userId: number): Promise<Me> {
  const row = await meRow(db, userId);
  if (!row) fail(401, SESSION_OVER);
  return toMe(row.user, row.referrerUsername);
}

/** Flips one boolean setting and answers its new value. */
export async function toggleUserSetting(
  { db }: Deps,
  userId: number,
  setting: UserBooleanSetting,
): Promise<boolean> {
  const column = users[USER_SETTING_COLUMN[setting]];
  const row = await db.orm
    .update(users)
    .set({ [USER_SETTING_COLUMN[setting]]: sql`NOT ${column}` })
    .where(eq(users.id, userId))
    .returning({ value: column })
    .get();
  if (!row) fail(401, SESSION_OVER);
  return row.value;
}
