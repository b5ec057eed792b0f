import { isoBase64URL, isoCBOR, isoUint8Array } from "@simplewebauthn/server/helpers";
import { and, eq } from "drizzle-orm";
import { HOTP, Secret } from "otpauth";
import { totpFactors } from "#worker/db/schema/index.ts";
import { type Owner, startTotpSetup } from "#worker/features/two-factor/service.ts";
import { currentStep } from "#worker/features/two-factor/totp.ts";
import { deps, env } from "./api";

// Authenticator apps for the tests: the codes come from `otpauth`, as a phone app's would.

/** The code an app shows for the key at `offset` steps from now. */
export function totpCode(base32: string, offset = 0): string {
  return HOTP.generate({ secret: Secret.fromBase32(base32), counter: currentStep() + offset });
}

/** The last step each key's code was made for, so the next one is always later. */
const lastStep = new Map<string, number>();

/**
 * A code not used yet for this key: the oldest step the Worker still takes (one step either side
 * of now) that is after the key's last one, so a test can sign in three times within 30 seconds.
 * In a step's last two seconds the first code is this step's, not the previous one's: by the time
 * the Worker checks it the step may have moved on, and a code two steps old is refused.
 */
export function freshCode(base32: string): string {
  const now = Date.now();
  const step = currentStep(now);
  const ending = currentStep(now + 2_000) > step;
  const counter = Math.max((lastStep.get(base32) ?? Number.NEGATIVE_INFINITY) + 1, ending ? step : step - 1);
  lastStep.set(base32, counter);
  return HOTP.generate({ secret: Secret.fromBase32(base32), counter });
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

/**
 * A passkey made the way a platform authenticator makes one (P-256, "none" attestation): answers
 * the registration response for the options the Worker gave, for `…/passkey/register`.
 */
export async function makePasskeyResponse(options: {
  challenge: string;
  rp: { id?: string };
}): Promise<Record<string, unknown>> {
  const rpId = options.rp.id ?? new URL(env.PUBLIC_URL).hostname;
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, raw.slice(1, 33)],
      [-3, raw.slice(33, 65)],
    ]),
  );
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const rpIdHash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(rpId)));
  // Flags: user present, user verified, attested credential data.
  const authData = isoUint8Array.concat([
    rpIdHash,
    Uint8Array.of(0x45),
    new Uint8Array(4),
    new Uint8Array(16),
    Uint8Array.of(0, credentialId.length),
    credentialId,
    coseKey,
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]) as never,
  );
  const clientData = JSON.stringify({
    type: "webauthn.create",
    challenge: options.challenge,
    origin: new URL(env.PUBLIC_URL).origin,
    crossOrigin: false,
  });
  const id = isoBase64URL.fromBuffer(credentialId);
  return {
    id,
    rawId: id,
    type: "public-key",
    response: {
      clientDataJSON: isoBase64URL.fromUTF8String(clientData),
      attestationObject: isoBase64URL.fromBuffer(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
}
