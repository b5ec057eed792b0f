import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function SendFiatDialog(props: ModalProps) {
  return (
    <UnavailableDialog {...props} title="Send USD" message="Payments are not configured on this server." />
  );
}
