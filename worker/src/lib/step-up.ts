import { MFA_MSG, STEP_UP_TTL_S } from "#shared/schemas/two-factor.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "./errors";
import { type FactorOwner, passkeyCount, passkeyCountBefore, totpEnabled } from "./second-factor-queries";
import { MINUTE } from "./time";

// The step-up rule: what a session must have proved lately before a change that matters (money
// out, a new password or e-mail, a factor's change). Every feature that guards such a change asks
// here (docs/decisions/131).

/** Whether the owner has any factor a step-up could be proved with. */
export async function hasAnyFactor(deps: Deps, owner: FactorOwner): Promise<boolean> {
  const [totp, keys] = await Promise.all([totpEnabled(deps, owner), passkeyCount(deps, owner)]);
  return totp || keys > 0;
}

/**
 * Step-up: 403 with the code `step_up_required` unless the session proved a factor in the last
 * five minutes, when the owner has one. The SPAs read that code and ask for a code or a passkey.
 */
export async function requireFreshFactor(
  deps: Deps,
  owner: FactorOwner,
  factorAt: number | null | undefined,
  options: { establishedOnly?: boolean } = {},
) {
  if (isFresh(factorAt)) return;
  const has = options.establishedOnly
    ? await hasEstablishedFactor(deps, owner)
    : await hasAnyFactor(deps, owner);
  if (!has) return;
  fail(403, MFA_MSG.stepUpRequired, { code: "step_up_required" });
}

/**
 * A factor the owner has had for more than a day: the app, or a passkey added before the last 24
 * hours. A password change or e-mail change asks only for these, since a passkey added lately may
 * be a thief's, which the change itself can remove: the owner must not need it (ADR 131).
 */
async function hasEstablishedFactor(deps: Deps, owner: FactorOwner): Promise<boolean> {
  if (await totpEnabled(deps, owner)) return true;
  return (await passkeyCountBefore(deps, owner, Date.now() - 24 * 60 * MINUTE)) > 0;
}

/** Whether a proof (a factor, a typed password) at `at` (seconds) is recent enough for a step-up. */
export const isFresh = (at: number | null | undefined) =>
  typeof at === "number" && at >= Math.floor(Date.now() / 1000) - STEP_UP_TTL_S;
