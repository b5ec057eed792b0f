import { createRoute, z } from "@hono/zod-openapi";
import { publicIdQuery, publicIdSchema } from "#shared/api.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { connectInbox, connectPostWatchers, inboxSocketToken, postSocketToken } from "./sockets";

const tags = ["Live"];

const socketAuth = createRoute({
  method: "post",
  path: "/api/v1/private/user/live/websocket/auth",
  tags,
  security,
  summary: "A live-updates socket token: 60 seconds, one connection, the caller's own inbox",
  responses: {
    200: json(z.object({ access_token: z.string() }), "The token for /api/v1/live/websocket/connect"),
    ...errorResponses(401),
  },
});

const connect = createRoute({
  method: "get",
  path: "/api/v1/live/websocket/connect",
  tags,
  summary: "Open the caller's live-updates socket (Upgrade: websocket)",
  description: [
    "Every server frame is one JSON object with `type` and the inbox's increasing `seq`: HELLO {seq}",
    "on open; UNREAD {unread_notifications, unread_chat_threads, total_unread}; NOTIFICATION",
    "{notification, listed}; CHAT_THREAD {public_id, last_message, total_unread_messages, updated_at};",
    "PRESENCE {username, online}. Client frames: PING → PONG; RESUME {after}: the events after",
    "that seq, or RESYNC when they were not all kept (the tab then fetches again). A token opens one",
    "socket (a second use is 401). When the account's sessions end its sockets close with code 4401.",
    "A post's counts come on that post's own socket (/api/v1/live/post/websocket/connect).",
  ].join(" "),
  request: { query: z.object({ token: z.string().min(1, "Required").max(2048) }) },
  responses: {
    101: { description: "Switching protocols: the socket is open" },
    ...errorResponses(401, 403, 422, 426, 429),
  },
});

const postSocketAuth = createRoute({
  method: "post",
  path: "/api/v1/private/user/live/post/websocket/auth",
  tags,
  security,
  summary: "A post's live socket token: 60 seconds, one connection, the caller and this post only",
  description: "Refused (404) for a post the caller may not see, as the post itself is.",
  request: { query: publicIdQuery },
  responses: {
    200: json(
      z.object({ access_token: z.string() }),
      "The token for /api/v1/live/post/websocket/connect with this public_id",
    ),
    ...errorResponses(401, 404, 422),
  },
});

const postConnect = createRoute({
  method: "get",
  path: "/api/v1/live/post/websocket/connect",
  tags,
  summary: "Open a post's live socket: its comment and vote counts as they change (Upgrade: websocket)",
  description: [
    "Every server frame is one JSON object with `type` and the post's increasing `seq`: HELLO {seq}",
    "on open; POST_ACTIVITY {public_id, total_micropost_comments, total_micropost_votes} after each",
    "comment or vote (never for one by someone on either side of a block with the caller). Client",
    "frames: PING → PONG; RESUME {after}: the frames after that seq, or RESYNC when they were not",
    "all kept (the tab then fetches the post again). A token opens one socket (a second use is",
    "401); a post the caller may not see is 404. Sockets of sessions that ended close with code",
    "4401 at the post's next activity.",
  ].join(" "),
  request: {
    query: z.object({ public_id: publicIdSchema, token: z.string().min(1, "Required").max(2048) }),
  },
  responses: {
    101: { description: "Switching protocols: the socket is open" },
    ...errorResponses(401, 403, 404, 422, 426, 429),
  },
});

export const liveRoutes = createRouter()
  .openapi(socketAuth, async (c) => c.json(await inboxSocketToken(c.var.deps, c.get("user").id), 200))
  .openapi(connect, async (c) => {
    const request = { url: c.req.url, upgrade: c.req.header("upgrade") };
    return (await connectInbox(c.var.deps, request, c.req.valid("query").token)) as never;
  })
  .openapi(postSocketAuth, async (c) =>
    c.json(await postSocketToken(c.var.deps, c.get("user").id, c.req.valid("query").public_id), 200),
  )
  .openapi(postConnect, async (c) => {
    const { public_id, token } = c.req.valid("query");
    const request = { url: c.req.url, upgrade: c.req.header("upgrade") };
    return (await connectPostWatchers(c.var.deps, request, public_id, token)) as never;
  });
