import { adminApi } from "#admin/lib/api.ts";
import { skipPagesQueryOptions } from "#admin/lib/paged.ts";

const paymentKeys = {
  root: ["admin", "payments"] as const,
  mismatches: () => [...paymentKeys.root, "mismatches"] as const,
};

const PAGE = 20;

/** What the daily reconciliation found between our memberships and the providers', newest first. */
export const mismatchListQueryOptions = () =>
  skipPagesQueryOptions(paymentKeys.mismatches(), PAGE, (skip, limit) =>
    adminApi.get("/api/admin/private/payment/mismatch/list", { query: { skip, limit } }),
  );
