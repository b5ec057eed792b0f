import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function ReportDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Report" message="This is not available yet." />;
}
