import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function DeleteAccountDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Delete account" message="This is not available yet." />;
}
