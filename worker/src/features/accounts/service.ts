import { and, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  EMAIL_CHANGE_MAX_TRIES,
  EMAIL_CHANGE_TTL_MS,
  RESEND_COUNTDOWN_S,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MS,
} from "#shared/constants.ts";
import type { UserBooleanSetting } from "#shared/enums.ts";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import type { Me } from "#shared/schemas/user.ts";
import {
  blocks,
  communityMembers,
  emailChanges,
  follows,
  users,
  verificationCodes,
} from "#worker/db/schema/index.ts";
import type { Statement } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { LIMITS, limitKey } from "#worker/lib/account-limits.ts";
import { type ErrorCode, fail, RetryLater } from "#worker/lib/errors.ts";
import { publicId, sha256Hex } from "#worker/lib/ids.ts";
import type { EmailLanguage } from "#worker/lib/language.ts";
import { hashPassword, UNUSABLE_HASH, verifyPassword } from "#worker/lib/password.ts";
import { checkRateLimit, clearRateLimit, hitRateLimit } from "#worker/lib/rate-limits.ts";
import { MINUTE } from "#worker/lib/time.ts";
import { toMe, USER_SETTING_COLUMN } from "#worker/lib/user-json.ts";
import type { Email } from "#worker/providers/email.ts";
import { suspensionNotice } from "../moderation/service";
import { notify } from "../notifications/service";
import { addressInUseEmail, verificationEmail } from "./emails";
import { raiseTokenVersion, sessionsEnded } from "./sessions";

type UserRow = typeof users.$inferSelect;

/** A code may be asked for again this long after the last one; the SPA counts the same wait down. */
const RESEND_COOLDOWN_MS = RESEND_COUNTDOWN_S * 1000;
/** An account never confirmed frees its username and e-mail after this long. */
const UNCONFIRMED_TTL_MS = 24 * 60 * MINUTE;
/** An e-mailed temporary password must be used within this long (ADR 131). */
export const PENDING_PASSWORD_TTL_MS = 30 * MINUTE;

/** The middleware's words when an account behind a valid token is gone. */
export const SESSION_OVER = "Your session has expired. Please log in again.";

/** Who the account is, for signing a token. */
export interface SignedIn {
  id: number;
  tokenVersion: number;
  /** Signed in with an e-mailed temporary password: a new password must be chosen before anything. */
  temporary?: boolean;
}

/** An unguessable, single-use code: 10 letters of a 32-letter alphabet (50 bits), shown in capitals. */
function newVerificationCode(): string {
  return publicId(VERIFICATION_CODE_LENGTH).toUpperCase();
}

/** Six random digits, uniformly (4,294,000,000 is the largest multiple of a million below 2^32). */
function sixDigitCode(): string {
  for (;;) {
    const n = crypto.getRandomValues(new Uint32Array(1))[0]!;
    if (n < 4_294_000_000) return String(n % 1_000_000).padStart(6, "0");
  }
}

/**
 * A registration whose e-mail already has an account still answers as if it were created, and
 * holds its username like a waiting registration would, under a stand-in address that is never
 * written to (so nobody can tell the two apart by trying the username again). It is freed after a
 * day like any registration nobody confirmed.
 */
const HELD_EMAIL_DOMAIN = "held.invalid";
const heldEmail = () => `held-${publicId(16)}@${HELD_EMAIL_DOMAIN}`;
const isHeldEmail = (email: string) => email.endsWith(`@${HELD_EMAIL_DOMAIN}`);

/** Which unique column a failed insert or update ran into, if that is why it failed. */
function uniqueViolation(error: unknown): "username" | "email" | "other" | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const message = String((e as Error).message ?? e);
    if (!message.includes("UNIQUE constraint failed")) continue;
    if (message.includes("users.username")) return "username";
    if (message.includes("users.email")) return "email";
    return "other";
  }
  return null;
}

/**
 * A Drizzle query as a plain statement, for `db.write` batches mixing builders and hand-written SQL
 * (Drizzle's own batch cannot carry raw SQL).
 */
function fromOrm(query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = query.toSQL();
  return { sql: text, binds: params };
}

function refuseInactive(row: Pick<UserRow, "status">): void {
  if (row.status === "SUSPENDED" || row.status === "INACTIVE")
    fail(403, ACCOUNTS_MSG.suspended, { code: "suspended" });
}

// Registration and e-mail verification ----------------------------------------------------------

/** The active account a referral link names, if any; an unknown referrer is ignored, not an error. */
export async function findReferrer({ db }: Deps, username: string | null): Promise<number | null> {
  if (!username) return null;
  const row = await db.orm
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), eq(users.status, "ACTIVE"), isNull(users.deletedAt)))
    .get();
  return row?.id ?? null;
}

/** Tells the referrer that the person they invited is in (their REFERRAL notification setting decides). */
export async function tellReferrer(
  deps: Deps,
  referrerId: number | null,
  newcomer: { id: number; username: string },
): Promise<void> {
  if (referrerId === null) return;
  await notify(deps, {
    userId: referrerId,
    kind: "REFERRAL",
    actorId: newcomer.id,
    link: `/user/${newcomer.username}`,
    text: null,
  });
}

export interface RegisterParams {
  email: string;
  username: string;
  password: string;
  refUsername: string | null;
  address: string;
  /** What reaches the person while away is written in it (the browser's languages at sign-up). */
  language: EmailLanguage;
}

/**
 * Creates an UNCONFIRMED account and its first code, and answers the e-mail to send. When another
 * account already has the e-mail, nothing is created for it: the registrant's username is held
 * (see HELD_EMAIL_DOMAIN) and the owner of the address is told instead, so the answer is the same
 * whether or not the address is registered.
 */
export async function registerAccount(
  deps: Deps,
  input: RegisterParams,
): Promise<{ username: string; email: string; mail: Email }> {
  const { db } = deps;
  await hitRateLimit(db, limitKey.registerAddress(input.address), LIMITS.registerPerAddress);
  await hitRateLimit(db, limitKey.registerEmail(input.email), LIMITS.registerPerEmail);
  const now = Date.now();

  const clashes = await db.orm
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
      confirmedAt: users.confirmedAt,
    })
    .from(users)
    .where(or(eq(users.username, input.username), eq(users.email, input.email)))
    .all();
  // A registration nobody confirmed for a day (a mistyped e-mail) must not hold the name forever.
  // An account that was ever confirmed is never one, even when staff set it back to UNCONFIRMED.
  const abandoned = clashes.filter(
    (r) => r.status === "UNCONFIRMED" && r.confirmedAt === null && r.createdAt < now - UNCONFIRMED_TTL_MS,
  );
  const live = clashes.filter((r) => !abandoned.includes(r));
  if (live.some((r) => r.username === input.username)) fail(409, ACCOUNTS_MSG.usernameTaken);
  for (const row of abandoned) await db.orm.delete(users).where(eq(users.id, row.id));

  const referrerId = await findReferrer(deps, input.refUsername);
  const passwordHash = await hashPassword(input.password);
  const account = {
    username: input.username,
    passwordHash,
    status: "UNCONFIRMED" as const,
    referrerId,
    lastCodeSentAt: now,
    language: input.language,
  };
  const answer = { username: input.username, email: input.email };
  if (!live.some((r) => r.email === input.email)) {
    const code = newVerificationCode();
    const codeHash = await sha256Hex(code);
    try {
      await db.write([
        db.prepare(fromOrm(db.orm.insert(users).values({ ...account, email: input.email }))),
        db.prepare({
          sql: `INSERT INTO verification_codes (user_id, code_hash, expires_at, created_at)
                SELECT id, ?1, ?2, ?3 FROM users WHERE username = ?4`,
          binds: [codeHash, now + VERIFICATION_CODE_TTL_MS, now, input.username],
        }),
      ]);
      return { ...answer, mail: verificationEmail(input.email, code) };
    } catch (error) {
      // Two people registering the same name or address at the same moment: the index decides.
      const clash = uniqueViolation(error);
      if (clash === "username") fail(409, ACCOUNTS_MSG.usernameTaken);
      if (clash !== "email") throw error;
    }
  }
  try {
    await db.orm.insert(users).values({ ...account, email: heldEmail() });
  } catch (error) {
    if (uniqueViolation(error) === "username") fail(409, ACCOUNTS_MSG.usernameTaken);
    throw error;
  }
  return { ...answer, mail: addressInUseEmail(input.email) };
}

/** Activates the account a code was sent to: once, before it expires. */
export async function confirmRegistration(
  deps: Deps,
  input: { code: string; address: string },
): Promise<SignedIn> {
  const { db } = deps;
  const addressKey = limitKey.confirmAddress(input.address);
  await checkRateLimit(db, addressKey, LIMITS.confirmFailuresPerAddress);
  const row = await db.orm
    .select({
      codeId: verificationCodes.id,
      usedAt: verificationCodes.usedAt,
      expiresAt: verificationCodes.expiresAt,
      userId: users.id,
      username: users.username,
      status: users.status,
      deletedAt: users.deletedAt,
      tokenVersion: users.tokenVersion,
      referrerId: users.referrerId,
    })
    .from(verificationCodes)
    .innerJoin(users, eq(users.id, verificationCodes.userId))
    .where(eq(verificationCodes.codeHash, await sha256Hex(input.code)))
    .get();
  if (!row || row.deletedAt !== null) {
    await hitRateLimit(db, addressKey, LIMITS.confirmFailuresPerAddress);
    fail(400, ACCOUNTS_MSG.codeInvalid);
  }
  await hitRateLimit(db, limitKey.confirmAccount(row.userId), LIMITS.confirmPerAccount);
  if (row.usedAt !== null || row.status === "ACTIVE")
    fail(409, ACCOUNTS_MSG.alreadyVerified, { code: "already_verified" });
  refuseInactive(row);
  const now = Date.now();
  if (row.expiresAt <= now) fail(400, ACCOUNTS_MSG.codeExpired, { code: "code_expired" });

  const [used] = await db.orm.batch([
    db.orm
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(eq(verificationCodes.id, row.codeId), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id }),
    db.orm
      .update(users)
      .set({ status: "ACTIVE", emailVerifiedAt: now })
      .where(and(eq(users.id, row.userId), eq(users.status, "UNCONFIRMED"))),
  ]);
  // Confirmed by a request a moment earlier.
  if (used.length === 0) fail(409, ACCOUNTS_MSG.alreadyVerified);

  await tellReferrer(deps, row.referrerId, { id: row.userId, username: row.username });
  return { id: row.userId, tokenVersion: row.tokenVersion };
}

/**
 * A fresh code for an unconfirmed account, at most once a minute. Older codes stop working. A held
 * registration (its address had an account) is answered the same, and nothing is sent: null.
 */
export async function resendVerificationCode(
  { db }: Deps,
  input: { username: string; address: string },
): Promise<{ email: string; code: string } | null> {
  await hitRateLimit(db, limitKey.resendAddress(input.address), LIMITS.resendPerAddress);
  await hitRateLimit(db, limitKey.resendAccount(input.username), LIMITS.resendPerAccount);
  const row = await db.orm
    .select()
    .from(users)
    .where(and(eq(users.username, input.username), isNull(users.deletedAt)))
    .get();
  if (!row) fail(404, ACCOUNTS_MSG.noSuchUsername);
  if (row.status === "ACTIVE") fail(409, ACCOUNTS_MSG.alreadyVerified);
  refuseInactive(row);

  const now = Date.now();
  // The cooldown is claimed in one conditional update, so two quick clicks send one e-mail.
  const claimed = await db.orm
    .update(users)
    .set({ lastCodeSentAt: now })
    .where(
      and(
        eq(users.id, row.id),
        or(isNull(users.lastCodeSentAt), sql`${users.lastCodeSentAt} <= ${now - RESEND_COOLDOWN_MS}`),
      ),
    )
    .returning({ id: users.id })
    .get();
  if (!claimed) {
    const seconds = Math.max(1, Math.ceil(((row.lastCodeSentAt ?? now) + RESEND_COOLDOWN_MS - now) / 1000));
    throw new RetryLater(seconds, `Wait ${seconds} seconds before asking for a new code.`);
  }
  if (isHeldEmail(row.email)) return null;

  const code = newVerificationCode();
  await db.orm.batch([
    db.orm
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.userId, row.id), isNull(verificationCodes.usedAt))),
    db.orm.insert(verificationCodes).values({
      userId: row.id,
      codeHash: await sha256Hex(code),
      expiresAt: now + VERIFICATION_CODE_TTL_MS,
    }),
  ]);
  return { email: row.email, code };
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
  { db }: Deps,
  input: { email: string; address: string },
): Promise<{ email: string; password: string; username: string } | null> {
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
async function requirePassword({ db }: Deps, userId: number, password: string): Promise<UserRow> {
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

/**
 * Asks to move the account to a new e-mail, confirmed by the password: nothing changes yet. The
 * answer is a 6-digit code for the new address and a random token for the asking browser's cookie;
 * the change is found by that token and the code checked against it, so a code works only in that
 * browser, and only EMAIL_CHANGE_MAX_TRIES guesses each. One change waits per person: asking again
 * replaces it. The new address is not reserved, and whether another account uses it is not told
 * here (only to whoever holds its code, at confirmation).
 */
export async function requestEmailChange(
  deps: Deps,
  input: { userId: number; newEmail: string; password: string },
): Promise<{ code: string; browser: string }> {
  const { db } = deps;
  const row = await requirePassword(deps, input.userId, input.password);
  if (row.email === input.newEmail) fail(409, ACCOUNTS_MSG.sameEmail);
  await hitRateLimit(db, limitKey.emailChangeAccount(row.id), LIMITS.emailChangePerAccount);
  await hitRateLimit(db, limitKey.emailChangeNewEmail(input.newEmail), LIMITS.emailChangePerNewEmail);
  const code = sixDigitCode();
  const browser = publicId(32);
  const now = Date.now();
  const change = {
    newEmail: input.newEmail,
    browserHash: await sha256Hex(browser),
    codeHash: await sha256Hex(`${browser}:${code}`),
    tries: 0,
    tokenVersion: row.tokenVersion,
    expiresAt: now + EMAIL_CHANGE_TTL_MS,
    createdAt: now,
  };
  await db.orm
    .insert(emailChanges)
    .values({ userId: row.id, ...change })
    .onConflictDoUpdate({ target: emailChanges.userId, set: change });
  return { code, browser };
}

/**
 * Applies the e-mail change waiting in this browser when the code is right: the address is then
 * the account's, proven, and every session ends. 409 when another account took the address
 * meanwhile (a registration nobody confirmed gives way: whoever proves an address owns it).
 * Wrong codes count per browser's change and per address.
 */
export async function confirmEmailChange(
  deps: Deps,
  input: { code: string; browser: string | undefined; address: string },
): Promise<{ oldEmail: string; newEmail: string }> {
  const { db } = deps;
  const addressKey = limitKey.emailConfirmAddress(input.address);
  await checkRateLimit(db, addressKey, LIMITS.emailConfirmFailuresPerAddress);
  const refuse = async (detail: string, code?: ErrorCode): Promise<never> => {
    await hitRateLimit(db, addressKey, LIMITS.emailConfirmFailuresPerAddress);
    fail(400, detail, { code });
  };

  const pending = input.browser
    ? await db.orm
        .select({ change: emailChanges, user: users })
        .from(emailChanges)
        .innerJoin(users, eq(users.id, emailChanges.userId))
        .where(eq(emailChanges.browserHash, await sha256Hex(input.browser)))
        .get()
    : undefined;
  // A change made before the person's sessions last ended (a new password, a suspension) is void.
  if (
    !pending ||
    pending.user.deletedAt !== null ||
    pending.user.tokenVersion !== pending.change.tokenVersion ||
    pending.user.status === "SUSPENDED" ||
    pending.user.status === "INACTIVE"
  ) {
    return refuse(ACCOUNTS_MSG.emailChangeNothingWaiting, "nothing_pending");
  }
  const { change, user } = pending;
  if (change.tries >= EMAIL_CHANGE_MAX_TRIES)
    return refuse(ACCOUNTS_MSG.emailChangeTooManyTries, "attempts_exhausted");
  if (change.expiresAt <= Date.now()) return refuse(ACCOUNTS_MSG.codeExpired, "code_expired");
  if ((await sha256Hex(`${input.browser}:${input.code}`)) !== change.codeHash) {
    await db.orm
      .update(emailChanges)
      .set({ tries: sql`${emailChanges.tries} + 1` })
      .where(eq(emailChanges.userId, user.id));
    if (change.tries + 1 >= EMAIL_CHANGE_MAX_TRIES)
      return refuse(ACCOUNTS_MSG.emailChangeTooManyTries, "attempts_exhausted");
    return refuse(ACCOUNTS_MSG.codeInvalid);
  }

  const holder = await db.orm
    .select({
      id: users.id,
      status: users.status,
      confirmedAt: users.confirmedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.email, change.newEmail))
    .get();
  const waiting =
    holder?.status === "UNCONFIRMED" && holder.confirmedAt === null && holder.emailVerifiedAt === null;
  if (holder && !waiting) fail(409, ACCOUNTS_MSG.emailTaken);

  let moved: Array<{ id: number }>;
  try {
    const statements = [
      ...(holder ? [db.prepare(fromOrm(db.orm.delete(users).where(eq(users.id, holder.id))))] : []),
      db.prepare(
        fromOrm(
          db.orm
            .update(users)
            .set({ email: change.newEmail, emailVerifiedAt: Date.now(), ...raiseTokenVersion })
            .where(and(eq(users.id, user.id), eq(users.tokenVersion, change.tokenVersion)))
            .returning({ id: users.id }),
        ),
      ),
      db.prepare(fromOrm(db.orm.delete(emailChanges).where(eq(emailChanges.userId, user.id)))),
    ];
    const results = await db.write(statements);
    moved = (results[holder ? 1 : 0]?.results ?? []) as Array<{ id: number }>;
  } catch (error) {
    if (uniqueViolation(error) === "email") fail(409, ACCOUNTS_MSG.emailTaken);
    throw error;
  }
  // Sessions ended by another request a moment earlier.
  if (moved.length === 0) return refuse(ACCOUNTS_MSG.emailChangeNothingWaiting, "nothing_pending");
  await sessionsEnded(deps, user.id);
  return { oldEmail: user.email, newEmail: change.newEmail };
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
 * follows and memberships go in the same batch as the counters they feed, so no count drifts.
 */
export async function deleteAccount(
  deps: Deps,
  input: { userId: number; username: string; password: string },
): Promise<{ email: string; username: string }> {
  const { db } = deps;
  const row = await requirePassword(deps, input.userId, input.password);
  if (row.username !== input.username) fail(403, ACCOUNTS_MSG.usernameMismatch);
  const id = row.id;
  await db.write([
    db.prepare({
      sql: `UPDATE users SET total_followers = total_followers - 1
            WHERE id IN (SELECT followee_id FROM follows WHERE follower_id = ?1)`,
      binds: [id],
    }),
    db.prepare({
      sql: `UPDATE users SET total_following = total_following - 1
            WHERE id IN (SELECT follower_id FROM follows WHERE followee_id = ?1)`,
      binds: [id],
    }),
    db.prepare(
      fromOrm(db.orm.delete(follows).where(or(eq(follows.followerId, id), eq(follows.followeeId, id)))),
    ),
    db.prepare({
      sql: `UPDATE communities SET total_members = total_members - 1
            WHERE id IN (SELECT community_id FROM community_members WHERE user_id = ?1)`,
      binds: [id],
    }),
    db.prepare(fromOrm(db.orm.delete(communityMembers).where(eq(communityMembers.userId, id)))),
    db.prepare(fromOrm(db.orm.delete(blocks).where(or(eq(blocks.blockerId, id), eq(blocks.blockedId, id))))),
    db.prepare(fromOrm(db.orm.delete(verificationCodes).where(eq(verificationCodes.userId, id)))),
    db.prepare(fromOrm(db.orm.delete(emailChanges).where(eq(emailChanges.userId, id)))),
    db.prepare(
      fromOrm(
        db.orm
          .update(users)
          .set({
            email: `deleted-${id}@deleted.invalid`,
            passwordHash: UNUSABLE_HASH,
            pendingPasswordHash: null,
            pendingPasswordExpiresAt: null,
            googleSub: null,
            profileName: null,
            profileImage: null,
            profileCover: null,
            headline: "",
            bio: "",
            links: "[]",
            jobTitle: null,
            jobSkills: null,
            status: "INACTIVE",
            emailVerifiedAt: null,
            deletedAt: Date.now(),
            ...raiseTokenVersion,
          })
          .where(eq(users.id, id)),
      ),
    ),
  ]);
  await sessionsEnded(deps, id);
  return { email: row.email, username: row.username };
}

// The signed-in user -----------------------------------------------------------------------------

export async function getMe({ db }: Deps, userId: number): Promise<Me> {
  const referrer = alias(users, "referrer");
  const row = await db.orm
    .select({ user: users, referrerUsername: referrer.username })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referrerId))
    .where(eq(users.id, userId))
    .get();
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
