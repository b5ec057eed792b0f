import type { QueryClient } from "@tanstack/react-query";
import type { LiveServerFrame } from "#shared/schemas/live.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { api } from "#web/lib/api.ts";
import { dispatchLiveFrame, type LiveFrameHandlers } from "#web/lib/live-frames.ts";
import { setLiveOpen } from "#web/lib/live-status.ts";
import { clearPresence, setPresence } from "#web/lib/presence.ts";
import { dropReadPosts } from "#web/lib/read-posts.ts";
import { openResumableSocket } from "#web/lib/resumable-socket.ts";
import { accountKeys } from "#web/lib/session.ts";

// This tab's live socket (docs/decisions/109): one per signed-in tab, opened after the first page.
// A post's counts come on that post's own socket (watch.ts). Each event frame changes the query
// cache the screens read: the unread counts and read posts here, the rest through the features'
// handlers (web/src/lib/live-frames.ts), given by web/src/live-wiring.ts; resuming, RESYNC and
// reconnecting are web/src/lib/resumable-socket.ts's.
// After FAILURES_BEFORE_POLLING failed attempts in a row the tab lives on polling (the socket is
// tried again now and then): nothing breaks where WebSockets are blocked.

const FAILURES_BEFORE_POLLING = 3;

export interface LiveConnection {
  stop(): void;
}

/** Opens the tab's socket and keeps it open until `stop()`; `handlers` get the frames too. */
export function startLive(queryClient: QueryClient, handlers: readonly LiveFrameHandlers[]): LiveConnection {
  const socket = openResumableSocket<LiveServerFrame>({
    token: async () => (await api.post("/api/v1/private/user/live/websocket/auth")).access_token,
    path: (token) => `/api/v1/live/websocket/connect?token=${encodeURIComponent(token)}`,
    onState(frame) {
      if (frame.type !== "PRESENCE") return false;
      // A state, not a change to count: a new socket's snapshot carries the inbox's current seq
      // and comes before what a RESUME replays, so it never moves the seq on (a replayed
      // PRESENCE is applied again, in order, and ends on the same state).
      setPresence(frame.username, frame.online);
      return true;
    },
    onEvent(frame) {
      switch (frame.type) {
        case "UNREAD": {
          const { unread_notifications, unread_chat_threads, total_unread } = frame;
          queryClient.setQueryData<UnreadData>(accountKeys.unread(), {
            unread_notifications,
            unread_chat_threads,
            total_unread,
          });
          break;
        }
        case "READ":
          // Read on another tab or device: the lists shown with "Hide read" drop them.
          dropReadPosts(queryClient, frame.public_ids);
          break;
      }
      // The features' own frames (a notification, a chat thread's change) are theirs to apply.
      dispatchLiveFrame(handlers, frame, queryClient);
    },
    onResync() {
      void queryClient.invalidateQueries({ queryKey: accountKeys.unread() });
      for (const handler of handlers) handler.resync?.(queryClient);
    },
    onOpen: () => setLiveOpen(true),
    // While it reconnects, the tab polls again only if reconnecting fails.
    onFailure(failures) {
      if (failures >= FAILURES_BEFORE_POLLING) setLiveOpen(false);
    },
    onClose: clearPresence,
    closeReason: "signed out",
  });
  return {
    stop() {
      socket.stop();
      setLiveOpen(false);
      clearPresence();
    },
  };
}
