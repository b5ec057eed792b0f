import { useState } from "react";
import { apiErrorText } from "../api-error-text";
import { FormAlert } from "../form-fields";
import { useTranslation } from "../react-i18n";
import { signWithPasskey, type TwoFactorApi } from "./api";
import { CodeForm } from "./code-form";

/** What every "confirm it is you" prompt takes: where to ask, and what to do with the new token. */
export interface ProofPromptProps {
  api: TwoFactorApi;
  onToken: (token: string) => void;
  onCancel: () => void;
}

/**
 * "Confirm it is you": a code or a passkey proves the factor again; the new token (good for this
 * kind of action for 5 minutes) goes to `onToken`, and the caller retries what was refused.
 */
export function StepUpPrompt({ api, onToken, onCancel }: ProofPromptProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const withPasskey = async () => {
    setProblem(null);
    try {
      const response = await signWithPasskey(await api.stepUpOptions());
      onToken((await api.stepUp({ passkey: response })).access_token);
    } catch (error) {
      setProblem(apiErrorText(error, t));
    }
  };
  return (
    <section aria-labelledby="step-up-title" className="flex flex-col gap-2">
      <h3 id="step-up-title" className="font-semibold">
        {t("Confirm it is you")}
      </h3>
      <p className="text-sm text-[var(--muted)]">
        {t("Enter a code from your authenticator app or use a passkey.")}
      </p>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <CodeForm
        submitLabel={t("Confirm")}
        onCode={async ({ code }) => onToken((await api.stepUp({ code })).access_token)}
        extra={
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline" onClick={withPasskey}>
              {t("Use a passkey")}
            </button>
            <button type="button" className="btn btn-outline" onClick={onCancel}>
              {t("Cancel")}
            </button>
          </div>
        }
      />
    </section>
  );
}
