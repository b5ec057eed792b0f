import { createRoute } from "@hono/zod-openapi";
import { pageQuerySchema, pageSchema } from "#shared/api.ts";
import { adminFeedbackSchema } from "#shared/schemas/admin.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { listFeedbacks } from "./service";

const list = createRoute({
  method: "get",
  path: "/api/admin/private/user/feedback/list",
  tags: ["Admin feedbacks"],
  summary: "The feedbacks table (email, type, text, created), newest first; the text is whole",
  security,
  request: { query: pageQuerySchema },
  responses: {
    200: json(pageSchema(adminFeedbackSchema), "A page of feedback"),
    ...errorResponses(401, 422),
  },
});

export const feedbacksRoutes = createRouter().openapi(list, async (c) =>
  c.json(await listFeedbacks(c.var.deps, c.req.valid("query")), 200),
);
