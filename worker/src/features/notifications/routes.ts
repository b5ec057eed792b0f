import { createRoute } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import {
  notificationListQuerySchema,
  notificationReadAnswerSchema,
  notificationReadSchema,
  notificationSchema,
} from "#shared/schemas/notifications.ts";
import { failValidation } from "#worker/lib/errors.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { listNotifications, markRead } from "./service";

const list = createRoute({
  method: "get",
  path: "/api/v1/private/user/notification/list",
  tags: ["Notifications"],
  summary: "The caller's notifications, newest first (unread=true for the unread ones)",
  security,
  request: { query: notificationListQuerySchema },
  responses: {
    200: json(pageSchema(notificationSchema), "A page of notifications"),
    ...errorResponses(401, 422),
  },
});

const read = createRoute({
  method: "patch",
  path: "/api/v1/private/user/notification/read",
  tags: ["Notifications"],
  summary: "Mark one notification (id) or all of them read",
  security,
  request: { query: notificationReadSchema, body: jsonOrForm(notificationReadSchema) },
  responses: {
    200: json(notificationReadAnswerSchema, "How many changed and how many are left unread"),
    ...errorResponses(401, 404, 422),
  },
});

export const notificationsRoutes = createRouter()
  .openapi(list, async (c) => {
    return c.json(await listNotifications(c.var.deps, c.get("user").id, c.req.valid("query")), 200);
  })
  .openapi(read, async (c) => {
    // The id may come in the query or in a body; none means "all of them".
    let { id } = c.req.valid("query");
    if (id === undefined && c.req.header("content-type")) {
      const parsed = notificationReadSchema.safeParse(readBody(c));
      if (!parsed.success) failValidation(parsed.error);
      id = parsed.data.id;
    }
    return c.json(await markRead(c.var.deps, c.get("user").id, id), 200);
  });
