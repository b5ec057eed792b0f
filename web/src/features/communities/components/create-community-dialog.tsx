import type { ModalProps } from "../../../components/ui/modal-host";
import { UnavailableDialog } from "../../../components/ui/unavailable-dialog";

export default function CreateCommunityDialog(props: ModalProps) {
  return <UnavailableDialog {...props} title="Create Community" message="This is not available yet." />;
}
