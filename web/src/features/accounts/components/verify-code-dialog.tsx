import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function VerifyCodeDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Verify your email" message="This is not available yet." />;
}
