import { createRoute, z } from "@hono/zod-openapi";
import { isDevelopment } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { createRouter, errorResponses, json } from "#worker/lib/router.ts";
import { readOutbox } from "./outbox";
import { seedDemoData } from "./seed";

const outboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});

const outbox = createRoute({
  method: "get",
  path: "/api/dev/outbox",
  tags: ["Development"],
  summary: "The newest e-mails sent to an address (development only)",
  request: { query: z.object({ to: z.string().trim().toLowerCase().min(1).max(254) }) },
  responses: {
    200: json(z.object({ list: z.array(outboxMessage) }), "Newest first"),
    ...errorResponses(404, 422),
  },
});

const seed = createRoute({
  method: "post",
  path: "/api/dev/seed",
  tags: ["Development"],
  summary: "Seeds demo data into an empty database (development only)",
  responses: {
    200: json(z.object({ seeded: z.boolean() }), "Whether anything was written"),
    ...errorResponses(404),
  },
});

export const devRoutes = createRouter()
  .openapi(outbox, async (c) => {
    if (!isDevelopment(c.env)) fail(404, "Not found");
    const { to } = c.req.valid("query");
    const list = await readOutbox(c.var.deps, to);
    return c.json({ list }, 200);
  })
  .openapi(seed, async (c) => {
    if (!isDevelopment(c.env)) fail(404, "Not found");
    return c.json({ seeded: await seedDemoData(c.var.deps) }, 200);
  });
