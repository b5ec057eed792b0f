import { queryOptions } from "@tanstack/react-query";
import type { PaymentConfig } from "#shared/schemas/payments.ts";
import { api } from "./api";

// Whether this server takes money, read by the payment screens and by screens that only offer them
// (the plans page's Subscribe buttons, the sidebar's Get verified prompt), and the payments' query
// keys, which the wallet refreshes after a send (a new row of the history).

export const paymentKeys = {
  root: ["payments"] as const,
  config: () => [...paymentKeys.root, "config"] as const,
  history: () => [...paymentKeys.root, "history"] as const,
  start: (plan: string) => [...paymentKeys.root, "start", plan] as const,
};

/** Publishable keys and PayPal plan ids; every field null when this server takes no money. */
export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    meta: { silent: true },
    queryFn: ({ signal }) => api.get("/api/v1/payment/config", { signal }),
    staleTime: 5 * 60_000,
  });

/** True when the server can take money by card (Stripe) or PayPal. */
export function isConfigured(config: PaymentConfig): boolean {
  return Boolean(config.stripe_publishable_key || config.paypal_client_id);
}
