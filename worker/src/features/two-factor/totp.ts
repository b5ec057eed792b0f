import { hmac } from "@noble/hashes/hmac";
import { sha1 } from "@noble/hashes/legacy";
import { base32 } from "@scure/base";
import { constantTimeEqual } from "#worker/lib/password.ts";

// RFC 6238 codes: SHA-1, 6 digits, 30-second steps, as every authenticator app reads them. HOTP
// (RFC 4226) is a few lines over the hashes the Worker bundles already (docs/decisions/222).

const TOTP_PERIOD_S = 30;
const DIGITS = 6;
/** One step either side of now is accepted, for a phone clock a little off. */
const DRIFT_STEPS = 1;
/** 160 bits, RFC 4226's recommended key length for SHA-1. */
const SECRET_BYTES = 20;

export function newTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
}

/** The key as an authenticator app takes it typed in: RFC 4648 base32 (20 bytes need no padding). */
export function base32Of(secret: Uint8Array): string {
  return base32.encode(secret).replace(/=+$/, "");
}

/** The key as an authenticator app scans it (the Key Uri Format those apps read). */
export function otpauthUri(secret: Uint8Array, issuer: string, label: string): string {
  const e = encodeURIComponent;
  return (
    `otpauth://totp/${e(issuer)}:${e(label)}?issuer=${e(issuer)}&secret=${e(base32Of(secret))}` +
    `&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_PERIOD_S}`
  );
}

export function currentStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S);
}

/** RFC 4226's code for one counter: HMAC-SHA-1 of the counter, dynamically truncated to 6 digits. */
function hotp(secret: Uint8Array, counter: number): string {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const mac = hmac(sha1, secret, message);
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = new DataView(mac.buffer, mac.byteOffset + offset, 4).getUint32(0) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

/**
 * The step the code belongs to (now, one before or one after), or null. Every candidate is
 * computed and compared in constant time, so the answer's timing does not tell which one matched.
 */
export function matchingStep(secret: Uint8Array, code: string, nowMs = Date.now()): number | null {
  const step = currentStep(nowMs);
  const given = new TextEncoder().encode(code);
  let found: number | null = null;
  for (let delta = -DRIFT_STEPS; delta <= DRIFT_STEPS; delta++) {
    const expected = new TextEncoder().encode(hotp(secret, step + delta));
    if (constantTimeEqual(expected, given) && found === null) found = step + delta;
  }
  return found;
}
