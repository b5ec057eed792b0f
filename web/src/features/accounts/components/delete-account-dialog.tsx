import { Dialog } from "#client/dialog.tsx";
import { FormAlert, PasswordField, SubmitButton, UsernameField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG, deleteAccountSchema } from "#shared/schemas/accounts.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { useMe } from "#web/lib/session.ts";
import { accountsApi } from "../api";
import { useSessionEndingForm } from "../use-session-ending-form";

/** Username and password confirm it; 202, then signed out. */
export default function DeleteAccountDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const { me } = useMe();
  const { form, problem, pending, submit } = useSessionEndingForm({
    schema: deleteAccountSchema,
    initial: { username: "", password: "" },
    send: accountsApi.deleteAccount,
    doneMessage: ACCOUNTS_MSG.accountDeleted,
    openLogin: false,
  });
  const typedOwnName = Boolean(me && form.data?.username === me.username);
  return (
    <Dialog title={t("Delete account")} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={t("Delete account")}>
        <div className="mb-4 rounded-lg border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-3 py-2 text-sm">
          <p className="font-semibold">{t("This cannot be undone.")}</p>
          <p>
            {t(
              "Your profile, e-mail and password are erased and every session ends. Type your username and password to confirm.",
            )}
          </p>
        </div>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <UsernameField
          autoComplete="off"
          autoFocus
          {...form.field("username")}
          hint={me ? t("Type {{username}}", { username: me.username }) : undefined}
        />
        <PasswordField {...form.field("password")} />
        <div className="flex gap-3">
          <button type="button" className="btn btn-outline flex-1" onClick={onClose}>
            {t("Cancel")}
          </button>
          <div className="flex-1">
            <SubmitButton pending={pending} disabled={!typedOwnName || !form.data} danger>
              {t("Delete account")}
            </SubmitButton>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
