import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function SubscriptionPaymentDialog(props: ModalProps) {
  return (
    <UnavailableDialog {...props} title="Subscribe" message="Payments are not configured on this server." />
  );
}
