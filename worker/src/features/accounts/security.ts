import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import type { Deps } from "#worker/deps.ts";
import type { EmailLanguage } from "#worker/lib/language.ts";
import { requireFreshFactor } from "#worker/lib/step-up.ts";
import { sendEmail } from "#worker/providers/email.ts";
import { requestEmailChange } from "./email-change";
import { passwordChangedEmail, signedOutEverywhereEmail } from "./emails";
import { getMe, updatePassword } from "./service";
import { endSessions } from "./sessions";

// The changes that would hand the account to whoever holds a stolen session, whole (ADR 131): a
// new password or e-mail needs the password typed in the request and, when the person has a
// second factor, a factor proved in the last five minutes; the owner is told by e-mail; and a
// password change or "sign out everywhere" may remove the passkeys added in the last 24 hours.

/** The signed-in person and what their session proved. */
export interface SecurityRequest {
  userId: number;
  factorAt: number | null | undefined;
  language: EmailLanguage;
}

const owner = (req: SecurityRequest) => ({ kind: "user", id: req.userId }) as const;

export async function changePassword(
  deps: Deps,
  req: SecurityRequest,
  input: { oldPassword: string; newPassword: string; removeRecentPasskeys: boolean },
): Promise<{ message: string }> {
  await requireFreshFactor(deps, owner(req), req.factorAt, { establishedOnly: true });
  const { email } = await updatePassword(deps, { userId: req.userId, ...input });
  const removed = input.removeRecentPasskeys
    ? await deps.secondFactors.dropRecentPasskeys(owner(req), req.language)
    : [];
  await sendEmail(deps, passwordChangedEmail(email, removed, deps.env.PUBLIC_URL));
  return { message: ACCOUNTS_MSG.passwordUpdated };
}

export async function askEmailChange(
  deps: Deps,
  req: SecurityRequest,
  input: { newEmail: string; password: string },
): Promise<{ code: string; browser: string }> {
  await requireFreshFactor(deps, owner(req), req.factorAt, { establishedOnly: true });
  return requestEmailChange(deps, { userId: req.userId, ...input });
}

/** Every session ends, this one too; the owner is told, with the passkeys removed if any. */
export async function signOutEverywhere(
  deps: Deps,
  req: SecurityRequest,
  removeRecentPasskeys: boolean,
): Promise<{ message: string }> {
  const { email } = await getMe(deps, req.userId);
  const removed = removeRecentPasskeys
    ? await deps.secondFactors.dropRecentPasskeys(owner(req), req.language)
    : [];
  await endSessions(deps, req.userId);
  if (email) await sendEmail(deps, signedOutEverywhereEmail(email, removed, deps.env.PUBLIC_URL));
  return { message: ACCOUNTS_MSG.signedOutEverywhere };
}
