import { createRoute, z } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import {
  blogListQuerySchema,
  blogQuerySchema,
  blogSchema,
  blogSummarySchema,
  contentLanguageQuerySchema,
  featuredItemSchema,
  membershipPlanSchema,
} from "#shared/schemas/content.ts";
import { createRouter, errorResponses, json } from "#worker/lib/router.ts";
import { blogBySlug, blogList, featuredList, planList } from "./service";

const featured = createRoute({
  method: "get",
  path: "/api/v1/featured/main/list",
  tags: ["Content"],
  summary: "The featured carousel's cards",
  description: "`lang` (es, pt) answers each card in that language where staff translated it.",
  request: { query: contentLanguageQuerySchema },
  responses: {
    200: json(z.object({ list: z.array(featuredItemSchema) }), "The cards, in order"),
    ...errorResponses(422),
  },
});

const plans = createRoute({
  method: "get",
  path: "/api/v1/membership/plan/list",
  tags: ["Content"],
  summary: "The membership plans and their features",
  responses: { 200: json(z.object({ list: z.array(membershipPlanSchema) }), "The plans, in order") },
});

const blogs = createRoute({
  method: "get",
  path: "/api/v1/blog/list",
  tags: ["Content"],
  summary: "Published blog posts, newest first",
  request: { query: blogListQuerySchema },
  responses: { 200: json(pageSchema(blogSummarySchema), "A page of posts"), ...errorResponses(422) },
});

const blog = createRoute({
  method: "get",
  path: "/api/v1/blog",
  tags: ["Content"],
  summary: "One published blog post by its slug",
  request: { query: blogQuerySchema },
  responses: { 200: json(blogSchema, "The post"), ...errorResponses(404, 422) },
});

// Public and the same for everyone: browsers and Cloudflare may keep them for a minute.
const PUBLIC_CACHE = "public, max-age=60";

export const contentRoutes = createRouter()
  .openapi(featured, async (c) => {
    c.header("cache-control", PUBLIC_CACHE);
    return c.json(await featuredList(c.var.deps, c.req.valid("query").lang), 200);
  })
  .openapi(plans, async (c) => {
    c.header("cache-control", PUBLIC_CACHE);
    return c.json(await planList(c.var.deps), 200);
  })
  .openapi(blogs, async (c) => c.json(await blogList(c.var.deps, c.req.valid("query")), 200))
  .openapi(blog, async (c) => c.json(await blogBySlug(c.var.deps, c.req.valid("query").slug), 200));
