import type { QueryClient } from "@tanstack/react-query";
import { chatLiveFrames } from "#web/features/chat/live-frames.ts";
import { type LiveConnection, startLive } from "#web/features/live/client.ts";
import { notificationLiveFrames } from "#web/features/notifications/live-frames.ts";

// Where the tab's live socket meets the features that react to its frames (docs/decisions/200).
// Loaded with the socket, after the first page (web/src/features/live/live-updates.tsx), so the
// first load carries none of it.

/** Opens the tab's live socket with every feature's frame handlers. */
export function startLiveUpdates(queryClient: QueryClient): LiveConnection {
  return startLive(queryClient, [notificationLiveFrames, chatLiveFrames]);
}
