import { and, eq } from "drizzle-orm";
import { HOTP, Secret } from "otpauth";
import { totpFactors } from "#worker/db/schema/index.ts";
import { type Owner, startTotpSetup } from "#worker/features/mfa/service.ts";
import { currentStep } from "#worker/features/mfa/totp.ts";
import { deps } from "./api";

// Authenticator apps for the tests: the codes come from `otpauth`, as a phone app's would.

/** The code an app shows for the key at `offset` steps from now. */
export function totpCode(base32: string, offset = 0): string {
  return HOTP.generate({ secret: Secret.fromBase32(base32), counter: currentStep() + offset });
}

const nextOffset = new Map<string, number>();

/**
 * A code not used yet for this key: the previous step's, then this one's, then the next one's (the
 * Worker accepts one step either side), so a test can sign in three times within 30 seconds.
 */
export function freshCode(base32: string): string {
  const offset = nextOffset.get(base32) ?? -1;
  nextOffset.set(base32, offset + 1);
  return totpCode(base32, offset);
}

/** Turns an authenticator app on for the owner straight in the database; answers its key (base32). */
export async function enrollTotp(owner: Owner): Promise<string> {
  const { secret } = await startTotpSetup(deps, owner, "test");
  await deps.db.orm
    .update(totpFactors)
    .set({ enabledAt: Date.now() })
    .where(and(eq(totpFactors.ownerKind, owner.kind), eq(totpFactors.ownerId, owner.id)));
  return secret;
}
