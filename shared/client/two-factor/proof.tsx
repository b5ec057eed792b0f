import { type FormEvent, type ReactNode, useState } from "react";
import { apiErrorText } from "../api-error-text";
import { PasswordField, SubmitButton } from "../form-fields";
import { useTranslation } from "../react-i18n";
import { proofNeeded, type TwoFactorApi } from "./api";
import { type ProofPromptProps, StepUpPrompt } from "./step-up";

// "Confirm it is you" before a change that would let a stolen session keep the account (adding a
// passkey, turning the app on, new recovery codes, a new password or e-mail): the Worker refuses
// with the code `step_up_required` (a code or a passkey) or `reauth_required` (the password, when
// there is no factor); the site asks for that proof, swaps in the new token and runs the change again.

/** The password typed again: for an account with no second factor. */
function PasswordProof({ api, onToken, onCancel }: ProofPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !password) return;
    setPending(true);
    setProblem(null);
    try {
      onToken((await api.stepUp({ password })).access_token);
    } catch (error) {
      setProblem(apiErrorText(error, t));
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="reauth-title" className="flex flex-col gap-2">
      <h3 id="reauth-title" className="font-semibold">
        {t("Confirm it is you")}
      </h3>
      <p className="text-sm text-[var(--muted)]">{t("Enter your password again to make this change.")}</p>
      <PasswordField value={password} onValue={setPassword} autoFocus error={problem ?? undefined} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending}>{t("Confirm")}</SubmitButton>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {t("Cancel")}
        </button>
      </div>
    </form>
  );
}

/**
 * Runs a change and, when the Worker asks for a proof first, shows the prompt (`prompt`) in place
 * of the form; once proved, the new token is kept (`keepToken`) and the change runs again. Errors
 * other than the proof are the action's own to show.
 */
export function useProofRetry(api: TwoFactorApi, keepToken: (token: string) => void) {
  const [asked, setAsked] = useState<{ kind: "factor" | "password"; retry: () => Promise<void> } | null>(
    null,
  );
  const attempt = async (action: () => Promise<void>, onError: (error: unknown) => void) => {
    try {
      await action();
    } catch (error) {
      const kind = proofNeeded(error);
      if (kind) setAsked({ kind, retry: () => action().catch(onError) });
      else onError(error);
    }
  };
  const onToken = (token: string) => {
    keepToken(token);
    const again = asked?.retry;
    setAsked(null);
    void again?.();
  };
  const cancel = () => setAsked(null);
  const prompt: ReactNode = asked ? (
    asked.kind === "factor" ? (
      <StepUpPrompt api={api} onToken={onToken} onCancel={cancel} />
    ) : (
      <PasswordProof api={api} onToken={onToken} onCancel={cancel} />
    )
  ) : null;
  return { attempt, prompt };
}
