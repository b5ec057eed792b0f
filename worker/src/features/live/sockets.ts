import { LIVE_MSG } from "#shared/schemas/live.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { sessionVersion } from "#worker/lib/session-queries.ts";
import { inboxStub, watchersStub } from "#worker/lib/sockets/stubs.ts";
import { answerOf, requireUpgrade, type SocketRequest } from "#worker/lib/sockets/upgrade.ts";
import { readLiveToken, signLiveToken } from "#worker/lib/tokens.ts";
import { LIVE_HEADERS } from "./inbox";
import { POST_LIVE_HEADERS } from "./post-watchers";

// Opening the live sockets: a short token for a signed-in person, then the connection, checked
// again by the Worker before it reaches the person's object (the object trusts only the Worker).

/** The token version of a person who may hold a session, or 401 for the socket. */
async function liveVersion(deps: Deps, userId: number): Promise<number> {
  const version = await sessionVersion(deps.db, userId);
  if (version === null) fail(401, LIVE_MSG.badToken);
  return version;
}

/** `POST .../live/websocket/auth`: a token for one connection to the caller's own inbox. */
export async function inboxSocketToken(deps: Deps, userId: number): Promise<{ access_token: string }> {
  const version = await liveVersion(deps, userId);
  return { access_token: await signLiveToken(deps.env.JWT_SECRET, { id: userId, version }) };
}

/** `GET /api/v1/live/websocket/connect`: the token's person's inbox socket. */
export async function connectInbox(deps: Deps, request: SocketRequest, token: string): Promise<Response> {
  requireUpgrade(request);
  const claims = await readLiveToken(deps.env.JWT_SECRET, token);
  // A token made before the account's sessions were revoked is void, like the session it came from.
  if (claims === null || (await sessionVersion(deps.db, claims.userId)) !== claims.version)
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
  return answerOf(await inboxStub(deps, claims.userId).fetch(new Request(request.url, { headers })));
}

/** `POST .../live/post/websocket/auth`: a token for one connection to a post the caller may read. */
export async function postSocketToken(
  deps: Deps,
  userId: number,
  postPublicId: string,
): Promise<{ access_token: string }> {
  // The post as the caller would read it: whatever hides it from them refuses the socket too.
  await deps.posts.readable(userId, postPublicId);
  const version = await liveVersion(deps, userId);
  return { access_token: await signLiveToken(deps.env.JWT_SECRET, { id: userId, version }, postPublicId) };
}

/** `GET .../live/post/websocket/connect`: the token's person's socket on a post's watchers. */
export async function connectPostWatchers(
  deps: Deps,
  request: SocketRequest,
  postPublicId: string,
  token: string,
): Promise<Response> {
  requireUpgrade(request);
  const claims = await readLiveToken(deps.env.JWT_SECRET, token, postPublicId);
  if (claims === null || (await sessionVersion(deps.db, claims.userId)) !== claims.version)
    fail(401, LIVE_MSG.badToken);
  // Checked again as it opens: a post removed or a block made since the token is refused.
  await deps.posts.readable(claims.userId, postPublicId);
  const headers = new Headers({
    upgrade: "websocket",
    [POST_LIVE_HEADERS.postId]: postPublicId,
    [POST_LIVE_HEADERS.userId]: String(claims.userId),
    [POST_LIVE_HEADERS.tokenVersion]: String(claims.version),
    [POST_LIVE_HEADERS.tokenId]: claims.jti,
    [POST_LIVE_HEADERS.tokenExpires]: String(claims.expiresAt),
  });
  const upgraded = await watchersStub(deps, postPublicId).fetch(new Request(request.url, { headers }));
  if (upgraded.status === 101) {
    // The person's inbox remembers the post, so that ending their sessions closes this socket too.
    const noted = inboxStub(deps, claims.userId)
      .notePostSocket(claims.userId, postPublicId)
      .catch((error) => console.error("noting a post socket failed", error));
    if (deps.background) deps.background(noted);
    else await noted;
  }
  return answerOf(upgraded);
}
