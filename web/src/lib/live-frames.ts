import type { QueryClient } from "@tanstack/react-query";
import type { LiveEvent } from "#shared/schemas/live.ts";

// The seam between the tab's live socket (web/src/features/live/client.ts) and the features that
// react to its frames (docs/decisions/200): each such feature exports its handlers, and
// web/src/live-wiring.ts hands them to the socket when it opens, so the live feature imports none
// of them.

/** What a feature does with a live frame of a kind it cares about. */
export type LiveFrameHandlers = {
  [K in LiveEvent["type"]]?: (frame: Extract<LiveEvent, { type: K }>, queryClient: QueryClient) => void;
} & {
  /** The socket may have missed frames (RESYNC, or a reconnect it could not resume): ask again. */
  resync?: (queryClient: QueryClient) => void;
};

/** Gives a frame to every handler of its kind. */
export function dispatchLiveFrame(
  handlers: readonly LiveFrameHandlers[],
  frame: LiveEvent,
  queryClient: QueryClient,
) {
  for (const handler of handlers) {
    const handle = handler[frame.type] as ((frame: LiveEvent, queryClient: QueryClient) => void) | undefined;
    handle?.(frame, queryClient);
  }
}
