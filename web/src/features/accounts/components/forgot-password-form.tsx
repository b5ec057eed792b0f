import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { EmailField, FormAlert, FormNotice, SubmitButton } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { FORGOT_PASSWORD_RETURN_MS } from "#shared/constants.ts";
import { ACCOUNTS_MSG, resetPasswordQuerySchema } from "#shared/schemas/accounts.ts";
import { accountsApi } from "../api";
import { type AuthMode, StepLink, useAuthFlow } from "../auth-flow";

/** E-mail; on success the notice shows and the login returns after 4 seconds. */
export function ForgotPasswordForm({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation();
  const flow = useAuthFlow(mode);
  const form = useZodForm(resetPasswordQuerySchema, { email: "" });
  const [problem, setProblem] = useState<string | null>(null);

  const reset = useMutation({
    mutationFn: accountsApi.resetPassword,
    onError: (error) => setProblem(apiErrorText(error, t)),
  });

  // The timer starts once, at success; a re-render in between must not restart it.
  const toLogin = useRef(flow.toLogin);
  toLogin.current = flow.toLogin;
  const { isSuccess } = reset;
  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => toLogin.current(), FORGOT_PASSWORD_RETURN_MS);
    return () => clearTimeout(timer);
  }, [isSuccess]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || reset.isPending || reset.isSuccess) return;
    setProblem(null);
    reset.mutate(form.data.email);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Forgot password")}>
      {reset.isSuccess ? (
        <FormNotice>{t(ACCOUNTS_MSG.newPasswordSent)}</FormNotice>
      ) : (
        <p className="mb-4 text-sm text-[var(--muted)]">
          {t("Enter the e-mail of your account and we will send you a new password.")}
        </p>
      )}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <EmailField autoFocus readOnly={reset.isSuccess} {...form.field("email")} />
      <SubmitButton pending={reset.isPending} disabled={reset.isSuccess}>
        {t("Send me a new password")}
      </SubmitButton>
      <p className="mt-5 text-center text-sm">
        <StepLink mode={mode} to="login">
          {t("Back to Log In")}
        </StepLink>
      </p>
    </form>
  );
}
