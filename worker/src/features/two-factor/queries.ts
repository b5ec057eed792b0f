import { and, count, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { admins, passkeys, recoveryCodes, totpFactors, webauthnChallenges } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";

// The SQL of second factors: TOTP rows, recovery codes, passkeys and WebAuthn challenges. Whether
// an owner has a factor at all is read below the features (lib/second-factor-queries.ts), since the
// step-up rule asks it for every feature.

export interface Owner {
  kind: "user" | "admin";
  id: number;
}

const totpOf = (owner: Owner) =>
  and(eq(totpFactors.ownerKind, owner.kind), eq(totpFactors.ownerId, owner.id));
const codesOf = (owner: Owner) =>
  and(eq(recoveryCodes.ownerKind, owner.kind), eq(recoveryCodes.ownerId, owner.id));
const passkeysOf = (owner: Owner) => and(eq(passkeys.ownerKind, owner.kind), eq(passkeys.ownerId, owner.id));

export function findTotp({ db }: Deps, owner: Owner) {
  return db.orm.select().from(totpFactors).where(totpOf(owner)).get();
}

/** A new pending set-up, replacing one that was never confirmed. */
export async function savePendingTotp({ db }: Deps, owner: Owner, box: { sealed: string; iv: string }) {
  await db.orm.delete(totpFactors).where(and(totpOf(owner), isNull(totpFactors.enabledAt)));
  await db.orm
    .insert(totpFactors)
    .values({ ownerKind: owner.kind, ownerId: owner.id, secret: box.sealed, iv: box.iv })
    .onConflictDoNothing()
    .run();
}

/**
 * Records `step` as used, only if it is later than the last one used: true when this call won. Two
 * requests with the same code race on this one statement; only one of them gets true.
 */
export async function claimStep({ db }: Deps, totpId: number, step: number): Promise<boolean> {
  const row = await db.orm
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.id, totpId), lt(totpFactors.lastStep, step)))
    .returning({ id: totpFactors.id })
    .get();
  return row !== undefined;
}

/** The owner's recovery codes replaced by new ones, in one batch. */
export async function replaceRecoveryCodes({ db }: Deps, owner: Owner, hashes: string[]) {
  await db.orm.batch([
    db.orm.delete(recoveryCodes).where(codesOf(owner)),
    db.orm
      .insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ ownerKind: owner.kind, ownerId: owner.id, codeHash }))),
  ]);
}

/** Turns the pending set-up on and replaces the recovery codes, in one batch. */
export async function enableTotpWithCodes({ db }: Deps, owner: Owner, totpId: number, hashes: string[]) {
  const now = Date.now();
  const enable = db.orm.update(totpFactors).set({ enabledAt: now }).where(eq(totpFactors.id, totpId));
  const clear = db.orm.delete(recoveryCodes).where(codesOf(owner));
  if (!hashes.length) {
    await db.orm.batch([enable, clear]);
    return;
  }
  await db.orm.batch([
    enable,
    clear,
    db.orm
      .insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ ownerKind: owner.kind, ownerId: owner.id, codeHash }))),
  ]);
}

export async function removeTotp({ db }: Deps, owner: Owner) {
  await db.orm.batch([
    db.orm.delete(totpFactors).where(totpOf(owner)),
    db.orm.delete(recoveryCodes).where(codesOf(owner)),
  ]);
}

/** Marks an unused recovery code used: true when it existed and was unused (one use, even racing). */
export async function useRecoveryCode({ db }: Deps, owner: Owner, codeHash: string): Promise<boolean> {
  const row = await db.orm
    .update(recoveryCodes)
    .set({ usedAt: Date.now() })
    .where(and(codesOf(owner), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
    .get();
  return row !== undefined;
}

export async function recoveryCodesLeft({ db }: Deps, owner: Owner): Promise<number> {
  const row = await db.orm
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(codesOf(owner), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

/** Through a batch: a request's token check rides in the same round trip (docs/decisions/156). */
export async function listPasskeys({ db }: Deps, owner: Owner) {
  const [rows] = await db.orm.batch([
    db.orm.select().from(passkeys).where(passkeysOf(owner)).orderBy(passkeys.id),
  ]);
  return rows;
}

/**
 * Whether the app is on, the recovery codes left and the passkeys, in one round trip (the
 * request's token check riding in it, docs/decisions/156).
 */
export async function factorCounts(
  { db }: Deps,
  owner: Owner,
): Promise<{ totpEnabled: boolean; recoveryCodesLeft: number; passkeys: number }> {
  const [totp, codes, keys] = await db.orm.batch([
    db.orm
      .select({ id: totpFactors.id })
      .from(totpFactors)
      .where(and(totpOf(owner), isNotNull(totpFactors.enabledAt)))
      .limit(1),
    db.orm
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(codesOf(owner), isNull(recoveryCodes.usedAt))),
    db.orm.select({ n: count() }).from(passkeys).where(passkeysOf(owner)),
  ]);
  return { totpEnabled: totp.length > 0, recoveryCodesLeft: codes[0]?.n ?? 0, passkeys: keys[0]?.n ?? 0 };
}

export function findPasskeyByCredential({ db }: Deps, credentialId: string) {
  return db.orm.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();
}

export async function insertPasskey(
  { db }: Deps,
  owner: Owner,
  values: {
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string;
    name: string;
    createdFrom: string;
  },
): Promise<boolean> {
  const row = await db.orm
    .insert(passkeys)
    .values({ ownerKind: owner.kind, ownerId: owner.id, ...values })
    .onConflictDoNothing()
    .returning({ id: passkeys.id })
    .get();
  return row !== undefined;
}

export async function touchPasskey({ db }: Deps, id: number, counter: number) {
  await db.orm.update(passkeys).set({ counter, lastUsedAt: Date.now() }).where(eq(passkeys.id, id));
}

/** Deletes the owner's passkeys added since `since` (ms): their names. */
export async function deletePasskeysSince({ db }: Deps, owner: Owner, since: number): Promise<string[]> {
  const rows = await db.orm
    .delete(passkeys)
    .where(and(passkeysOf(owner), gte(passkeys.createdAt, since)))
    .returning({ name: passkeys.name })
    .all();
  return rows.map((r) => r.name);
}

/** Deletes one of the owner's passkeys: its name, or null when there was none with that id. */
export async function deletePasskey({ db }: Deps, owner: Owner, id: number): Promise<string | null> {
  const row = await db.orm
    .delete(passkeys)
    .where(and(passkeysOf(owner), eq(passkeys.id, id)))
    .returning({ name: passkeys.name })
    .get();
  return row?.name ?? null;
}

export async function saveChallenge(
  { db }: Deps,
  values: {
    challenge: string;
    purpose: "register" | "login" | "step-up";
    owner: Owner | null;
    expiresAt: number;
  },
) {
  const now = Date.now();
  await db.orm.batch([
    db.orm.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now)),
    db.orm.insert(webauthnChallenges).values({
      challenge: values.challenge,
      purpose: values.purpose,
      ownerKind: values.owner?.kind ?? null,
      ownerId: values.owner?.id ?? null,
      expiresAt: values.expiresAt,
    }),
  ]);
}

/** Takes a challenge out (one use): its row if it was there and fresh. */
export async function takeChallenge({ db }: Deps, challenge: string) {
  const row = await db.orm
    .delete(webauthnChallenges)
    .where(eq(webauthnChallenges.challenge, challenge))
    .returning()
    .get();
  if (!row || row.expiresAt < Date.now()) return null;
  return row;
}

/** Ends every session of a staff member: their token version goes up; answers the new one. */
export async function raiseAdminTokenVersion({ db }: Deps, adminId: number): Promise<number | null> {
  const row = await db.orm
    .update(admins)
    .set({ tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.id, adminId))
    .returning({ version: admins.tokenVersion })
    .get();
  return row?.version ?? null;
}
