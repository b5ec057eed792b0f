import { and, eq, isNull, or, sql } from "drizzle-orm";
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_TTL_MS } from "#shared/constants.ts";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { users, verificationCodes } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { LIMITS, limitKey } from "#worker/lib/account-limits.ts";
import { fail, RetryLater } from "#worker/lib/errors.ts";
import { publicId, sha256Hex } from "#worker/lib/ids.ts";
import type { EmailLanguage } from "#worker/lib/language.ts";
import { hashPassword } from "#worker/lib/password.ts";
import { checkRateLimit, hitRateLimit } from "#worker/lib/rate-limits.ts";
import type { Email } from "#worker/providers/email.ts";
import { addressInUseEmail, verificationEmail } from "./emails";
import { newAccountStatements } from "./queries";
import {
  RESEND_COOLDOWN_MS,
  refuseInactive,
  type SignedIn,
  UNCONFIRMED_TTL_MS,
  uniqueViolation,
} from "./service";

// Signing up: registering, confirming the e-mail with its code, and asking for a new code.

/** An unguessable, single-use code: 10 letters of a 32-letter alphabet (50 bits), shown in capitals. */
function newVerificationCode(): string {
  return publicId(VERIFICATION_CODE_LENGTH).toUpperCase();
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
  // Their inbox keeps it (docs/decisions/223): one statement checks it.
  const told = deps.events.referred({
    referrerId,
    newcomerId: newcomer.id,
    link: `/user/${newcomer.username}`,
    now: Date.now(),
  });
  await told.after(await deps.db.write(told.statements));
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
      await db.write(
        newAccountStatements(
          db,
          { ...account, email: input.email },
          {
            codeHash,
            expiresAt: now + VERIFICATION_CODE_TTL_MS,
            createdAt: now,
          },
        ),
      );
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
