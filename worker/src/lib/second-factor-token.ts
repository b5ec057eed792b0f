import { MFA_MSG, MFA_TOKEN_TTL_S } from "#shared/schemas/two-factor.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "./errors";
import type { FactorOwner } from "./second-factor-queries";
import { signClaims, verifyClaims } from "./tokens";

// The second step of a sign-in carries a signed token naming the owner and their token version,
// good for five minutes: the password step's proof, which holds no secret.

/** `temporary`: the password step used an e-mailed temporary password (a new one must be chosen next). */
export function signMfaToken(
  deps: Deps,
  owner: FactorOwner,
  tokenVersion: number,
  temporary = false,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return signClaims(
    {
      kind: "mfa",
      who: owner.kind,
      sub: String(owner.id),
      ver: tokenVersion,
      ...(temporary ? { tmp: true } : {}),
      iat,
      exp: iat + MFA_TOKEN_TTL_S,
    },
    deps.env.JWT_SECRET,
  );
}

/** The owner and token version an mfa_token names; 401 when forged, expired or of the other kind. */
export async function readMfaToken(
  deps: Deps,
  kind: FactorOwner["kind"],
  token: string,
): Promise<{ owner: FactorOwner; version: number; temporary: boolean }> {
  let claims: Record<string, unknown>;
  try {
    claims = await verifyClaims(token, deps.env.JWT_SECRET);
  } catch {
    fail(401, MFA_MSG.mfaTokenExpired);
  }
  const id = Number(claims.sub);
  if (
    claims.kind !== "mfa" ||
    claims.who !== kind ||
    !Number.isSafeInteger(id) ||
    typeof claims.ver !== "number"
  )
    fail(401, MFA_MSG.mfaTokenExpired);
  return { owner: { kind, id }, version: claims.ver, temporary: claims.tmp === true };
}
