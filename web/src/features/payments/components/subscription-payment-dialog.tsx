import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { UnavailableDialog } from "#web/components/ui/unavailable-dialog.tsx";

export default function SubscriptionPaymentDialog(props: ModalProps) {
  return (
    <UnavailableDialog {...props} title="Subscribe" message="Payments are not configured on this server." />
  );
}
