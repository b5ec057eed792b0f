import { createRoute } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import { adminCommunityListQuerySchema, adminCommunitySchema } from "#shared/schemas/admin.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { listCommunities } from "./service";

const list = createRoute({
  method: "get",
  path: "/api/admin/private/community/list",
  tags: ["Admin communities"],
  summary:
    "The communities table (name, created at): newest first, or by name when `name` is a prefix to find",
  security,
  request: { query: adminCommunityListQuerySchema },
  responses: {
    200: json(pageSchema(adminCommunitySchema), "A page of communities"),
    ...errorResponses(401, 422),
  },
});

export const communitiesAdminRoutes = createRouter().openapi(list, async (c) =>
  c.json(await listCommunities(c.var.deps, c.req.valid("query")), 200),
);
