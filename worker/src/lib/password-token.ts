import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import type { Deps } from "#worker/deps.ts";
import { signClaims } from "#worker/lib/tokens.ts";

// The answer of a sign-in that used an e-mailed temporary password, whichever step ends it (the
// password step, or the second factor's): a `password_token` that only chooses the new password
// (worker/src/features/accounts/temporary-password.ts reads it back).

const PASSWORD_TOKEN_TTL_S = 10 * 60;

/** The token that lets the sign-in choose its new password; `factorAt` when it also proved a factor. */
function signPasswordToken(
  deps: Deps,
  userId: number,
  version: number,
  factorAt: number | null,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return signClaims(
    {
      kind: "temporary-password",
      sub: String(userId),
      ver: version,
      ...(factorAt === null ? {} : { fac: factorAt }),
      iat,
      exp: iat + PASSWORD_TOKEN_TTL_S,
    },
    deps.env.JWT_SECRET,
  );
}

export const passwordChangeAnswer = async (
  deps: Deps,
  userId: number,
  version: number,
  factorAt: number | null,
) => ({
  password_change_required: true as const,
  password_token: await signPasswordToken(deps, userId, version, factorAt),
  detail: ACCOUNTS_MSG.chooseNewPassword,
});
