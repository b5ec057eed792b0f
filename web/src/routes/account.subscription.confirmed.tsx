import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionConfirmedPage } from "../features/payments/components/subscription-confirmed-page";
import { oneOf, searchParams, text } from "../lib/search-params";

// /account/subscription/confirmed?subscription_id&paid_user_membership_type&payment_method.
export const Route = createFileRoute("/account/subscription/confirmed")({
  validateSearch: searchParams({
    subscription_id: text(),
    paid_user_membership_type: oneOf(["USER", "BUSINESS"]),
    payment_method: oneOf(["STRIPE", "PAYPAL"]),
  }),
  component: function ConfirmedRoute() {
    const { paid_user_membership_type, subscription_id } = Route.useSearch();
    return <SubscriptionConfirmedPage plan={paid_user_membership_type} subscriptionId={subscription_id} />;
  },
});
