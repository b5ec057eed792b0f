import { z } from "../zod-jitless";
import { chatLastMessageSchema } from "./chat";
import { notificationSchema } from "./notifications";
import { unreadDataSchema } from "./user";

// Live updates: one socket per signed-in tab, fed by the person's inbox object (docs/decisions/109),
// and one more per open post page, fed by that post's object (docs/decisions/122). Every server
// frame is one JSON object with a `type` and its object's increasing `seq`; frames that are about
// the socket itself (HELLO, RESYNC, PONG, ERROR) carry the current seq and are never replayed. The
// Durable Objects parse every client frame with `liveClientFrameSchema`.

export const LIVE_MSG = {
  badToken: "This live link has expired. Ask for a new one.",
  malformed: "This frame could not be read",
} as const;

/** Frames an inbox keeps for RESUME; a tab that missed more gets RESYNC. */
export const LIVE_BUFFER_FRAMES = 256;
/** Frames a post's object keeps for RESUME (each carries the post's whole counts). */
export const LIVE_POST_BUFFER_FRAMES = 64;

export const liveClientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("PING") }),
  z.object({ type: z.literal("RESUME"), after: z.number().int().min(0) }),
]);
export type LiveClientFrame = z.infer<typeof liveClientFrameSchema>;

export const liveChatThreadSchema = z.object({
  public_id: z.string(),
  last_message: chatLastMessageSchema.nullable(),
  total_unread_messages: z.number().int(),
  updated_at: z.string(),
});

export const livePostActivitySchema = z.object({
  public_id: z.string(),
  total_micropost_comments: z.number().int(),
  total_micropost_votes: z.number().int(),
});
export type LivePostActivity = z.infer<typeof livePostActivitySchema>;

/** What an inbox stores and replays: the events themselves. */
export const liveEventSchema = z.discriminatedUnion("type", [
  unreadDataSchema.extend({ type: z.literal("UNREAD") }),
  // `listed`: the notification stands at the top of the person's lists as the server answers them
  // (they mute no phrase), so a tab may show it from the frame; otherwise it asks for the list.
  z.object({ type: z.literal("NOTIFICATION"), notification: notificationSchema, listed: z.boolean() }),
  liveChatThreadSchema.extend({ type: z.literal("CHAT_THREAD") }),
  z.object({ type: z.literal("PRESENCE"), username: z.string(), online: z.boolean() }),
  // The person read these posts (public ids), on this tab or another device: hide-read feeds drop them.
  z.object({ type: z.literal("READ"), public_ids: z.array(z.string()) }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** About the socket: HELLO on open (the seq to RESUME after), RESYNC, PONG, ERROR. */
export type LiveControlFrame =
  | { type: "HELLO"; seq: number }
  | { type: "RESYNC"; seq: number }
  | { type: "PONG"; seq: number }
  | { type: "ERROR"; seq: number; detail: string };

export type LiveServerFrame = (LiveEvent & { seq: number }) | LiveControlFrame;

/** What a post's socket carries: the post's counts after each comment or vote, and the control frames. */
export type LivePostFrame = (LivePostActivity & { type: "POST_ACTIVITY"; seq: number }) | LiveControlFrame;
