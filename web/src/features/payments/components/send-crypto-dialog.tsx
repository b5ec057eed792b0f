import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { UnavailableDialog } from "#web/components/ui/unavailable-dialog.tsx";

export default function SendCryptoDialog({ onClose }: ModalProps) {
  return (
    <UnavailableDialog
      onClose={onClose}
      title="Send crypto"
      message="Payments are not configured on this server."
    />
  );
}
