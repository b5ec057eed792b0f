import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { FormAlert, FormNotice, SubmitButton, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { VERIFICATION_CODE_TTL_MS } from "#shared/constants.ts";
import { ACCOUNTS_MSG, registerConfirmQuerySchema } from "#shared/schemas/accounts.ts";
import { ApiError } from "#web/lib/api.ts";
import { accountsApi } from "../api";
import {
  type AuthMode,
  type CodeTarget,
  rememberCodeSent,
  resendWaitSeconds,
  useAuthFlow,
} from "../auth-flow";

/** Counts down the seconds until a new code may be asked for (60 s after each). */
function useResendCountdown(username: string | undefined) {
  const [seconds, setSeconds] = useState(() => resendWaitSeconds(username));
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds(resendWaitSeconds(username)), 1000);
    return () => clearTimeout(timer);
  }, [seconds, username]);
  return { seconds, restart: () => setSeconds(resendWaitSeconds(username)) };
}

/** The code from the e-mail, and a resend action with its countdown. */
export function VerifyCodeForm({ mode, email, username }: { mode: AuthMode } & CodeTarget) {
  const { t } = useTranslation();
  const flow = useAuthFlow(mode);
  const form = useZodForm(registerConfirmQuerySchema, { code: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(email ? ACCOUNTS_MSG.codeSent : null);
  const countdown = useResendCountdown(username);

  // A conflict means the account is already verified: on to the login.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === "already_verified") {
      flow.toLogin();
      return;
    }
    setNotice(null);
    setProblem(apiErrorText(error, t));
  };

  const confirm = useMutation({
    mutationFn: accountsApi.confirm,
    onSuccess: ({ access_token }) => flow.signedIn(access_token, t(ACCOUNTS_MSG.verified), true),
    onError,
  });

  const resend = useMutation({
    mutationFn: accountsApi.resend,
    onSuccess: () => {
      rememberCodeSent(username);
      countdown.restart();
      setProblem(null);
      setNotice(ACCOUNTS_MSG.codeResent);
    },
    onError,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || confirm.isPending) return;
    setProblem(null);
    confirm.mutate(form.data.code);
  };

  const askAgain = () => {
    if (!username) {
      setNotice(null);
      setProblem(t(ACCOUNTS_MSG.usernameForResend));
      return;
    }
    resend.mutate(username);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Verify your email")}>
      {notice ? (
        <FormNotice>
          <p>{t(notice)}</p>
          {email ? <p className="mt-1 font-semibold wrap-anywhere">{email}</p> : null}
        </FormNotice>
      ) : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <TextField
        label={t("Verification code")}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        autoFocus
        className="mb-4 [&_input]:font-mono [&_input]:tracking-widest [&_input]:uppercase"
        {...form.field("code")}
        hint={t(
          "Copy it from the e-mail we sent you. It works for {{minutes}} minutes; ask for a new one below at any time.",
          {
            minutes: VERIFICATION_CODE_TTL_MS / 60_000,
          },
        )}
      />
      <p className="mb-4 text-sm text-[var(--muted)]">
        {t("If this email already has an account, we e-mailed you how to log in instead of a code.")}
      </p>
      <SubmitButton pending={confirm.isPending}>{t("Verify")}</SubmitButton>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-x-2 text-sm text-[var(--muted)]">
        <span>{t("Didn't get it?")}</span>
        <button
          type="button"
          className="font-semibold text-[var(--accent)] hover:underline disabled:cursor-not-allowed disabled:text-[var(--muted)] disabled:no-underline"
          disabled={countdown.seconds > 0 || resend.isPending}
          onClick={askAgain}
        >
          {countdown.seconds > 0
            ? t("Resend code in {{seconds}} s", { seconds: countdown.seconds })
            : t("Resend code")}
        </button>
      </div>
    </form>
  );
}
