import { infiniteQueryOptions } from "@tanstack/react-query";
import { PAYMENT_HISTORY_PAGE_SIZE } from "#shared/constants.ts";
import { api } from "#web/lib/api.ts";
import { nextSkip } from "#web/lib/offset-pages.ts";
import { paymentKeys } from "#web/lib/payment-config.ts";

// Every query here is `meta: { silent: true }`: its screen shows a failure itself (with a retry).

// The payment config and the keys are read by other screens too (the plans page, the sidebar,
// the wallet): they live in lib/.
export { isConfigured, paymentConfigQueryOptions, paymentKeys } from "#web/lib/payment-config.ts";

/** The caller's own payments and receipts, 12 at a time, newest first. */
export const paymentHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.history(),
    meta: { silent: true },
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/private/user/payment/history/list", {
        query: { skip: pageParam, limit: PAYMENT_HISTORY_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, PAYMENT_HISTORY_PAGE_SIZE),
  });
