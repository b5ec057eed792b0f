import { EmailField, FormAlert, PasswordField, SubmitButton } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG, updateEmailSchema } from "#shared/schemas/accounts.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { accountsApi } from "../api";
import { useMe } from "../session";
import { useSessionEndingForm } from "../use-session-ending-form";

/** New e-mail and the password; 202 and then the session ends. */
export default function UpdateEmailDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const { me } = useMe();
  const { form, problem, pending, submit } = useSessionEndingForm({
    schema: updateEmailSchema,
    initial: { new_email: "", password: "" },
    send: accountsApi.updateEmail,
    doneMessage: ACCOUNTS_MSG.emailUpdated,
    openLogin: true,
  });
  return (
    <Dialog title={t("Update email")} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={t("Update email")}>
        {me?.email ? (
          <p className="mb-4 text-sm text-[var(--muted)]">
            {t("Your email now is {{email}}.", { email: me.email })}
          </p>
        ) : null}
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <EmailField label={t("New email")} name="new_email" autoFocus {...form.field("new_email")} />
        <PasswordField {...form.field("password")} hint={t("You will be signed out and log in again.")} />
        <SubmitButton pending={pending}>{t("Update email")}</SubmitButton>
      </form>
    </Dialog>
  );
}
