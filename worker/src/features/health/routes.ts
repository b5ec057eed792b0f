import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "#worker/lib/router.ts";

const health = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["Health"],
  summary: "Liveness",
  responses: {
    200: {
      description: "The Worker answers",
      content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } },
    },
  },
});

export const healthRoutes = createRouter().openapi(health, (c) => c.json({ status: "ok" as const }, 200));
