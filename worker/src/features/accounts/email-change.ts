import { eq, sql } from "drizzle-orm";
import { EMAIL_CHANGE_MAX_TRIES, EMAIL_CHANGE_TTL_MS } from "#shared/constants.ts";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { emailChanges, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { LIMITS, limitKey } from "#worker/lib/account-limits.ts";
import { type ErrorCode, fail } from "#worker/lib/errors.ts";
import { publicId, sha256Hex } from "#worker/lib/ids.ts";
import { checkRateLimit, hitRateLimit } from "#worker/lib/rate-limits.ts";
import { emailMoveStatements } from "./queries";
import { requirePassword, uniqueViolation } from "./service";
import { sessionsEnded } from "./sessions";

// Moving the account to a new e-mail: asked for with the password, applied with a code sent to
// the new address, in the browser that asked.

/** Six random digits, uniformly (4,294,000,000 is the largest multiple of a million below 2^32). */
function sixDigitCode(): string {
  for (;;) {
    const n = crypto.getRandomValues(new Uint32Array(1))[0]!;
    if (n < 4_294_000_000) return String(n % 1_000_000).padStart(6, "0");
  }
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
    const statements = emailMoveStatements(db, {
      userId: user.id,
      newEmail: change.newEmail,
      tokenVersion: change.tokenVersion,
      giveWay: holder?.id ?? null,
    });
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
