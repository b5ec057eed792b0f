import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function LoginDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Log In" message="This is not available yet." />;
}
