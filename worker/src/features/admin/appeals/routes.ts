import { createRoute, type z } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import {
  adminAppealSchema,
  appealDecideAnswerSchema,
  appealDecideSchema,
  appealListQuerySchema,
  MODERATION_MSG,
} from "#shared/schemas/moderation.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { decideAppeal, listAppeals } from "./service";

const tags = ["Admin appeals"];

const list = createRoute({
  method: "get",
  path: "/api/admin/private/appeal/list",
  tags,
  summary:
    "Appeals: the person's text, the decision appealed, the content as it was and the reports behind it; status OPEN (default, oldest first) or DECIDED",
  security,
  request: { query: appealListQuerySchema },
  responses: { 200: json(pageSchema(adminAppealSchema), "A page of appeals"), ...errorResponses(401, 422) },
});

const decide = createRoute({
  method: "patch",
  path: "/api/admin/private/appeal",
  tags,
  summary:
    "Decide an OPEN appeal: UPHOLD keeps the decision; REVERSE restores the content or lifts the suspension. The person is told; audited.",
  security,
  request: { body: jsonOrForm(appealDecideSchema) },
  responses: {
    200: json(appealDecideAnswerSchema, "Decided"),
    ...errorResponses(401, 404, 409, 415, 422),
  },
});

export const appealsAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listAppeals(c.var.deps, c.req.valid("query")), 200))
  .openapi(decide, async (c) => {
    const input = readBody<z.output<typeof appealDecideSchema>>(c);
    const appeal = await decideAppeal(c.var.deps, c.get("admin"), input);
    return c.json({ detail: MODERATION_MSG.appealDecidedDone, appeal }, 200);
  });
