import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function FeedbackDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Send Feedback" message="This is not available yet." />;
}
