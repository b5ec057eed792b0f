import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { FormAlert } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { AuthPage } from "../features/accounts/components/auth-page";
import { LoginForm } from "../features/accounts/components/login-form";
import { homeIfSignedIn } from "../features/accounts/guards";
import { signIn } from "../features/accounts/session";
import { clearToken } from "../lib/auth-token";

export const Route = createFileRoute("/signin")({
  beforeLoad: homeIfSignedIn,
  component: SignInPage,
});

/** The login page; Google sign-in also returns here, with the token or the error in the fragment. */
function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [googleError, setGoogleError] = useState<string | null>(null);

  useEffect(() => {
    const back = new URLSearchParams(window.location.hash.slice(1));
    const token = back.get("access_token");
    const error = back.get("error");
    if (!token && !error) return;
    // The token must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (token) {
      signIn(queryClient, token);
      void navigate({ to: "/", replace: true });
    } else {
      // Login failure logs out and says so.
      clearToken();
      setGoogleError(error === ACCOUNTS_MSG.loginFailed ? t(ACCOUNTS_MSG.loginFailed) : t(error ?? ""));
    }
  }, [navigate, queryClient, t]);

  return (
    <AuthPage title={t("Log In")} subtitle={t("Welcome back to Agora")}>
      {googleError ? <FormAlert>{googleError}</FormAlert> : null}
      <LoginForm mode="page" />
    </AuthPage>
  );
}
