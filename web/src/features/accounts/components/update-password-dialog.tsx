import { useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { FormAlert, PasswordChangeFields, SubmitButton } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG, updatePasswordSchema } from "#shared/schemas/accounts.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { accountsApi } from "../api";
import { useSessionEndingForm } from "../use-session-ending-form";
import { RemoveRecentPasskeys, useRecentPasskeys } from "./recent-passkeys";

// The API refuses a new password equal to the old one; the form says so before sending.
const schema = updatePasswordSchema.refine((v) => v.old_password !== v.new_password, {
  message: ACCOUNTS_MSG.samePassword,
  path: ["new_password"],
});

/**
 * Old and new password; 202 and then every session ends. When passkeys were added in the last
 * 24 hours, it offers to remove them too (one may be a thief's, ADR 131).
 */
export default function UpdatePasswordDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const recent = useRecentPasskeys();
  const [removeRecent, setRemoveRecent] = useState(false);
  const { form, problem, pending, submit, prompt } = useSessionEndingForm({
    schema: schema,
    initial: { old_password: "", new_password: "" },
    send: (data) => accountsApi.updatePassword({ ...data, remove_recent_passkeys: removeRecent }),
    doneMessage: ACCOUNTS_MSG.passwordUpdated,
    openLogin: true,
  });
  return (
    <Dialog title={t("Update password")} onClose={onClose}>
      {prompt ?? (
        <form onSubmit={submit} noValidate aria-label={t("Update password")}>
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <PasswordChangeFields
            form={form}
            autoFocus
            newPasswordHint={t("At least 6 characters. Every session will be signed out.")}
          />
          {recent.length ? (
            <RemoveRecentPasskeys names={recent} checked={removeRecent} onChange={setRemoveRecent} />
          ) : null}
          <SubmitButton pending={pending}>{t("Update password")}</SubmitButton>
        </form>
      )}
    </Dialog>
  );
}
