import { useTranslation } from "#client/react-i18n.tsx";
import { CodeForm } from "#client/two-factor/code-form.tsx";
import { twoFactor } from "./api";

/** The second step of a sign-in: a code from the app, or a recovery code. Loaded only when asked. */
export default function MfaLoginStep({
  mfaToken,
  onSignedIn,
}: {
  mfaToken: string;
  onSignedIn: (token: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="mb-4 text-sm">{t("Enter the 6-digit code from your authenticator app.")}</p>
      <CodeForm
        allowRecovery
        submitLabel={t("Verify")}
        onCode={async (input) =>
          onSignedIn((await twoFactor.loginMfa({ mfa_token: mfaToken, ...input })).access_token)
        }
      />
    </div>
  );
}
