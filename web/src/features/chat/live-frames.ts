import type { LiveFrameHandlers } from "#web/lib/live-frames.ts";
import { applyThreadChange } from "./cache";
import { chatKeys } from "./queries";

/** What chat does with the tab's live frames (given to the socket by web/src/live-wiring.ts). */
export const chatLiveFrames: LiveFrameHandlers = {
  CHAT_THREAD(frame, queryClient) {
    const { public_id, last_message, total_unread_messages, updated_at } = frame;
    const known = applyThreadChange(queryClient, public_id, {
      last_message,
      total_unread_messages,
      updated_at,
    });
    if (!known) void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
  },
  resync(queryClient) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
  },
};
