import { createRoute } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import {
  reactionInputSchema,
  reactionListQuerySchema,
  reactionResultSchema,
  reactorSchema,
} from "#shared/schemas/reactions.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { listReactors, react } from "./service";

const tags = ["Reactions"];
const PATH = "/api/v1/private/user/reaction";
const body = { content: { "application/json": { schema: reactionInputSchema } }, required: true };

const add = createRoute({
  method: "put",
  path: PATH,
  tags,
  security,
  summary: "React to a post, a comment or a chat message with one of its palette's emoji (idempotent)",
  request: { body },
  responses: {
    200: json(reactionResultSchema, "The item's reactions after the change"),
    ...errorResponses(400, 401, 403, 404, 422, 429),
  },
});

const remove = createRoute({
  method: "delete",
  path: PATH,
  tags,
  security,
  summary: "Take a reaction back (idempotent)",
  request: { body },
  responses: {
    200: json(reactionResultSchema, "The item's reactions after the change"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

const list = createRoute({
  method: "get",
  path: "/api/v1/reaction/list",
  tags,
  summary: "Who reacted to an item with one emoji, newest first (people you blocked left out)",
  request: { query: reactionListQuerySchema },
  responses: { 200: json(pageSchema(reactorSchema), "A page of people"), ...errorResponses(404, 422) },
});

export const reactionsRoutes = createRouter()
  .openapi(add, async (c) => c.json(await react(c.var.deps, c.get("user"), c.req.valid("json"), true), 200))
  .openapi(remove, async (c) =>
    c.json(await react(c.var.deps, c.get("user"), c.req.valid("json"), false), 200),
  )
  .openapi(list, async (c) => {
    return c.json(await listReactors(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query")), 200);
  });
