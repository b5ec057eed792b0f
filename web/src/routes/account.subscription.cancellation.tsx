import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionCancellationPage } from "../features/payments/components/subscription-cancellation-page";
import { oneOf, searchParams } from "../lib/search-params";

// /account/subscription/cancellation?paid_user_membership_type.
export const Route = createFileRoute("/account/subscription/cancellation")({
  validateSearch: searchParams({ paid_user_membership_type: oneOf(["USER", "BUSINESS"]) }),
  component: SubscriptionCancellationPage,
});
