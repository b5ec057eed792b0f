import "./asn1-names";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { MFA_MSG, type PasskeyItem } from "#shared/schemas/two-factor.ts";
import type { Deps } from "#worker/deps.ts";
import { addressBucket } from "#worker/lib/account-limits.ts";
import { fail } from "#worker/lib/errors.ts";
import { checkRateLimit, hitRateLimit, type RateRule } from "#worker/lib/rate-limits.ts";
import { passkeyCount } from "#worker/lib/second-factor-queries.ts";
import { HOUR, iso, MINUTE } from "#worker/lib/time.ts";
import type { Owner } from "./queries";
import * as q from "./queries";

// Passkeys (WebAuthn) with @simplewebauthn/server: the relying party is the site's own address
// (PUBLIC_URL), every challenge is stored and works once for five minutes, and a passkey signs in
// on its own (it proves possession and, with user verification, the person).

const CHALLENGE_TTL_MS = 5 * MINUTE;
const FAILURES: RateRule = { max: 10, windowMs: 15 * MINUTE };

function relyingParty(deps: Deps): { rpID: string; origin: string } {
  const url = new URL(deps.env.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin };
}

function challengeOf(response: { response: object }): string {
  try {
    const raw = (response.response as { clientDataJSON?: unknown }).clientDataJSON;
    if (typeof raw !== "string") return "";
    const data = JSON.parse(isoBase64URL.toUTF8String(raw)) as { challenge?: unknown };
    return typeof data.challenge === "string" ? data.challenge : "";
  } catch {
    return "";
  }
}

/** The stored challenge the response answers, taken out (one use); 403 when unknown, used or old. */
async function takeChallengeFor(
  deps: Deps,
  response: { response: object },
  purpose: "register" | "login" | "step-up",
  owner: Owner | null,
): Promise<string> {
  const challenge = challengeOf(response);
  const row = challenge ? await q.takeChallenge(deps, challenge) : null;
  if (
    !row ||
    row.purpose !== purpose ||
    (owner && (row.ownerKind !== owner.kind || row.ownerId !== owner.id))
  )
    fail(403, MFA_MSG.passkeyChallengeExpired);
  return challenge;
}

export async function registrationOptions(deps: Deps, owner: Owner, username: string) {
  const { rpID } = relyingParty(deps);
  const existing = await q.listPasskeys(deps, owner);
  const options = await generateRegistrationOptions({
    rpName: owner.kind === "admin" ? "Agora Admin" : "Agora",
    rpID,
    userName: username,
    userID: new Uint8Array(new TextEncoder().encode(`${owner.kind}:${owner.id}`)),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await q.saveChallenge(deps, {
    challenge: options.challenge,
    purpose: "register",
    owner,
    expiresAt: Date.now() + CHALLENGE_TTL_MS,
  });
  return options;
}

export async function registerPasskey(
  deps: Deps,
  owner: Owner,
  response: RegistrationResponseJSON,
  name: string | undefined,
  createdFrom: string,
): Promise<PasskeyItem> {
  const { rpID, origin } = relyingParty(deps);
  const challenge = await takeChallengeFor(deps, response, "register", owner);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    fail(403, MFA_MSG.passkeyFailed);
  }
  if (!verified.verified || !verified.registrationInfo) fail(403, MFA_MSG.passkeyFailed);
  const { credential } = verified.registrationInfo;
  const count = await passkeyCount(deps, owner);
  const label = name?.trim() || `Passkey ${count + 1}`;
  const added = await q.insertPasskey(deps, owner, {
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name: label,
    createdFrom,
  });
  if (!added) fail(409, MFA_MSG.passkeyFailed);
  const row = await q.findPasskeyByCredential(deps, credential.id);
  return toPasskeyItem(row!);
}

/** A passkey added this recently is offered for removal when the password changes (ADR 131). */
const RECENT_PASSKEY_MS = 24 * HOUR;

function toPasskeyItem(row: {
  id: number;
  name: string;
  createdAt: number;
  createdFrom: string;
  lastUsedAt: number | null;
}): PasskeyItem {
  return {
    id: row.id,
    name: row.name,
    created_at: iso(row.createdAt),
    last_used_at: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
    created_from: row.createdFrom,
    recent: row.createdAt >= Date.now() - RECENT_PASSKEY_MS,
  };
}

/** Removes the owner's passkeys added in the last 24 hours; answers their names. */
export function removeRecentPasskeys(deps: Deps, owner: Owner): Promise<string[]> {
  return q.deletePasskeysSince(deps, owner, Date.now() - RECENT_PASSKEY_MS);
}

export async function passkeyList(deps: Deps, owner: Owner): Promise<PasskeyItem[]> {
  return (await q.listPasskeys(deps, owner)).map(toPasskeyItem);
}

/** Removes one of the owner's passkeys; answers its name. */
export async function removePasskey(deps: Deps, owner: Owner, id: number): Promise<string> {
  const name = await q.deletePasskey(deps, owner, id);
  if (name === null) fail(404, MFA_MSG.passkeyNotFound);
  return name;
}

/** Options for a sign-in (any passkey of the site) or a step-up (the owner's passkeys only). */
export async function authenticationOptions(deps: Deps, owner: Owner | null) {
  const { rpID } = relyingParty(deps);
  const allow = owner ? await q.listPasskeys(deps, owner) : [];
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "preferred",
    allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) })),
  });
  await q.saveChallenge(deps, {
    challenge: options.challenge,
    purpose: owner ? "step-up" : "login",
    owner,
    expiresAt: Date.now() + CHALLENGE_TTL_MS,
  });
  return options;
}

/** Checks an assertion; answers the passkey's owner. Failures are counted per address. */
async function verifyAssertion(
  deps: Deps,
  response: AuthenticationResponseJSON,
  purpose: "login" | "step-up",
  owner: Owner | null,
  limitKeyName: string,
): Promise<Owner> {
  await checkRateLimit(deps.db, limitKeyName, FAILURES);
  const refuse = async (message: string): Promise<never> => {
    await hitRateLimit(deps.db, limitKeyName, FAILURES);
    fail(403, message);
  };
  const { rpID, origin } = relyingParty(deps);
  const challenge = await takeChallengeFor(deps, response, purpose, owner);
  const row = await q.findPasskeyByCredential(deps, response.id);
  if (!row) return refuse(MFA_MSG.passkeyUnknown);
  if (owner && (row.ownerKind !== owner.kind || row.ownerId !== owner.id))
    return refuse(MFA_MSG.passkeyUnknown);
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>> | null = null;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: row.credentialId,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: row.counter,
        transports: JSON.parse(row.transports),
      },
      requireUserVerification: false,
    });
  } catch {
    result = null;
  }
  if (!result?.verified) return refuse(MFA_MSG.passkeyFailed);
  await q.touchPasskey(deps, row.id, result.authenticationInfo.newCounter);
  return { kind: row.ownerKind, id: row.ownerId };
}

export function passkeySignIn(
  deps: Deps,
  response: AuthenticationResponseJSON,
  address: string,
  kind: Owner["kind"],
) {
  return verifyAssertion(deps, response, "login", null, `passkey:addr:${addressBucket(address)}`).then(
    (owner) => {
      if (owner.kind !== kind) fail(403, MFA_MSG.passkeyUnknown);
      return owner;
    },
  );
}

export async function proveStepUpPasskey(deps: Deps, owner: Owner, response: unknown): Promise<void> {
  await verifyAssertion(
    deps,
    response as AuthenticationResponseJSON,
    "step-up",
    owner,
    `passkey:${owner.kind}:${owner.id}`,
  );
}
