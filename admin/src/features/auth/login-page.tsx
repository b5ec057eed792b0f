import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { ApiError, adminApi } from "#admin/lib/api.ts";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { LoginFields } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { signWithPasskey } from "#client/two-factor/api.ts";
import { CodeForm } from "#client/two-factor/code-form.tsx";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { adminLoginSchema, MSG } from "#shared/schemas/fields.ts";
import { adminSignIn, takeAdminNotice } from "./session";
import { adminTwoFactor } from "./two-factor";

/**
 * The admin site's login, with the main site's login fields: messages appear once a field was
 * left; submit waits for a valid, changed form; the password can be shown.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const router = useRouter();
  const form = useZodForm(adminLoginSchema, { username: "", password: "" });
  const [submitting, setSubmitting] = useState(false);
  const [notice] = useState(takeAdminNotice);
  const [serverError, setServerError] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const errorId = useId();
  const canSubmit = Boolean(form.data) && form.isDirty && !submitting;

  const signedIn = (token: string) => {
    adminSignIn(queryClient, token);
    if (router.state.location.pathname.endsWith("/login")) void router.navigate({ to: "/", replace: true });
  };

  if (mfaToken) {
    return (
      <main className="grid min-h-dvh place-items-center p-4">
        <section className="card w-full max-w-sm p-6" aria-labelledby="mfa-title">
          <h1 id="mfa-title" className="mb-2 text-xl font-semibold">
            {t("Two-factor code")}
          </h1>
          <p className="mb-4 text-sm">{t("Enter the 6-digit code from your authenticator app.")}</p>
          <CodeForm
            allowRecovery
            submitLabel={t("Verify")}
            onCode={async (input) => {
              // Staff never sign in with a temporary password, so the answer is a session.
              const answer = await adminTwoFactor.loginMfa({ mfa_token: mfaToken, ...input });
              if ("access_token" in answer) signedIn(answer.access_token);
            }}
          />
        </section>
      </main>
    );
  }

  // A passkey signs in on its own: no username, no password, no code.
  const withPasskey = async () => {
    if (passkeyPending) return;
    setPasskeyPending(true);
    setServerError(null);
    try {
      const response = await signWithPasskey(await adminTwoFactor.loginOptions());
      signedIn((await adminTwoFactor.passkeyLogin(response)).access_token);
    } catch (error) {
      setServerError(apiErrorText(error, t));
    } finally {
      setPasskeyPending(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!canSubmit || !form.data) return;
    setSubmitting(true);
    setServerError(null);
    try {
      const answer = await adminApi.post("/api/admin/auth/login", {
        body: new URLSearchParams(form.data),
      });
      if ("mfa_token" in answer) setMfaToken(answer.mfa_token);
      else signedIn(answer.access_token);
    } catch (error) {
      setServerError(
        error instanceof ApiError && error.detail ? apiErrorText(error, t) : t(ACCOUNTS_MSG.loginFailed),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <form
        onSubmit={submit}
        className="card w-full max-w-sm p-6"
        noValidate
        aria-label={t("Staff sign in")}
        aria-describedby={serverError ? errorId : undefined}
      >
        <div className="mb-6 flex items-center gap-3">
          <img src="/admin/favicon.svg" alt="" width="36" height="36" />
          <div>
            <h1 className="text-xl font-semibold">{t("Agora Admin")}</h1>
            <p className="text-sm text-[var(--muted)]">{t("Staff sign in")}</p>
          </div>
        </div>
        {notice ? (
          <p role="status" className="mb-4 rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-sm">
            {t(notice)}
          </p>
        ) : null}
        {/* Staff passwords have a minimum: say it, so a disabled Log In is never a riddle. */}
        <LoginFields form={form} passwordHint={t(MSG.passwordMin)} />
        {serverError ? (
          <p id={errorId} role="alert" className="mb-3 text-sm text-[var(--danger)]">
            {serverError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary w-full" disabled={!canSubmit}>
          {submitting ? t("Signing in…") : t("Log In")}
        </button>
        <button
          type="button"
          className="btn btn-outline mt-3 w-full"
          onClick={() => void withPasskey()}
          disabled={passkeyPending}
          aria-busy={passkeyPending}
        >
          {t("Sign in with a passkey")}
        </button>
      </form>
    </main>
  );
}
