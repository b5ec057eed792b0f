import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { Page } from "#shared/api.ts";
import { PAYMENT_HISTORY_PAGE_SIZE } from "#shared/constants.ts";
import type { PaymentConfig, PaymentHistoryItem } from "#shared/schemas/payments.ts";
import { apiFetch } from "#web/lib/api.ts";
import { nextSkip } from "#web/lib/offset-pages.ts";

// Every query here is `meta: { silent: true }`: its screen shows a failure itself (with a retry).

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
    queryFn: ({ signal }) => apiFetch<PaymentConfig>("/api/v1/payment/config", { signal }),
    staleTime: 5 * 60_000,
  });

/** True when the server can take money by card (Stripe) or PayPal. */
export function isConfigured(config: PaymentConfig): boolean {
  return Boolean(config.stripe_publishable_key || config.paypal_client_id);
}

/** The caller's own payments and receipts, 12 at a time, newest first. */
export const paymentHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.history(),
    meta: { silent: true },
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<PaymentHistoryItem>>("/api/v1/private/user/payment/history/list", {
        query: { skip: pageParam, limit: PAYMENT_HISTORY_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, PAYMENT_HISTORY_PAGE_SIZE),
  });
