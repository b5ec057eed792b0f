import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toFormData } from "#client/form-data.ts";
import type { MembershipType } from "#shared/enums.ts";
import type { ServiceKey } from "#shared/schemas/services.ts";
import { api } from "#web/lib/api.ts";
import { accountKeys } from "#web/lib/session.ts";
import { paymentKeys } from "./queries";

// Money calls. Each screen shows its own refusal (the API's `detail`) where it happened, so the
// generic red notice stays quiet (`onError: () => {}`) unless said otherwise.

/** The pre-subscription check: 409 "You already have an active membership" stops a second one. */
export function startSubscription(paid_user_membership_type: MembershipType) {
  return api.post("/api/v1/private/user/payment/subscription/start", {
    body: { paid_user_membership_type },
  });
}

/** The card's PaymentMethod (made by Stripe.js) becomes a Stripe subscription on the server. */
export function completeStripeSubscription(
  payment_method_id: string,
  paid_user_membership_type: MembershipType,
) {
  return api.post("/api/v1/private/user/payment/stripe/complete/subscription", {
    body: toFormData({ payment_method_id, paid_user_membership_type }),
  });
}

/** PayPal's approved subscription id; the server checks it with PayPal before anything changes. */
export function completePaypalSubscription(
  subscription_id: string,
  paid_user_membership_type: MembershipType,
) {
  return api.post("/api/v1/private/user/payment/paypal/complete/subscription", {
    body: { subscription_id, paid_user_membership_type },
  });
}

/** Ends the membership at once (the Subscription Terms: no grace period); the mark goes. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/api/v1/private/user/payment/subscription/cancel"),
    onError: () => {},
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}

/** A tip by card: the answer is Stripe Checkout's page, where the browser goes next. */
export function useTip() {
  return useMutation({
    mutationFn: ({ username, cents }: { username: string; cents: number }) =>
      api.post("/api/v1/tip/stripe", { body: { username, amount: cents } }),
    onError: () => {},
  });
}

/** Orders a service by card: Stripe Checkout's page for its price. */
export function useOrderService() {
  return useMutation({
    mutationFn: (service: ServiceKey) => api.post("/api/v1/private/user/service/order", { body: service }),
    onError: () => {},
  });
}

/**
 * Payouts (Stripe Connect): READY, or a fresh onboarding link to go to. Asking is a PATCH because
 * the server makes the Connect account on the first ask.
 */
export function useOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.patch("/api/v1/private/user/payment/stripe/onboarding-status"),
    onError: () => {},
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.history() }),
  });
}

/** Sends the browser to a provider's page (Stripe Checkout, Connect onboarding). */
export function goTo(link: string): void {
  window.location.assign(link);
}
