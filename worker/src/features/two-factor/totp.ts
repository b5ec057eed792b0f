import { HOTP, Secret, TOTP } from "otpauth";
import { constantTimeEqual } from "#worker/lib/password.ts";

// RFC 6238 codes: SHA-1, 6 digits, 30-second steps, as every authenticator app reads them.

const TOTP_PERIOD_S = 30;
/** One step either side of now is accepted, for a phone clock a little off. */
const DRIFT_STEPS = 1;

export function newTotpSecret(): Uint8Array {
  return new Secret({ size: 20 }).bytes;
}

export function base32Of(secret: Uint8Array): string {
  return new Secret({ buffer: secret.slice().buffer }).base32;
}

export function otpauthUri(secret: Uint8Array, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    secret: new Secret({ buffer: secret.slice().buffer }),
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_S,
  }).toString();
}

export function currentStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S);
}

/**
 * The step the code belongs to (now, one before or one after), or null. Every candidate is
 * computed and compared in constant time, so the answer's timing does not tell which one matched.
 */
export function matchingStep(secret: Uint8Array, code: string, nowMs = Date.now()): number | null {
  const step = currentStep(nowMs);
  const given = new TextEncoder().encode(code);
  const key = new Secret({ buffer: secret.slice().buffer });
  let found: number | null = null;
  for (let delta = -DRIFT_STEPS; delta <= DRIFT_STEPS; delta++) {
    const expected = new TextEncoder().encode(
      HOTP.generate({ secret: key, counter: step + delta, algorithm: "SHA1", digits: 6 }),
    );
    if (constantTimeEqual(expected, given) && found === null) found = step + delta;
  }
  return found;
}
