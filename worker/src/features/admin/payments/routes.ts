import { createRoute } from "@hono/zod-openapi";
import { pageQuerySchema, pageSchema } from "#shared/api.ts";
import { paymentMismatchSchema } from "#shared/schemas/payments.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { listMismatches } from "./service";

// Staff's view of payments: what the daily reconciliation found (the payments feature records
// the mismatches, features/payments/reconcile.ts; staff read them here).

const mismatches = createRoute({
  method: "get",
  path: "/api/admin/private/payment/mismatch/list",
  tags: ["Admin payments"],
  summary: "What the daily reconciliation found: memberships we and the provider disagree on",
  security,
  request: { query: pageQuerySchema },
  responses: {
    200: json(pageSchema(paymentMismatchSchema), "A page of mismatches"),
    ...errorResponses(401, 422),
  },
});

export const paymentsAdminRoutes = createRouter().openapi(mismatches, async (c) =>
  c.json(await listMismatches(c.var.deps, c.req.valid("query")), 200),
);
