import type { QueryClient } from "@tanstack/react-query";
import type { LiveServerFrame } from "#shared/schemas/live.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { api } from "#web/lib/api.ts";
import { setLiveOpen } from "#web/lib/live-status.ts";
import { clearPresence, setPresence } from "#web/lib/presence.ts";
import { dropReadPosts } from "#web/lib/read-posts.ts";
import { accountKeys } from "#web/lib/session.ts";
import { applyThreadChange } from "../chat/cache";
import { chatKeys } from "../chat/queries";
import { notificationKeys, showArrived } from "../notifications/queries";
import { openResumableSocket } from "./resumable-socket";

// This tab's live socket (docs/decisions/109): one per signed-in tab, opened after the first page.
// A post's counts come on that post's own socket (watch.ts). Each event frame changes the query
// cache the screens read; resuming, RESYNC and reconnecting are resumable-socket.ts's.
// After FAILURES_BEFORE_POLLING failed attempts in a row the tab lives on polling (the socket is
// tried again now and then): nothing breaks where WebSockets are blocked.

const FAILURES_BEFORE_POLLING = 3;

export interface LiveConnection {
  stop(): void;
}

/** Opens the tab's socket and keeps it open until `stop()`. */
export function startLive(queryClient: QueryClient): LiveConnection {
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
          return;
        }
        case "NOTIFICATION":
          // Shown from the frame when the lists would show it as it is; else the lists ask again.
          if (frame.listed) showArrived(queryClient, frame.notification);
          else void queryClient.invalidateQueries({ queryKey: notificationKeys.root });
          // A new follower: the person's profile (its follower count, its list) follows.
          if (frame.notification.kind === "FOLLOWER") {
            void queryClient.invalidateQueries({ queryKey: ["people", "profile"] });
            void queryClient.invalidateQueries({ queryKey: ["people", "connections"] });
          }
          // A decision about the person's post (made or answered): its page follows.
          if (frame.notification.moderation) {
            void queryClient.invalidateQueries({ queryKey: ["moderation"] });
            void queryClient.invalidateQueries({ queryKey: ["posts", "detail"] });
          }
          return;
        case "READ":
          // Read on another tab or device: the lists shown with "Hide read" drop them.
          dropReadPosts(queryClient, frame.public_ids);
          return;
        case "CHAT_THREAD": {
          const { public_id, last_message, total_unread_messages, updated_at } = frame;
          const known = applyThreadChange(queryClient, public_id, {
            last_message,
            total_unread_messages,
            updated_at,
          });
          if (!known) void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
          return;
        }
      }
    },
    onResync() {
      void queryClient.invalidateQueries({ queryKey: accountKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.root });
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
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
