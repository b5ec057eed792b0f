import { createRoute, z } from "@hono/zod-openapi";
import { adminIdBodySchema } from "#shared/schemas/admin.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { redactVersion } from "./service";

const redact = createRoute({
  method: "patch",
  path: "/api/admin/private/micropost/version/redact",
  tags: ["Admin posts"],
  summary: "Redact a version an edit replaced (body id, from the history's `id`): its text is wiped, audited",
  security,
  request: { body: jsonOrForm(adminIdBodySchema) },
  responses: {
    200: json(z.object({ id: z.number().int(), redacted: z.literal(true) }), "Redacted"),
    ...errorResponses(401, 404, 415, 422),
  },
});

export const versionsAdminRoutes = createRouter().openapi(redact, async (c) => {
  const { id } = readBody<z.output<typeof adminIdBodySchema>>(c);
  return c.json(await redactVersion(c.var.deps, c.get("admin"), id), 200);
});
