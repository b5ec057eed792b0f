import { queryOptions } from "@tanstack/react-query";
import type { PaymentConfig } from "#shared/schemas/payments.ts";
import { api } from "./api";

// Whether this server takes money, read by the payment screens and by screens that only offer them
// (the plans page's Subscribe buttons, the sidebar's Get verified prompt).

/** Publishable keys and PayPal plan ids; every field null when this server takes no money. */
export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["payments", "config"] as const,
    meta: { silent: true },
    queryFn: ({ signal }) => api.get("/api/v1/payment/config", { signal }),
    staleTime: 5 * 60_000,
  });

/** True when the server can take money by card (Stripe) or PayPal. */
export function isConfigured(config: PaymentConfig): boolean {
  return Boolean(config.stripe_publishable_key || config.paypal_client_id);
}
