import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { EmailField, FormAlert, PasswordField, SubmitButton, UsernameField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { registerSchema } from "#shared/schemas/accounts.ts";
import { usernameSchema } from "#shared/schemas/fields.ts";
import { accountsApi } from "../api";
import { type AuthMode, rememberCodeSent, StepLink, useAuthFlow } from "../auth-flow";
import { GoogleSignIn } from "./google-sign-in";

/** The referrer of a referral link (`?ref_username=`), if it is a possible username. */
function referrerFromAddress(): string | undefined {
  const ref = new URLSearchParams(window.location.search).get("ref_username") ?? "";
  const parsed = usernameSchema.safeParse(ref);
  return parsed.success ? parsed.data.toLowerCase() : undefined;
}

/**
 * E-mail, username and password. The button works only when all three are valid;
 * Enter submits. A referral link's referrer is shown and sent along.
 */
export function RegisterForm({ mode, refUsername }: { mode: AuthMode; refUsername?: string }) {
  const { t } = useTranslation();
  const flow = useAuthFlow(mode);
  const [ref] = useState(() => refUsername ?? referrerFromAddress());
  const form = useZodForm(registerSchema, { email: "", username: "", password: "" });
  const [problem, setProblem] = useState<string | null>(null);

  const register = useMutation({
    mutationFn: accountsApi.register,
    onSuccess: (created) => {
      rememberCodeSent(created.username);
      flow.toVerify({ email: created.email, username: created.username });
    },
    onError: (error) => setProblem(apiErrorText(error, t)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || register.isPending) return;
    setProblem(null);
    register.mutate({ ...form.data, ...(ref ? { ref_username: ref } : {}) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Sign Up")}>
      {ref ? (
        <p
          className="mb-4 rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-sm"
          data-testid="referrer-notice"
        >
          {t("Your referrer is @{{username}}", { username: ref })}
        </p>
      ) : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <EmailField autoFocus {...form.field("email")} />
      <UsernameField maxLength={64} {...form.field("username")} hint={t("3 to 18 letters or digits.")} />
      <PasswordField
        autoComplete="new-password"
        {...form.field("password")}
        hint={t("At least 6 characters, and not a common password.")}
      />
      <SubmitButton pending={register.isPending} disabled={!form.data}>
        {t("Sign Up")}
      </SubmitButton>
      <GoogleSignIn refUsername={ref} onError={setProblem} />
      <p className="mt-5 text-center text-sm text-[var(--muted)]">
        {t("Already have an account?")}{" "}
        <StepLink mode={mode} to="login">
          {t("Log In")}
        </StepLink>
      </p>
    </form>
  );
}
