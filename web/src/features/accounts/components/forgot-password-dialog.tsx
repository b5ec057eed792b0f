import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function ForgotPasswordDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Forgot password" message="This is not available yet." />;
}
