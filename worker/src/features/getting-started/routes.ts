import { createRoute } from "@hono/zod-openapi";
import { gettingStartedSchema } from "#shared/schemas/getting-started.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { gettingStarted } from "./service";

const progress = createRoute({
  method: "get",
  path: "/api/v1/private/user/getting-started",
  tags: ["People"],
  summary: "The caller's Get started checklist: picture and name, 3 communities, 3 people, a first post",
  security,
  responses: {
    200: json(gettingStartedSchema, "Each step, from what the caller has done"),
    ...errorResponses(401),
  },
});

export const gettingStartedRoutes = createRouter().openapi(progress, async (c) =>
  c.json(await gettingStarted(c.var.deps, c.get("user").id), 200),
);
