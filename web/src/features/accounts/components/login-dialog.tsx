import { useTranslation } from "react-i18next";
import { Dialog } from "#web/components/ui/dialog.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { LoginForm } from "./login-form";

export default function LoginDialog({ onClose, notice }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("Log In")} onClose={onClose}>
      <LoginForm mode="modal" notice={typeof notice === "string" ? notice : undefined} />
    </Dialog>
  );
}
