import { createRoute, type z } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import {
  ADMIN_MSG,
  reportGroupSchema,
  reportListQuerySchema,
  reportResolveAnswerSchema,
  reportResolveSchema,
} from "#shared/schemas/admin.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { closeSocketsOf } from "#worker/lib/sockets/close-sockets.ts";
import { listReportGroups, resolveReportGroup } from "./service";

const tags = ["Admin reports"];

const list = createRoute({
  method: "get",
  path: "/api/admin/private/report/list",
  tags,
  summary:
    "The reports queue: reports grouped by what they point at (post, comment, person or link), with total_reports, causes and the newest texts; status OPEN (default) or RESOLVED",
  security,
  request: { query: reportListQuerySchema },
  responses: { 200: json(pageSchema(reportGroupSchema), "A page of groups"), ...errorResponses(401, 422) },
});

const resolve = createRoute({
  method: "patch",
  path: "/api/admin/private/report",
  tags,
  summary:
    "Resolve a group: DISMISS, REMOVE_CONTENT (hides the post or comment, kept for an appeal) or SUSPEND_USER (the person reported, or the author); note optional",
  security,
  request: { body: jsonOrForm(reportResolveSchema) },
  responses: {
    200: json(reportResolveAnswerSchema, "Resolved: the group with who did what and when"),
    ...errorResponses(401, 404, 409, 415, 422),
  },
});

export const reportsAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listReportGroups(c.var.deps, c.req.valid("query")), 200))
  .openapi(resolve, async (c) => {
    const input = readBody<z.output<typeof reportResolveSchema>>(c);
    const report = await resolveReportGroup(c.var.deps, c.get("admin"), input);
    const suspended = input.action === "SUSPEND_USER" ? report.target.user : null;
    if (suspended) c.executionCtx.waitUntil(closeSocketsOf(c.env, { username: suspended.username }));
    return c.json({ detail: ADMIN_MSG.reportsResolved, report }, 200);
  });
