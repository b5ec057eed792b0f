import { createRoute } from "@hono/zod-openapi";
import {
  customFeedListSchema,
  customFeedSchema,
  feedEditSchema,
  feedFieldsSchema,
  feedIdQuery,
} from "#shared/schemas/feeds.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { createFeed, editFeed, getFeed, listFeeds, removeFeed } from "./service";

const tags = ["Feeds"];

const jsonBody = <T extends object>(schema: T) =>
  ({ required: true, content: { "application/json": { schema } } }) as const;

const list = createRoute({
  method: "get",
  path: "/api/v1/private/user/feed/list",
  tags,
  security,
  summary: "The caller's own feeds, oldest first",
  responses: { 200: json(customFeedListSchema, "The feeds"), ...errorResponses(401) },
});

const one = createRoute({
  method: "get",
  path: "/api/v1/feed/detail",
  tags,
  summary: "One custom feed: a public one for anyone, a private one for its owner only",
  request: { query: feedIdQuery },
  responses: { 200: json(customFeedSchema, "The feed"), ...errorResponses(404, 422) },
});

const create = createRoute({
  method: "post",
  path: "/api/v1/private/user/feed",
  tags,
  security,
  summary: "Make a feed of communities (with flairs to include or exclude) and people",
  description: "Up to 20 feeds, each of up to 100 communities and 200 people; past a limit, 400 naming it.",
  request: { body: jsonBody(feedFieldsSchema) },
  responses: { 201: json(customFeedSchema, "The feed"), ...errorResponses(400, 401, 422) },
});

const edit = createRoute({
  method: "patch",
  path: "/api/v1/private/user/feed",
  tags,
  security,
  summary: "Change one of the caller's feeds (a list sent replaces the old one)",
  request: { body: jsonBody(feedEditSchema) },
  responses: { 200: json(customFeedSchema, "The feed"), ...errorResponses(400, 401, 404, 422) },
});

const remove = createRoute({
  method: "delete",
  path: "/api/v1/private/user/feed",
  tags,
  security,
  summary: "Delete one of the caller's feeds",
  request: { query: feedIdQuery },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 422) },
});

export const feedsRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listFeeds(c.var.deps, c.get("user")), 200))
  .openapi(one, async (c) =>
    c.json(await getFeed(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query").id), 200),
  )
  .openapi(create, async (c) => c.json(await createFeed(c.var.deps, c.get("user"), c.req.valid("json")), 201))
  .openapi(edit, async (c) => c.json(await editFeed(c.var.deps, c.get("user"), c.req.valid("json")), 200))
  .openapi(remove, async (c) => {
    await removeFeed(c.var.deps, c.get("user"), c.req.valid("query").id);
    return c.body(null, 204);
  });
