import { createRoute } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import { auditEntrySchema, auditListQuerySchema } from "#shared/schemas/admin.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { listAudit } from "./service";

const list = createRoute({
  method: "get",
  path: "/api/admin/private/audit/list",
  tags: ["Admin audit"],
  summary: "Every admin change, newest first; filter by action and by admin username",
  security,
  request: { query: auditListQuerySchema },
  responses: { 200: json(pageSchema(auditEntrySchema), "A page of the log"), ...errorResponses(401, 422) },
});

export const auditRoutes = createRouter().openapi(list, async (c) =>
  c.json(await listAudit(c.var.deps, c.req.valid("query")), 200),
);
