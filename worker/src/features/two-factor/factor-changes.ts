import type { Deps } from "#worker/deps.ts";
import { requireFreshFactor } from "#worker/lib/step-up.ts";
import { nowSeconds } from "#worker/lib/time.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import type { EmailLanguage } from "./emails";
import { registerPasskey, removePasskey, removeRecentPasskeys } from "./passkeys";
import { raiseAdminTokenVersion } from "./queries";
import {
  disableTotp,
  enableTotp,
  type Owner,
  renewRecoveryCodes,
  requireRecentProof,
  startTotpSetup,
  tellFactorChanged,
} from "./service";

// The changes to a person's sign-in factors, each whole: the fresh proof it needs ("sudo mode",
// ADR 131), the change, the e-mail that tells the owner, and for staff the end of their other
// sessions (a token from before a factor changed must not outlive the change). Routes call one of
// these and answer.

/** Who asks, and what their session has proved. */
export interface FactorRequest {
  owner: Owner;
  username: string;
  session: { factorAt?: number | null; passwordAt?: number | null };
  address: string;
  language: EmailLanguage;
}

/**
 * Staff's other sessions end when a factor changes: the token version goes up and this session
 * gets a new token (with what it has proved), which the admin site swaps in. People keep theirs.
 */
async function renewStaffSession(
  deps: Deps,
  req: FactorRequest,
  proofs: { factorAt?: number | null },
): Promise<string | undefined> {
  if (req.owner.kind !== "admin") return undefined;
  const version = await raiseAdminTokenVersion(deps, req.owner.id);
  if (version === null) return undefined;
  return signAccessToken(deps.env.JWT_SECRET, "admin", req.owner.id, version, {
    factorAt: proofs.factorAt ?? req.session.factorAt,
    passwordAt: req.session.passwordAt,
  });
}

const withToken = <T extends object>(answer: T, token: string | undefined) =>
  token === undefined ? answer : { ...answer, access_token: token };

export async function beginTotpSetup(deps: Deps, req: FactorRequest) {
  await requireRecentProof(deps, req.owner, req.session);
  return startTotpSetup(deps, req.owner, req.username);
}

export async function turnTotpOn(deps: Deps, req: FactorRequest, code: string) {
  await requireRecentProof(deps, req.owner, req.session);
  const codes = await enableTotp(deps, req.owner, code, req.address);
  await tellFactorChanged(deps, req.owner, { kind: "totp-on" }, req.language);
  // The code just typed is a factor proved now.
  return withToken({ recovery_codes: codes }, await renewStaffSession(deps, req, { factorAt: nowSeconds() }));
}

/** Turning the app off takes the password and a current code in the request itself. */
export async function turnTotpOff(deps: Deps, req: FactorRequest, input: { password: string; code: string }) {
  await disableTotp(deps, req.owner, input, req.address);
  await tellFactorChanged(deps, req.owner, { kind: "totp-off" }, req.language);
  return renewStaffSession(deps, req, { factorAt: nowSeconds() });
}

export async function renewCodes(deps: Deps, req: FactorRequest) {
  await requireRecentProof(deps, req.owner, req.session);
  const codes = await renewRecoveryCodes(deps, req.owner);
  await tellFactorChanged(deps, req.owner, { kind: "recovery-renewed" }, req.language);
  return codes;
}

export async function checkMayAddPasskey(deps: Deps, req: FactorRequest) {
  await requireRecentProof(deps, req.owner, req.session);
}

export async function addPasskey(
  deps: Deps,
  req: FactorRequest,
  input: { response: Parameters<typeof registerPasskey>[2]; name?: string; createdFrom: string },
) {
  await requireRecentProof(deps, req.owner, req.session);
  const item = await registerPasskey(deps, req.owner, input.response, input.name, input.createdFrom);
  await tellFactorChanged(deps, req.owner, { kind: "passkey-added", name: item.name }, req.language);
  return withToken(item, await renewStaffSession(deps, req, {}));
}

export async function dropPasskey(deps: Deps, req: FactorRequest, id: number) {
  await requireFreshFactor(deps, req.owner, req.session.factorAt);
  const name = await removePasskey(deps, req.owner, id);
  await tellFactorChanged(deps, req.owner, { kind: "passkey-removed", name }, req.language);
  return renewStaffSession(deps, req, {});
}

/**
 * After a password change or "sign out everywhere", when the person chose it: the passkeys added
 * in the last 24 hours go (one a thief added with a stolen session), each told by e-mail.
 */
export async function dropRecentPasskeys(
  deps: Deps,
  owner: Owner,
  language: EmailLanguage,
): Promise<string[]> {
  const names = await removeRecentPasskeys(deps, owner);
  for (const name of names) await tellFactorChanged(deps, owner, { kind: "passkey-removed", name }, language);
  return names;
}
