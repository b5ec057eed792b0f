import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Dialog } from "#client/dialog.tsx";
import { EmailField, FormAlert, PasswordField, SubmitButton } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG, updateEmailSchema } from "#shared/schemas/accounts.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { signOut, useMe } from "#web/lib/session.ts";
import { closeModal } from "#web/modals.tsx";
import { accountsApi } from "../api";
import { useSessionEndingForm } from "../use-session-ending-form";

/**
 * New e-mail and the password. On 202 nothing has changed yet: the session ends (as after every
 * account change) and the code step asks for the code e-mailed to the new address.
 */
export default function UpdateEmailDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const { me } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { form, problem, pending, submit, prompt } = useSessionEndingForm({
    schema: updateEmailSchema,
    initial: { new_email: "", password: "" },
    send: accountsApi.updateEmail,
    doneMessage: ACCOUNTS_MSG.emailChangeCodeSent,
    openLogin: false,
    onDone: async (sent) => {
      closeModal();
      // Off the signed-in page first, so it does not ask the signed-out person to log in.
      await navigate({ to: "/email/confirm", search: { email: sent.new_email } });
      signOut(queryClient);
    },
  });
  return (
    <Dialog title={t("Update email")} onClose={onClose}>
      {prompt ?? (
        <form onSubmit={submit} noValidate aria-label={t("Update email")}>
          {me?.email ? (
            <p className="mb-4 text-sm text-[var(--muted)]">
              {t("Your email now is {{email}}.", { email: me.email })}
            </p>
          ) : null}
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <EmailField label={t("New email")} name="new_email" autoFocus {...form.field("new_email")} />
          <PasswordField
            {...form.field("password")}
            hint={t(
              "We will e-mail a 6-digit code to the new address. You will be signed out and enter it next.",
            )}
          />
          <SubmitButton pending={pending}>{t("Update email")}</SubmitButton>
        </form>
      )}
    </Dialog>
  );
}
