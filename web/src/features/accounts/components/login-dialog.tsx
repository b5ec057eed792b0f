import { useTranslation } from "react-i18next";
import { Dialog } from "../../../components/ui/dialog";
import type { ModalProps } from "../../../components/ui/modal-host";
import { LoginForm } from "./login-form";

export default function LoginDialog({ onClose, notice }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("Log In")} onClose={onClose}>
      <LoginForm mode="modal" notice={typeof notice === "string" ? notice : undefined} />
    </Dialog>
  );
}
