import { createRoute } from "@hono/zod-openapi";
import { searchQuerySchema, searchResultSchema } from "#shared/schemas/search.ts";
import { isDevelopment } from "#worker/env.ts";
import { createRouter, errorResponses, json } from "#worker/lib/router.ts";
import { search } from "./service";

const searchRoute = createRoute({
  method: "get",
  path: "/api/v1/search",
  tags: ["Search"],
  summary: "Search posts, comments, communities or users",
  description:
    "The text is read as plain words (no search syntax). An unknown type searches posts. A few matches are ranked by relevance, many are listed newest first; at most 1000 results. With no text, type=communities lists every community, biggest first.",
  request: { query: searchQuerySchema },
  responses: {
    200: json(searchResultSchema, "One page of results"),
    ...errorResponses(422),
  },
});

export const searchRoutes = createRouter().openapi(searchRoute, async (c) => {
  const query = c.req.valid("query");
  const viewer = c.get("viewer");
  const started = performance.now();
  const result = await search(c.var.deps, { ...query, viewerId: viewer?.id ?? null });
  // In development the answer says how long the search took inside the Worker, D1 calls included
  // (bench/search reads it; the Workers clock only moves across I/O, which is what is timed here).
  if (isDevelopment(c.env))
    c.header("Server-Timing", `search;dur=${(performance.now() - started).toFixed(2)}`);
  return c.json(result, 200);
});
