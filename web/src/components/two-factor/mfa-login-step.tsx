import { useTranslation } from "#client/react-i18n.tsx";
import { CodeForm } from "#client/two-factor/code-form.tsx";
import { twoFactor } from "#web/lib/two-factor.ts";

/** The second step of a sign-in: a code from the app, or a recovery code. Loaded only when asked. */
export default function MfaLoginStep({
  mfaToken,
  onSignedIn,
  onNewPasswordNeeded,
}: {
  mfaToken: string;
  onSignedIn: (token: string) => void;
  /** The password step used an e-mailed temporary password: a new one is chosen next (not after Google). */
  onNewPasswordNeeded?: (passwordToken: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="mb-4 text-sm">{t("Enter the 6-digit code from your authenticator app.")}</p>
      <CodeForm
        allowRecovery
        submitLabel={t("Verify")}
        onCode={async (input) => {
          const answer = await twoFactor.loginMfa({ mfa_token: mfaToken, ...input });
          if ("password_token" in answer) onNewPasswordNeeded?.(answer.password_token);
          else onSignedIn(answer.access_token);
        }}
      />
    </div>
  );
}
