import type { MembershipType } from "#shared/enums.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { UnavailableDialog } from "#web/components/ui/unavailable-dialog.tsx";

/** Payments are not set up on this server: the plan asked for is not used yet. */
export default function SubscriptionPaymentDialog({
  onClose,
}: ModalProps & { paid_user_membership_type: MembershipType }) {
  return (
    <UnavailableDialog
      onClose={onClose}
      title="Subscribe"
      message="Payments are not configured on this server."
    />
  );
}
