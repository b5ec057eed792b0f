import type { LiveFrameHandlers } from "#web/lib/live-frames.ts";
import { notificationKeys, showArrived } from "./queries";

/** What notifications do with the tab's live frames (given to the socket by web/src/live-wiring.ts). */
export const notificationLiveFrames: LiveFrameHandlers = {
  NOTIFICATION(frame, queryClient) {
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
  },
  resync(queryClient) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.root });
  },
};
