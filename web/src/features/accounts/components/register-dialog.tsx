import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function RegisterDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Sign Up" message="This is not available yet." />;
}
