import { createRoute, z } from "@hono/zod-openapi";
import { publicIdQuery, publicIdSchema } from "#shared/api.ts";
import { LIVE_MSG } from "#shared/schemas/live.ts";
import { fail } from "#worker/lib/errors.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { inboxStub, watchersStub } from "#worker/lib/sockets/stubs.ts";
import { readLiveToken, signLiveToken } from "#worker/lib/tokens.ts";
import { sessionVersion } from "../chat/service";
import { getPost } from "../posts/service";
import { LIVE_HEADERS } from "./inbox";
import { POST_LIVE_HEADERS } from "./post-watchers";

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
  .openapi(socketAuth, async (c) => {
    const user = c.get("user");
    const version = await sessionVersion(c.var.deps, user.id);
    if (version === null) fail(401, LIVE_MSG.badToken);
    return c.json({ access_token: await signLiveToken(c.env.JWT_SECRET, { id: user.id, version }) }, 200);
  })
  .openapi(connect, async (c) => {
    const { token } = c.req.valid("query");
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") fail(426, "Expected a WebSocket upgrade");
    const deps = c.var.deps;
    const claims = await readLiveToken(c.env.JWT_SECRET, token);
    // A token made before the account's sessions were revoked is void, like the session it came from.
    if (claims === null || (await sessionVersion(deps, claims.userId)) !== claims.version)
      fail(401, LIVE_MSG.badToken);
    // A fresh request: whatever identity headers the client sent do not reach the object, and the
    // object is the token's person's: nobody reaches another person's inbox.
    const headers = new Headers({
      upgrade: "websocket",
      [LIVE_HEADERS.userId]: String(claims.userId),
      [LIVE_HEADERS.tokenVersion]: String(claims.version),
      [LIVE_HEADERS.tokenId]: claims.jti,
      [LIVE_HEADERS.tokenExpires]: String(claims.expiresAt),
    });
    const upgraded = await inboxStub(deps, claims.userId).fetch(new Request(c.req.url, { headers }));
    if (upgraded.status === 101) return upgraded as never;
    return new Response(upgraded.body, upgraded) as never;
  })
  .openapi(postSocketAuth, async (c) => {
    const user = c.get("user");
    const { public_id } = c.req.valid("query");
    const deps = c.var.deps;
    // The post as the caller would read it: whatever hides it from them refuses the socket too.
    await getPost(deps, user.id, public_id);
    const version = await sessionVersion(deps, user.id);
    if (version === null) fail(401, LIVE_MSG.badToken);
    return c.json(
      { access_token: await signLiveToken(c.env.JWT_SECRET, { id: user.id, version }, public_id) },
      200,
    );
  })
  .openapi(postConnect, async (c) => {
    const { public_id, token } = c.req.valid("query");
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") fail(426, "Expected a WebSocket upgrade");
    const deps = c.var.deps;
    const claims = await readLiveToken(c.env.JWT_SECRET, token, public_id);
    if (claims === null || (await sessionVersion(deps, claims.userId)) !== claims.version)
      fail(401, LIVE_MSG.badToken);
    // Checked again as it opens: a post removed or a block made since the token is refused.
    await getPost(deps, claims.userId, public_id);
    const headers = new Headers({
      upgrade: "websocket",
      [POST_LIVE_HEADERS.postId]: public_id,
      [POST_LIVE_HEADERS.userId]: String(claims.userId),
      [POST_LIVE_HEADERS.tokenVersion]: String(claims.version),
      [POST_LIVE_HEADERS.tokenId]: claims.jti,
      [POST_LIVE_HEADERS.tokenExpires]: String(claims.expiresAt),
    });
    const upgraded = await watchersStub(deps, public_id).fetch(new Request(c.req.url, { headers }));
    if (upgraded.status === 101) {
      // The person's inbox remembers the post, so that ending their sessions closes this socket too.
      const noted = inboxStub(deps, claims.userId)
        .notePostSocket(claims.userId, public_id)
        .catch((error) => console.error("noting a post socket failed", error));
      if (deps.background) deps.background(noted);
      else await noted;
      return upgraded as never;
    }
    return new Response(upgraded.body, upgraded) as never;
  });
