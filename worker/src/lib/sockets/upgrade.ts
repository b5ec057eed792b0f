import { fail } from "#worker/lib/errors.ts";

// What every socket's connect call shares before and after it reaches its object: the upgrade it
// must be, and the object's answer passed back.

/** What a socket's connect request brings: its address and its `upgrade` header. */
export interface SocketRequest {
  url: string;
  upgrade: string | undefined;
}

/** Refuses (426) a connect request that is not a WebSocket upgrade. */
export function requireUpgrade(request: SocketRequest): void {
  if (request.upgrade?.toLowerCase() !== "websocket") fail(426, "Expected a WebSocket upgrade");
}

/** The object's answer as the connect call's: a 101 as it is, a refusal as a plain response. */
export function answerOf(upgraded: Response): Response {
  if (upgraded.status === 101) return upgraded;
  // A refusal from the object (a used token, a full thread): its headers cannot be added to as is.
  return new Response(upgraded.body, upgraded);
}
