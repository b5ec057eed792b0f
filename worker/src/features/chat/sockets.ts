import { CHAT_MSG } from "#shared/schemas/chat.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { sessionVersion } from "#worker/lib/session-queries.ts";
import { answerOf, requireUpgrade, type SocketRequest } from "#worker/lib/sockets/upgrade.ts";
import { readChatToken, signChatToken } from "#worker/lib/tokens.ts";
import { CHAT_HEADERS } from "./chat-thread";
import { blockedInThread, memberThread, threadStub } from "./service";

// Opening a thread's socket: a short token for a member, then the connection, checked again by
// the Worker before it reaches the thread's object (the object trusts only the Worker).

/** `POST .../chat/websocket/auth`: a token for one connection to a thread the caller is in. */
export async function chatSocketToken(
  deps: Deps,
  userId: number,
  threadPublicId: string,
): Promise<{ access_token: string }> {
  const { ref } = await memberThread(deps, userId, threadPublicId);
  if (await blockedInThread(deps, userId, ref)) fail(403, CHAT_MSG.blocked);
  const version = await sessionVersion(deps.db, userId);
  if (version === null) fail(401, CHAT_MSG.badToken);
  return { access_token: await signChatToken(deps.env.JWT_SECRET, { id: userId, version }, ref.publicId) };
}

/** `GET .../chat/websocket/connect`: the token's person's socket on the thread. */
export async function connectChatThread(
  deps: Deps,
  request: SocketRequest,
  query: { public_id: string; token: string; reconnect?: string | undefined },
): Promise<Response> {
  const { public_id, token, reconnect } = query;
  requireUpgrade(request);
  const claims = await readChatToken(deps.env.JWT_SECRET, token, public_id);
  // A token made before the account's sessions were revoked is void, like the session it came from.
  if (claims === null || (await sessionVersion(deps.db, claims.userId)) !== claims.version)
    fail(401, CHAT_MSG.badToken);
  const { userId } = claims;
  const { ref } = await memberThread(deps, userId, public_id);
  if (await blockedInThread(deps, userId, ref)) fail(403, CHAT_MSG.blocked);
  // A fresh request: whatever identity headers the client sent do not reach the object.
  const headers = new Headers({
    upgrade: "websocket",
    [CHAT_HEADERS.userId]: String(userId),
    [CHAT_HEADERS.threadId]: String(ref.threadId),
    [CHAT_HEADERS.publicId]: ref.publicId,
    [CHAT_HEADERS.createdAt]: String(ref.createdAt),
    [CHAT_HEADERS.reconnect]: reconnect === "1" ? "1" : "0",
    [CHAT_HEADERS.tokenVersion]: String(claims.version),
    [CHAT_HEADERS.tokenId]: claims.jti,
    [CHAT_HEADERS.tokenExpires]: String(claims.expiresAt),
    [CHAT_HEADERS.kind]: ref.kind ?? "PERSONAL",
  });
  return answerOf(await threadStub(deps, ref.publicId).fetch(new Request(request.url, { headers })));
}
