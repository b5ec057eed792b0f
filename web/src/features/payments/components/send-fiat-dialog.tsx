import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { UnavailableDialog } from "#web/components/ui/unavailable-dialog.tsx";

/** Payments are not set up on this server: the person to tip (`username`) is not used yet. */
export default function SendFiatDialog({ onClose }: ModalProps & { username: string }) {
  return (
    <UnavailableDialog
      onClose={onClose}
      title="Send USD"
      message="Payments are not configured on this server."
    />
  );
}
