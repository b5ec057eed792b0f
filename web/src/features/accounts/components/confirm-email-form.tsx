import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { FormAlert, FormNotice, SubmitButton, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { EMAIL_CHANGE_CODE_LENGTH } from "#shared/constants.ts";
import type { ErrorCode } from "#shared/error-codes.ts";
import { emailChangeConfirmQuerySchema } from "#shared/schemas/accounts.ts";
import { ApiError } from "#web/lib/api.ts";
import { accountsApi } from "../api";
import { useEndSession } from "../auth-flow";

/** Refusals after which only a new request helps (it needs a session: log in first). */
const START_OVER: ReadonlyArray<ErrorCode | null> = ["nothing_pending", "attempts_exhausted", "code_expired"];

/**
 * The code e-mailed to the new address. It works only in the browser that asked (the API finds
 * the change by that browser's cookie), so this page follows the request at once. Success ends
 * every session: the login opens with the notice.
 */
export function ConfirmEmailForm({ email }: { email?: string }) {
  const { t } = useTranslation();
  const endSession = useEndSession();
  const form = useZodForm(emailChangeConfirmQuerySchema, { code: "" });
  const [problem, setProblem] = useState<{ text: string; startOver: boolean } | null>(null);
  const confirm = useMutation({
    mutationFn: accountsApi.confirmEmailChange,
    onSuccess: ({ detail }) => endSession(t(detail), true),
    onError: (error) =>
      setProblem({
        text: apiErrorText(error, t),
        startOver: error instanceof ApiError && START_OVER.includes(error.code),
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || confirm.isPending) return;
    setProblem(null);
    confirm.mutate(form.data.code);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Confirm your new email")}>
      {email ? (
        <FormNotice>
          <p>
            {t("We sent a 6-digit code to this address. Enter it within 10 minutes to finish the change:")}
          </p>
          <p className="mt-1 font-semibold wrap-anywhere">{email}</p>
        </FormNotice>
      ) : null}
      {problem ? (
        <FormAlert>
          <p>{problem.text}</p>
          {problem.startOver ? (
            <Link
              to="/signin"
              className="mt-2 inline-block font-semibold text-[var(--accent)] hover:underline"
            >
              {t("Log in to ask again")}
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
      <TextField
        label={t("6-digit code")}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={EMAIL_CHANGE_CODE_LENGTH}
        spellCheck={false}
        autoFocus
        className="mb-4 [&_input]:font-mono [&_input]:tracking-widest"
        {...form.field("code")}
        hint={t("It works only in this browser. Until you enter it, your account keeps its old email.")}
      />
      <SubmitButton pending={confirm.isPending}>{t("Confirm email")}</SubmitButton>
    </form>
  );
}
