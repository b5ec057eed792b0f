import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../env";

/**
 * One chat thread: its sockets (hibernation API), typing state and messages. The Worker
 * authenticates every connection before it reaches this object.
 */
export class ChatThread extends DurableObject<Bindings> {
  override async fetch(_request: Request): Promise<Response> {
    return new Response(JSON.stringify({ detail: "Not found" }), { status: 404 });
  }
}
