import { useMutation } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { FormAlert, FormNotice, LoginFields, SubmitButton } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG, loginSchema } from "#shared/schemas/accounts.ts";
import { ApiError } from "#web/lib/api.ts";
import { clearToken } from "#web/lib/auth-token.ts";
import { openModal } from "#web/modals.tsx";
import { accountsApi } from "../api";
import { type AuthMode, StepLink, useAuthFlow } from "../auth-flow";
import { ChoosePasswordForm } from "./choose-password-form";
import { GoogleSignIn } from "./google-sign-in";

/** The appeal a suspended person's sign-in answer offers, when they have not appealed yet. */
function suspensionAppeal(data: unknown): { moderation_id: number; appeal_token: string } | null {
  const suspension = (data as { suspension?: { moderation_id?: unknown; appeal_token?: unknown } } | null)
    ?.suspension;
  if (typeof suspension?.moderation_id !== "number" || typeof suspension.appeal_token !== "string")
    return null;
  return { moderation_id: suspension.moderation_id, appeal_token: suspension.appeal_token };
}

const MfaLoginStep = lazy(() => import("#web/components/two-factor/mfa-login-step.tsx"));

/** Username and password; links to forgot password and register; Google. */
export function LoginForm({ mode, notice }: { mode: AuthMode; notice?: string }) {
  const { t } = useTranslation();
  const flow = useAuthFlow(mode);
  const form = useZodForm(loginSchema, { username: "", password: "" });
  const [problem, setProblem] = useState<{
    message: string;
    unverified: boolean;
    /** A suspended person's one appeal, without a session. */
    appeal?: { moderation_id: number; appeal_token: string } | null;
  } | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  /** Signed in with an e-mailed temporary password: the new password comes next. */
  const [passwordToken, setPasswordToken] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);

  const login = useMutation({
    mutationFn: accountsApi.login,
    onSuccess: (answer) => {
      // A second factor is on: the code step comes next, signed by the password step's token.
      if ("mfa_token" in answer) setMfaToken(answer.mfa_token);
      else if ("password_token" in answer) setPasswordToken(answer.password_token);
      else flow.signedIn(answer.access_token);
    },
    onError: (error) => {
      // A failed login leaves nobody half signed in: any old token goes.
      clearToken();
      setProblem({
        message: apiErrorText(error, t),
        unverified: error instanceof ApiError && error.code === "email_unverified",
        appeal: error instanceof ApiError ? suspensionAppeal(error.data) : null,
      });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || login.isPending) return;
    setProblem(null);
    login.mutate(form.data);
  };

  const withPasskey = async () => {
    if (passkeyPending) return;
    setPasskeyPending(true);
    setProblem(null);
    try {
      const { passkeySignIn } = await import("#web/lib/passkey-sign-in.ts");
      flow.signedIn(await passkeySignIn());
    } catch (error) {
      setProblem({ message: apiErrorText(error, t), unverified: false });
    } finally {
      setPasskeyPending(false);
    }
  };

  if (passwordToken)
    return <ChoosePasswordForm passwordToken={passwordToken} onSignedIn={(token) => flow.signedIn(token)} />;
  if (mfaToken) {
    return (
      <Suspense fallback={<p role="status">{t("Loading…")}</p>}>
        <MfaLoginStep
          mfaToken={mfaToken}
          onSignedIn={(token) => flow.signedIn(token)}
          onNewPasswordNeeded={setPasswordToken}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("Log In")}>
      {notice && !problem ? <FormNotice>{notice}</FormNotice> : null}
      {problem ? (
        <FormAlert>
          <p className="font-semibold">{t(ACCOUNTS_MSG.loginFailed)}</p>
          <p>{problem.message}</p>
          {problem.unverified ? (
            <button
              type="button"
              className="mt-2 font-semibold text-[var(--accent)] hover:underline"
              onClick={() => flow.toVerify({ username: form.values.username.trim().toLowerCase() })}
            >
              {t("Enter the verification code")}
            </button>
          ) : null}
          {problem.appeal ? (
            <button
              type="button"
              className="mt-2 font-semibold text-[var(--accent)] hover:underline"
              onClick={() => openModal("APPEAL", problem.appeal!)}
            >
              {t("Appeal this decision")}
            </button>
          ) : null}
        </FormAlert>
      ) : null}
      <LoginFields form={form} passwordClassName="mb-2" />
      <p className="mb-4 text-right text-sm">
        <StepLink mode={mode} to="forgot">
          {t("Forgot password?")}
        </StepLink>
      </p>
      <SubmitButton pending={login.isPending}>{t("Log In")}</SubmitButton>
      <button
        type="button"
        className="btn btn-outline mt-3 w-full"
        onClick={withPasskey}
        aria-busy={passkeyPending}
        disabled={passkeyPending}
      >
        {t("Sign in with a passkey")}
      </button>
      <GoogleSignIn onError={(message) => setProblem({ message, unverified: false })} />
      <p className="mt-5 text-center text-sm text-[var(--muted)]">
        {t("New to Agora?")}{" "}
        <StepLink mode={mode} to="register">
          {t("Sign Up")}
        </StepLink>
      </p>
    </form>
  );
}
