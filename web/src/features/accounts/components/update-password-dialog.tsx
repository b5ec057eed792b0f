import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function UpdatePasswordDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Update password" message="This is not available yet." />;
}
