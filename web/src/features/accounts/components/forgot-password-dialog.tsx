import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { ForgotPasswordForm } from "./forgot-password-form";

export default function ForgotPasswordDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("Forgot password")} onClose={onClose}>
      <ForgotPasswordForm mode="modal" />
    </Dialog>
  );
}
