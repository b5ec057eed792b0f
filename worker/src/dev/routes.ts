import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorResponses, json } from "#worker/lib/router.ts";
import { developmentOnly } from "#worker/middleware/development-only.ts";
import { readOutbox } from "./outbox";
import { seedDemoData } from "./seed";
import { setTrustLevel } from "./trust-level";

const outboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Headers beyond the usual ones (List-Unsubscribe and List-Unsubscribe-Post on digests). */
  headers: z.record(z.string(), z.string()),
  created_at: z.string(),
});

const outbox = createRoute({
  method: "get",
  path: "/api/dev/outbox",
  middleware: [developmentOnly] as const,
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
  middleware: [developmentOnly] as const,
  tags: ["Development"],
  summary: "Seeds demo data into an empty database (development only)",
  responses: {
    200: json(z.object({ seeded: z.boolean() }), "Whether anything was written"),
    ...errorResponses(404),
  },
});

const trust = createRoute({
  method: "post",
  path: "/api/dev/trust-level",
  middleware: [developmentOnly] as const,
  tags: ["Development"],
  summary:
    "Fixes a person's trust level (development only): browser journeys that post a lot from a fresh account make it a regular",
  request: {
    query: z.object({
      username: z.string().trim().toLowerCase().min(1).max(64),
      level: z.coerce.number().int().min(0).max(2),
    }),
  },
  responses: {
    200: json(z.object({ updated: z.number().int() }), "How many accounts changed"),
    ...errorResponses(404, 422),
  },
});

export const devRoutes = createRouter()
  .openapi(outbox, async (c) => {
    const { to } = c.req.valid("query");
    const list = await readOutbox(c.var.deps, to);
    return c.json({ list }, 200);
  })
  .openapi(seed, async (c) => {
    return c.json({ seeded: await seedDemoData(c.var.deps) }, 200);
  })
  .openapi(trust, async (c) => {
    const { username, level } = c.req.valid("query");
    return c.json({ updated: await setTrustLevel(c.var.deps, username, level) }, 200);
  });
