import { and, count, eq, isNotNull, lt } from "drizzle-orm";
import { passkeys, totpFactors } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";

// Whether a person or a staff member has a second factor (the app on, passkeys): what the step-up
// rule (step-up.ts) and the second step of a sign-in ask. The factors themselves: features/two-factor.

/** Whose factors: a person's or a staff member's. */
export interface FactorOwner {
  kind: "user" | "admin";
  id: number;
}

const totpOf = (owner: FactorOwner) =>
  and(eq(totpFactors.ownerKind, owner.kind), eq(totpFactors.ownerId, owner.id));
const passkeysOf = (owner: FactorOwner) =>
  and(eq(passkeys.ownerKind, owner.kind), eq(passkeys.ownerId, owner.id));

export async function totpEnabled({ db }: Deps, owner: FactorOwner): Promise<boolean> {
  const row = await db.orm
    .select({ id: totpFactors.id })
    .from(totpFactors)
    .where(and(totpOf(owner), isNotNull(totpFactors.enabledAt)))
    .get();
  return row !== undefined;
}

export async function passkeyCount({ db }: Deps, owner: FactorOwner): Promise<number> {
  const row = await db.orm.select({ n: count() }).from(passkeys).where(passkeysOf(owner)).get();
  return row?.n ?? 0;
}

/** The owner's passkeys added before `before` (ms). */
export async function passkeyCountBefore({ db }: Deps, owner: FactorOwner, before: number): Promise<number> {
  const row = await db.orm
    .select({ n: count() })
    .from(passkeys)
    .where(and(passkeysOf(owner), lt(passkeys.createdAt, before)))
    .get();
  return row?.n ?? 0;
}
