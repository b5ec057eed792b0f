import { createRoute } from "@hono/zod-openapi";
import {
  awayLanguageSchema,
  notificationPreferenceListSchema,
  notificationPreferenceSchema,
  notificationPreferenceUpdateSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  unsubscribeQuerySchema,
} from "#shared/schemas/push.ts";
import { z } from "#shared/zod-jitless.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import {
  chooseLanguage,
  listPreferences,
  publicKey,
  subscribe,
  unsubscribe,
  unsubscribeByToken,
  updatePreference,
} from "./service";

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const key = createRoute({
  method: "get",
  path: "/api/v1/push/public-key",
  tags: ["Push"],
  summary: "The VAPID public key browsers subscribe with (503 when push is not configured)",
  responses: { 200: json(pushPublicKeySchema, "The key, base64url"), ...errorResponses(503) },
});

const add = createRoute({
  method: "post",
  path: "/api/v1/private/user/push/subscription",
  tags: ["Push"],
  summary: "Keep this browser's push subscription (a known push service's https address)",
  security,
  request: body(pushSubscriptionSchema),
  responses: {
    201: json(z.object({ endpoint: z.string() }), "Subscribed"),
    ...errorResponses(401, 422, 503),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/api/v1/private/user/push/subscription",
  tags: ["Push"],
  summary: "Forget this browser's push subscription",
  security,
  request: body(pushUnsubscribeSchema),
  responses: { 204: { description: "Forgotten" }, ...errorResponses(401, 404, 422) },
});

const preferences = createRoute({
  method: "get",
  path: "/api/v1/private/user/notification/preference",
  tags: ["Notifications"],
  summary: "Per kind of event: whether it reaches the caller by push and by e-mail while away",
  security,
  responses: { 200: json(notificationPreferenceListSchema, "Every kind's choice"), ...errorResponses(401) },
});

const choose = createRoute({
  method: "patch",
  path: "/api/v1/private/user/notification/preference",
  tags: ["Notifications"],
  summary: "Turn push or e-mail on or off for one kind",
  security,
  request: body(notificationPreferenceUpdateSchema),
  responses: {
    200: json(notificationPreferenceSchema, "The kind's choice now"),
    ...errorResponses(401, 422),
  },
});

const language = createRoute({
  method: "put",
  path: "/api/v1/private/user/notification/language",
  tags: ["Notifications"],
  summary: "The language pushes and the e-mail of what was missed are written in (en, es, pt)",
  security,
  request: body(awayLanguageSchema),
  responses: { 200: json(awayLanguageSchema, "The language now"), ...errorResponses(401, 422) },
});

const oneClick = createRoute({
  method: "post",
  path: "/api/v1/notification/unsubscribe",
  tags: ["Notifications"],
  summary: "One-click unsubscribe (RFC 8058): the token turns its kinds' e-mail off, no sign-in",
  request: { query: unsubscribeQuerySchema },
  responses: {
    200: json(z.object({ list: z.array(notificationPreferenceSchema) }), "Those kinds' choices now"),
    ...errorResponses(422),
  },
});

export const pushRoutes = createRouter()
  .openapi(key, (c) => c.json(publicKey(c.var.deps), 200))
  .openapi(add, async (c) => {
    const input = c.req.valid("json");
    await subscribe(c.var.deps, c.get("user").id, input);
    return c.json({ endpoint: input.endpoint }, 201);
  })
  .openapi(remove, async (c) => {
    await unsubscribe(c.var.deps, c.get("user").id, c.req.valid("json").endpoint);
    return c.body(null, 204);
  })
  .openapi(preferences, async (c) => c.json(await listPreferences(c.var.deps, c.get("user").id), 200))
  .openapi(choose, async (c) =>
    c.json(await updatePreference(c.var.deps, c.get("user").id, c.req.valid("json")), 200),
  )
  .openapi(language, async (c) =>
    c.json(await chooseLanguage(c.var.deps, c.get("user").id, c.req.valid("json").language), 200),
  )
  .openapi(oneClick, async (c) =>
    c.json(await unsubscribeByToken(c.var.deps, c.req.valid("query").token), 200),
  );
