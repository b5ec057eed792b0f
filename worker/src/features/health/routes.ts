import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, json } from "#worker/lib/router.ts";

const health = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["Health"],
  summary: "Liveness",
  responses: {
    200: json(z.object({ status: z.literal("ok") }), "The Worker answers"),
  },
});

export const healthRoutes = createRouter().openapi(health, (c) => c.json({ status: "ok" as const }, 200));
