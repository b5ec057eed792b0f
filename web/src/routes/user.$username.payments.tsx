import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { EmptyState } from "../components/ui/empty-state";
import { PaymentHistory } from "../features/payments/components/payment-history";
import { ProfileLayout } from "../features/people/components/profile-layout";

// /user/{username}/payments: the owner's payment history; nobody else's.
export const Route = createFileRoute("/user/$username/payments")({
  component: function PaymentsRoute() {
    const { username } = Route.useParams();
    const { t } = useTranslation();
    return (
      <ProfileLayout username={username} tab="payments">
        {(user) =>
          user.user_is_owner ? (
            <PaymentHistory />
          ) : (
            <EmptyState title={t("Only the owner can see their payments")} home={false} as="h2" />
          )
        }
      </ProfileLayout>
    );
  },
});
