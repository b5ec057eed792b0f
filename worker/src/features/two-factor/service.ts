import { eq } from "drizzle-orm";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { MFA_MSG, RECOVERY_CODE_COUNT } from "#shared/schemas/two-factor.ts";
import { admins, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { addressBucket, LIMITS, limitKey } from "#worker/lib/account-limits.ts";
import { fail } from "#worker/lib/errors.ts";
import { sha256Hex } from "#worker/lib/ids.ts";
import { verifyPassword } from "#worker/lib/password.ts";
import { checkRateLimit, hitRateLimit, type RateRule } from "#worker/lib/rate-limits.ts";
import { derivedSealingKey, seal, unseal } from "#worker/lib/sealing.ts";
import { totpEnabled as hasTotp } from "#worker/lib/second-factor-queries.ts";
import { hasAnyFactor, isFresh } from "#worker/lib/step-up.ts";
import { MINUTE } from "#worker/lib/time.ts";
import { sendEmail } from "#worker/providers/email.ts";
import { type EmailLanguage, type FactorChange, factorChangedEmail } from "./emails";
import type { Owner } from "./queries";
import * as q from "./queries";
import { base32Of, matchingStep, newTotpSecret, otpauthUri } from "./totp";

export type { Owner } from "./queries";

// Two-factor sign-in for people and staff (docs/decisions/110): an authenticator app's codes, ten
// one-use recovery codes, the second step of a sign-in, and step-up (a factor proved in the last
// five minutes before money moves or a factor goes). The TOTP key is sealed at rest and leaves
// this module in the clear only once, in the set-up answer.

/**
 * Wrong codes, failures only (a right code clears nothing: replays stay counted): per (account,
 * address), as the password step counts them, so a stranger's five wrong codes lock out only the
 * stranger's own address; and per account over an hour, a ceiling that bounds guessing from many
 * addresses (ADR 131).
 */
const CODE_FAILURES: RateRule = { max: 5, windowMs: 15 * MINUTE };
const CODE_FAILURES_PER_ACCOUNT: RateRule = { max: 50, windowMs: 60 * MINUTE };
const codeKeys = (owner: Owner, address: string) =>
  [
    [`mfa:${owner.kind}:${owner.id}:${addressBucket(address)}`, CODE_FAILURES],
    [`mfa:${owner.kind}:${owner.id}`, CODE_FAILURES_PER_ACCOUNT],
  ] as const;

async function checkCodeLimits(deps: Deps, owner: Owner, address: string) {
  for (const [key, rule] of codeKeys(owner, address)) await checkRateLimit(deps.db, key, rule);
}

async function countWrongCode(deps: Deps, owner: Owner, address: string) {
  for (const [key, rule] of codeKeys(owner, address)) await hitRateLimit(deps.db, key, rule);
}

const sealingKey = (deps: Deps) => derivedSealingKey(deps.env.JWT_SECRET, "agora-totp-v1");
const sealedFor = (owner: Owner) => `agora-totp:${owner.kind}:${owner.id}`;

async function openSecret(
  deps: Deps,
  owner: Owner,
  row: { secret: string; iv: string },
): Promise<Uint8Array> {
  const clear = await unseal(await sealingKey(deps), { sealed: row.secret, iv: row.iv }, sealedFor(owner));
  // Sealed under another signing secret: the app's codes cannot be checked any more.
  if (!clear) fail(409, MFA_MSG.noSetup);
  return clear;
}

export interface FactorState {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  passkeys: number;
}

export async function factorState(deps: Deps, owner: Owner): Promise<FactorState> {
  return q.factorCounts(deps, owner);
}

/** A new key for the app, pending until its first code: the only answer that shows it. */
export async function startTotpSetup(
  deps: Deps,
  owner: Owner,
  label: string,
): Promise<{ secret: string; otpauth_uri: string }> {
  if (await hasTotp(deps, owner)) fail(409, MFA_MSG.alreadyOn);
  const secret = newTotpSecret();
  const box = await seal(await sealingKey(deps), secret, sealedFor(owner));
  await q.savePendingTotp(deps, owner, box);
  const issuer = owner.kind === "admin" ? "Agora Admin" : "Agora";
  const answer = { secret: base32Of(secret), otpauth_uri: otpauthUri(secret, issuer, label) };
  secret.fill(0);
  return answer;
}

/**
 * Turns the app on with a known key and no code: for the development seed's staff account only
 * (worker/src/dev/seed.ts), whose key is published so local runs and journeys can make its codes.
 */
export async function enrollKnownTotp(deps: Deps, owner: Owner, secret: Uint8Array): Promise<void> {
  if (await hasTotp(deps, owner)) return;
  await q.savePendingTotp(deps, owner, await seal(await sealingKey(deps), secret, sealedFor(owner)));
  const row = await q.findTotp(deps, owner);
  if (row) await q.enableTotpWithCodes(deps, owner, row.id, []);
}

/** 10 letters and digits, `xxxxx-xxxxx`: about 51 bits each. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const out: string[] = [];
  while (out.length < 10) {
    const [byte] = crypto.getRandomValues(new Uint8Array(1));
    // 252 = 7 * 36: reject the rest so every character is equally likely.
    if (byte! < 252) out.push(alphabet[byte! % 36]!);
  }
  return `${out.slice(0, 5).join("")}-${out.slice(5).join("")}`;
}

const recoveryHash = (code: string) =>
  sha256Hex(`agora-recovery:${code.replace(/[\s-]/g, "").toLowerCase()}`);

/** Checks a TOTP code against the owner's key: counted on failure, and never the same step twice. */
async function acceptTotpCode(
  deps: Deps,
  owner: Owner,
  row: { id: number; secret: string; iv: string },
  code: string,
  address: string,
): Promise<void> {
  await checkCodeLimits(deps, owner, address);
  const secret = await openSecret(deps, owner, row);
  const step = matchingStep(secret, code);
  secret.fill(0);
  if (step === null || !(await q.claimStep(deps, row.id, step))) {
    await countWrongCode(deps, owner, address);
    fail(403, MFA_MSG.codeWrong, { field: "code" });
  }
}

const newRecoveryCodes = async () => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: await Promise.all(codes.map(recoveryHash)) };
};

/** The first code turns TOTP on and answers ten recovery codes, shown this once. */
export async function enableTotp(deps: Deps, owner: Owner, code: string, address: string): Promise<string[]> {
  const row = await q.findTotp(deps, owner);
  if (!row) fail(409, MFA_MSG.noSetup);
  if (row.enabledAt !== null) fail(409, MFA_MSG.alreadyOn);
  await acceptTotpCode(deps, owner, row, code, address);
  const { codes, hashes } = await newRecoveryCodes();
  await q.enableTotpWithCodes(deps, owner, row.id, hashes);
  return codes;
}

/** Ten new recovery codes in place of the old ones (which stop working), shown this once. */
export async function renewRecoveryCodes(deps: Deps, owner: Owner): Promise<string[]> {
  const row = await q.findTotp(deps, owner);
  if (!row || row.enabledAt === null) fail(409, MFA_MSG.notOn);
  const { codes, hashes } = await newRecoveryCodes();
  await q.replaceRecoveryCodes(deps, owner, hashes);
  return codes;
}

/**
 * A code or a recovery code for an owner whose TOTP is on; 403 for a wrong or used one. Answers how
 * many recovery codes are left when one was used, null for a code.
 */
export async function proveSecondFactor(
  deps: Deps,
  owner: Owner,
  input: { code?: string; recoveryCode?: string },
  address: string,
): Promise<{ recoveryCodesLeft: number } | null> {
  const row = await q.findTotp(deps, owner);
  if (!row || row.enabledAt === null) fail(409, MFA_MSG.notOn);
  if (input.code !== undefined) {
    await acceptTotpCode(deps, owner, row, input.code, address);
    return null;
  }
  await checkCodeLimits(deps, owner, address);
  if (!(await q.useRecoveryCode(deps, owner, await recoveryHash(input.recoveryCode ?? "")))) {
    await countWrongCode(deps, owner, address);
    fail(403, MFA_MSG.recoveryWrong, { field: "recovery_code" });
  }
  return { recoveryCodesLeft: await q.recoveryCodesLeft(deps, owner) };
}

/** The owner's password, counted like the other password checks of a signed-in session. */
async function requireOwnerPassword(deps: Deps, owner: Owner, password: string): Promise<void> {
  const key =
    owner.kind === "user" ? limitKey.passwordAccount(owner.id) : limitKey.adminPasswordAccount(owner.id);
  await checkRateLimit(deps.db, key, LIMITS.passwordFailuresPerAccount);
  const table = owner.kind === "user" ? users : admins;
  const row = await deps.db.orm
    .select({ hash: table.passwordHash })
    .from(table)
    .where(eq(table.id, owner.id))
    .get();
  if (!row || !(await verifyPassword(password, row.hash))) {
    await hitRateLimit(deps.db, key, LIMITS.passwordFailuresPerAccount);
    fail(403, ACCOUNTS_MSG.wrongPassword, { field: "password" });
  }
}

/** Turning TOTP off takes the password and a current code (itself a fresh proof). */
export async function disableTotp(
  deps: Deps,
  owner: Owner,
  input: { password: string; code: string },
  address: string,
) {
  const row = await q.findTotp(deps, owner);
  if (!row || row.enabledAt === null) fail(409, MFA_MSG.notOn);
  await requireOwnerPassword(deps, owner, input.password);
  await acceptTotpCode(deps, owner, row, input.code, address);
  await q.removeTotp(deps, owner);
}

/**
 * "Sudo mode" for the changes that would let a stolen session keep the account (adding a passkey,
 * turning the app on, new recovery codes): a factor proved in the last five minutes when the
 * owner has one, else the password typed in the last five minutes (ADR 131). 403 with
 * the code `step_up_required` or `reauth_required`, which the SPAs read to ask for the one or the other.
 */
export async function requireRecentProof(
  deps: Deps,
  owner: Owner,
  session: { factorAt?: number | null; passwordAt?: number | null },
) {
  if (await hasAnyFactor(deps, owner)) {
    if (isFresh(session.factorAt)) return;
    fail(403, MFA_MSG.stepUpRequired, { code: "step_up_required" });
  }
  if (isFresh(session.passwordAt) || isFresh(session.factorAt)) return;
  fail(403, MFA_MSG.reauthRequired, { code: "reauth_required" });
}

/**
 * Step-up by password, for an owner with no factor: the password proves the person again. An
 * owner with a factor must use it (a stolen password must not stand in for it).
 */
export async function provePassword(deps: Deps, owner: Owner, password: string): Promise<void> {
  if (await hasAnyFactor(deps, owner)) fail(403, MFA_MSG.useYourFactor, { code: "step_up_required" });
  await requireOwnerPassword(deps, owner, password);
}

/** After a right second step: the account's current token version (a password change since voids the step). */
export async function currentVersion(deps: Deps, owner: Owner, version: number): Promise<number> {
  const table = owner.kind === "user" ? users : admins;
  const row = await deps.db.orm
    .select({ version: table.tokenVersion })
    .from(table)
    .where(eq(table.id, owner.id))
    .get();
  if (!row || row.version !== version) fail(401, MFA_MSG.mfaTokenExpired);
  return row.version;
}

/** The token version to sign for a passkey sign-in; 403 for an account that may not sign in. */
export async function passkeyAccount(deps: Deps, owner: Owner): Promise<number> {
  if (owner.kind === "admin") {
    const row = await deps.db.orm
      .select({ version: admins.tokenVersion })
      .from(admins)
      .where(eq(admins.id, owner.id))
      .get();
    if (!row) fail(403, MFA_MSG.passkeyUnknown);
    return row.version;
  }
  const row = await deps.db.orm
    .select({ version: users.tokenVersion, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, owner.id))
    .get();
  if (!row || row.deletedAt !== null) fail(403, MFA_MSG.passkeyUnknown);
  if (row.status === "UNCONFIRMED") fail(403, ACCOUNTS_MSG.unverified, { code: "email_unverified" });
  if (row.status !== "ACTIVE") fail(403, ACCOUNTS_MSG.suspended, { code: "suspended" });
  return row.version;
}

/**
 * Tells the owner by e-mail that a sign-in factor changed. Never in the way of the change: with an
 * e-mail service the answer does not wait for it, and a failure is logged, not answered. The dev
 * outbox is written before answering, so tests and local journeys read it at once.
 */
export async function tellFactorChanged(
  deps: Deps,
  owner: Owner,
  change: FactorChange,
  language: EmailLanguage,
): Promise<void> {
  const send = async () => {
    const table = owner.kind === "user" ? users : admins;
    const row = await deps.db.orm
      .select({ email: table.email })
      .from(table)
      .where(eq(table.id, owner.id))
      .get();
    if (!row?.email) return;
    const email = factorChangedEmail(row.email, change, {
      language,
      at: new Date(),
      admin: owner.kind === "admin",
      publicUrl: deps.env.PUBLIC_URL,
    });
    await sendEmail(deps, email);
  };
  const run = send().catch((error) => console.error(`mfa: ${change.kind} e-mail not sent`, error));
  if (deps.env.EMAIL_API_URL && deps.env.EMAIL_API_KEY && deps.background) deps.background(run);
  else await run;
}
