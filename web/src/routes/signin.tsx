import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { FormAlert } from "#client/form-fields.tsx";
import { requestJson } from "#client/http.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { googleErrorMessage } from "#shared/schemas/accounts.ts";
import type { Me } from "#shared/schemas/user.ts";
import { meQueryOptions, signIn } from "#web/lib/session.ts";
import { accountsApi } from "../features/accounts/api";
import { AuthPage } from "../features/accounts/components/auth-page";
import { LoginForm } from "../features/accounts/components/login-form";
import { homeIfSignedIn } from "../features/accounts/guards";
import { getToken } from "../lib/auth-token";
import { searchParams, text } from "../lib/search-params";

const MfaLoginStep = lazy(() => import("../components/two-factor/mfa-login-step"));

export const Route = createFileRoute("/signin")({
  validateSearch: searchParams({ code: text(), error: text() }),
  beforeLoad: homeIfSignedIn,
  component: SignInPage,
});

/** Someone else's session is open in this browser: the person chooses, nothing is swapped silently. */
interface Choice {
  current: string;
  next: string;
  token: string;
}

/**
 * The login page. Google sign-in also returns here: `?code=` is traded for a session by this
 * browser (the API checks its nonce cookie), `?error=` names a known refusal. Nothing the address
 * carries is ever shown or used as a session as it is.
 */
function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { code, error } = Route.useSearch();
  const [googleError, setGoogleError] = useState<string | null>(error ? t(googleErrorMessage(error)) : null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [finishing, setFinishing] = useState(Boolean(code));
  const traded = useRef<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  useEffect(() => {
    // The code and the error go from the address bar and the history at once (without a
    // navigation, which would send a signed-in person home mid-way); a fragment left by an older
    // link is dropped unread.
    if (code || error || window.location.hash)
      window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!code || traded.current === code) return;
    traded.current = code;
    const finish = async () => {
      try {
        const answer = await accountsApi.googleExchange(code);
        // The account has an authenticator app on: its code comes before the session.
        if ("mfa_token" in answer) {
          setMfaToken(answer.mfa_token);
          return;
        }
        const { access_token } = answer;
        const current = getToken();
        if (!current) {
          signIn(queryClient, access_token);
          await navigate({ to: "/", replace: true });
          return;
        }
        const [before, after] = await Promise.all([
          queryClient.fetchQuery(meQueryOptions()),
          requestJson<Me>("/api/v1/private/user/auth/me", {}, access_token, () => {}),
        ]);
        if (before.username === after.username) {
          signIn(queryClient, access_token);
          await navigate({ to: "/", replace: true });
          return;
        }
        setChoice({ current: before.username, next: after.username, token: access_token });
      } catch (failure) {
        // Whoever is signed in here stays signed in; only the failed sign-in is reported.
        if (getToken()) {
          showSnackbar({ message: apiErrorText(failure, t), variant: "error" });
          await navigate({ to: "/", replace: true });
        } else setGoogleError(apiErrorText(failure, t));
      } finally {
        setFinishing(false);
      }
    };
    void finish();
  }, [code, error, navigate, queryClient, t]);

  if (mfaToken) {
    return (
      <AuthPage title={t("Log In")}>
        <Suspense fallback={<p role="status">{t("Loading…")}</p>}>
          <MfaLoginStep
            mfaToken={mfaToken}
            onSignedIn={(token) => {
              signIn(queryClient, token);
              void navigate({ to: "/", replace: true });
            }}
          />
        </Suspense>
      </AuthPage>
    );
  }

  if (choice) {
    return (
      <AuthPage title={t("Which account?")}>
        <p className="mb-2">
          {t("This browser is signed in as @{{username}}.", { username: choice.current })}
        </p>
        <p className="mb-5">{t("You signed in with Google as @{{username}}.", { username: choice.next })}</p>
        <div className="flex flex-col gap-3">
          <button
            type="button"
            className="btn btn-primary w-full"
            onClick={() => {
              signIn(queryClient, choice.token);
              void navigate({ to: "/", replace: true });
            }}
          >
            {t("Switch to @{{username}}", { username: choice.next })}
          </button>
          <button
            type="button"
            className="btn btn-outline w-full"
            onClick={() => void navigate({ to: "/", replace: true })}
          >
            {t("Stay as @{{username}}", { username: choice.current })}
          </button>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t("Log In")} subtitle={t("Welcome back to Agora")}>
      {finishing ? (
        <p role="status" className="mb-4 text-sm text-[var(--muted)]">
          {t("Finishing sign-in with Google…")}
        </p>
      ) : null}
      {googleError ? <FormAlert>{googleError}</FormAlert> : null}
      <LoginForm mode="page" />
    </AuthPage>
  );
}
