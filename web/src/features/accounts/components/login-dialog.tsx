import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { LoginForm } from "./login-form";

/** The LOGIN modal; `notice` is shown above the form (e.g. why the session ended). */
export default function LoginDialog({ onClose, notice }: ModalProps & { notice?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("Log In")} onClose={onClose}>
      <LoginForm mode="modal" notice={notice} />
    </Dialog>
  );
}
