import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { RegisterForm } from "./register-form";

export default function RegisterDialog({ onClose, refUsername }: ModalProps & { refUsername?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("Sign Up")} onClose={onClose}>
      <RegisterForm mode="modal" refUsername={refUsername} />
    </Dialog>
  );
}
