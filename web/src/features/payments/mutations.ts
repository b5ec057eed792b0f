import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toFormData } from "#client/form-data.ts";
import type { MembershipType } from "#shared/enums.ts";
import type {
  CheckoutLink,
  OnboardingStatus,
  StripeCompleteSubscriptionResult,
  Subscription,
  SubscriptionStartResult,
} from "#shared/schemas/payments.ts";
import type { ServiceKey } from "#shared/schemas/services.ts";
import { apiFetch } from "#web/lib/api.ts";
import { accountKeys } from "#web/lib/session.ts";
import { paymentKeys } from "./queries";

const PAYMENT = "/api/v1/private/user/payment";

// Money calls. Each screen shows its own refusal (the API's `detail`) where it happened, so the
// generic red notice stays quiet (`onError: () => {}`) unless said otherwise.

/** The pre-subscription check: 409 "You already have an active membership" stops a second one. */
export function startSubscription(paid_user_membership_type: MembershipType) {
  return apiFetch<SubscriptionStartResult>(`${PAYMENT}/subscription/start`, {
    method: "POST",
    body: { paid_user_membership_type },
  });
}

/** The card's PaymentMethod (made by Stripe.js) becomes a Stripe subscription on the server. */
export function completeStripeSubscription(
  payment_method_id: string,
  paid_user_membership_type: MembershipType,
) {
  return apiFetch<StripeCompleteSubscriptionResult>(`${PAYMENT}/stripe/complete/subscription`, {
    method: "POST",
    body: toFormData({ payment_method_id, paid_user_membership_type }),
  });
}

/** PayPal's approved subscription id; the server checks it with PayPal before anything changes. */
export function completePaypalSubscription(
  subscription_id: string,
  paid_user_membership_type: MembershipType,
) {
  return apiFetch<Subscription>(`${PAYMENT}/paypal/complete/subscription`, {
    method: "POST",
    body: { subscription_id, paid_user_membership_type },
  });
}

/** Ends the membership at once (the Subscription Terms: no grace period); the mark goes. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`${PAYMENT}/subscription/cancel`, { method: "DELETE" }),
    onError: () => {},
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}

/** A tip by card: the answer is Stripe Checkout's page, where the browser goes next. */
export function useTip() {
  return useMutation({
    mutationFn: ({ username, cents }: { username: string; cents: number }) =>
      apiFetch<CheckoutLink>("/api/v1/tip/stripe", { method: "POST", body: { username, amount: cents } }),
    onError: () => {},
  });
}

/** Orders a service by card: Stripe Checkout's page for its price. */
export function useOrderService() {
  return useMutation({
    mutationFn: (service: ServiceKey) =>
      apiFetch<CheckoutLink>("/api/v1/private/user/service/order", { method: "POST", body: service }),
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
    mutationFn: () => apiFetch<OnboardingStatus>(`${PAYMENT}/stripe/onboarding-status`, { method: "PATCH" }),
    onError: () => {},
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.history() }),
  });
}

/** Sends the browser to a provider's page (Stripe Checkout, Connect onboarding). */
export function goTo(link: string): void {
  window.location.assign(link);
}
