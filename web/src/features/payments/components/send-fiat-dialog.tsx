import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { UnavailableDialog } from "#web/components/ui/unavailable-dialog.tsx";

export default function SendFiatDialog(props: ModalProps) {
  return (
    <UnavailableDialog {...props} title="Send USD" message="Payments are not configured on this server." />
  );
}
