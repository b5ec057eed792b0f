import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function SendCryptoDialog(props: ModalProps) {
  return (
    <UnavailableDialog {...props} title="Send crypto" message="Payments are not configured on this server." />
  );
}
