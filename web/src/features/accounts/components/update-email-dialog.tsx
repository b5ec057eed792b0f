import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function UpdateEmailDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Update email" message="This is not available yet." />;
}
