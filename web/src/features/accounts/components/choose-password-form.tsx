import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { FormAlert, FormNotice, PasswordField, SubmitButton } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { newPasswordSchema } from "#shared/schemas/passwords.ts";
import { z } from "#shared/zod-jitless.ts";
import { accountsApi } from "../api";

const schema = z.object({ new_password: newPasswordSchema });

/**
 * After a sign-in with the e-mailed temporary password: it worked once, and the person chooses
 * the password they will use from now on before anything else (ADR 131).
 */
export function ChoosePasswordForm({
  passwordToken,
  onSignedIn,
}: {
  passwordToken: string;
  onSignedIn: (token: string) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, { new_password: "" });
  const save = useMutation({
    mutationFn: (newPassword: string) =>
      accountsApi.setNewPassword({ password_token: passwordToken, new_password: newPassword }),
    onSuccess: (answer) => onSignedIn(answer.access_token),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || save.isPending) return;
    save.mutate(form.data.new_password);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("Choose a new password")}>
      <FormNotice>{t(ACCOUNTS_MSG.chooseNewPassword)}</FormNotice>
      {save.error ? <FormAlert>{apiErrorText(save.error, t)}</FormAlert> : null}
      <PasswordField
        label={t("New password")}
        name="new_password"
        autoComplete="new-password"
        autoFocus
        {...form.field("new_password")}
        hint={t("At least 6 characters.")}
      />
      <SubmitButton pending={save.isPending}>{t("Save and log in")}</SubmitButton>
    </form>
  );
}
