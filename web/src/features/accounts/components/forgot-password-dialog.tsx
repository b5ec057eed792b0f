import { useTranslation } from "react-i18next";
import { Dialog } from "../../../components/ui/dialog";
import type { ModalProps } from "../../../components/ui/modal-host";
import { ForgotPasswordForm } from "./forgot-password-form";

export default function ForgotPasswordDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("Forgot password")} onClose={onClose}>
      <ForgotPasswordForm mode="modal" />
    </Dialog>
  );
}
