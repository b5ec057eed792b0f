import {
  CHAT_MESSAGE_MAX,
  CHAT_USERNAME_SEARCH_MAX,
  USERNAME_MAX,
  WEBPAGE_PREVIEW_DESCRIPTION_MAX,
} from "../constants";
import { CHAT_SERVER_SENDER, CHAT_THREAD_TYPES } from "../enums";
import { z } from "../zod-jitless";
import { reactionSchema } from "./reactions";

// Chat: threads, messages and the socket protocol (docs/decisions/009). The frame schemas here
// are the only definition of what travels on a chat socket: the Durable Object parses every
// client frame with `chatClientFrameSchema`, the SPA parses every server frame with
// `chatServerFrameSchema` and checks its own text with `chatTextSchema` before sending.

export const CHAT_MSG = {
  tooLong: `Your message shouldn't be more than ${CHAT_MESSAGE_MAX}`,
  blank: "Write a message first",
  userNotFound: "The user does not exist",
  withYourself: "You can not start a chat with yourself",
  blocked: "You can not chat with this user",
  newChatsOff: "This user does not accept new chats",
  notAuthor: "Only the author can delete this message",
  messageNotFound: "This message does not exist",
  malformed: "This message could not be read",
  tooFast: "You are sending messages too fast. Slow down a little.",
  threadNotFound: "This chat does not exist",
  badToken: "This chat link has expired. Open the chat again.",
  previewMismatch: "The link preview must be for a link in the message",
} as const;

/** A message's text: trimmed, not blank, at most 1000 characters. */
export const chatTextSchema = z
  .string({ error: CHAT_MSG.blank })
  .trim()
  .min(1, CHAT_MSG.blank)
  .max(CHAT_MESSAGE_MAX, CHAT_MSG.tooLong);

const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Must be an http or https link");

/** What a link in a message points at: the webpage preview. */
export const webpagePreviewSchema = z.object({
  site_name: z.string().max(200).nullable(),
  title: z.string().max(300).nullable(),
  link: httpUrl,
  description: z.string().max(WEBPAGE_PREVIEW_DESCRIPTION_MAX).nullable(),
  /**
   * The page's picture as this site keeps a copy of it (`/media/previews/…`); messages stored before
   * the copies were made may still hold the page's own address.
   */
  image: z
    .union([z.string().regex(/^\/media\/previews\/[a-z0-9]{1,64}$/, "Must be a preview image"), httpUrl])
    .nullable(),
});
export type WebpagePreview = z.infer<typeof webpagePreviewSchema>;

/** `GET /api/webpage-preview?link=`: a link with or without its scheme. */
export const webpagePreviewQuerySchema = z.object({
  link: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .max(2048, "Must be 2048 characters or less"),
});

/** A person in a chat, as the other participants see them. */
export const chatUserSchema = z.object({
  username: z.string(),
  profile_name: z.string().nullable(),
  profile_image: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** A user in the new-chat search, with what decides whether a chat can start. */
export const chatSearchUserSchema = chatUserSchema.extend({
  allow_new_chat: z.boolean(),
  is_blocked: z.boolean(),
  is_verified_user: z.boolean(),
  is_verified_business: z.boolean(),
  is_staff: z.boolean(),
});
export type ChatSearchUser = z.infer<typeof chatSearchUserSchema>;

export const CHAT_STORED_MESSAGE_TYPES = ["TEXT", "IMAGE"] as const;

/** A stored message. `client_id` is the sender's own id for it. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  message_type: z.enum(CHAT_STORED_MESSAGE_TYPES),
  message_sender: chatUserSchema,
  text: z.string().nullable(),
  media: z.string().nullable(),
  /** An IMAGE's description, for screen readers; null when none was given. */
  alt: z.string().nullable(),
  webpage_preview: webpagePreviewSchema.nullable(),
  /** Usernames of the participants who have seen it. */
  readers: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  client_id: z.string().nullable(),
  /** Its reactions as the viewer sees them (docs/decisions/140); none in the frame of a new message. */
  reactions: z.array(reactionSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** What a thread list shows under a thread's name. */
export const chatLastMessageSchema = z.object({
  message_type: z.enum(CHAT_STORED_MESSAGE_TYPES),
  text: z.string().nullable(),
  created_at: z.string(),
});
export type ChatLastMessage = z.infer<typeof chatLastMessageSchema>;

/** A thread, with its last message and last activity. */
export const chatThreadSchema = z.object({
  public_id: z.string(),
  chat_thread_type: z.enum(CHAT_THREAD_TYPES),
  chat_thread_user_list: z.array(chatUserSchema),
  total_unread_messages: z.number().int(),
  created_at: z.string(),
  last_message: chatLastMessageSchema.nullable(),
  /** The last message's time, or the creation time when there is none. */
  updated_at: z.string(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

/** The username search box: lowercased, spaces removed, bounded. */
export const chatUsernameSearchSchema = z
  .string()
  .transform((value) => value.toLowerCase().replace(/\s+/g, ""))
  .pipe(z.string().max(CHAT_USERNAME_SEARCH_MAX, `Must be ${CHAT_USERNAME_SEARCH_MAX} characters or less`));

/** `POST .../chat/thread` (form username). */
export const createChatThreadSchema = z.object({
  username: z
    .string({ error: "Required" })
    .transform((value) => value.toLowerCase().replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, "Required")
        .max(USERNAME_MAX, CHAT_MSG.userNotFound)
        .regex(/^[a-z0-9]+$/, CHAT_MSG.userNotFound),
    ),
});

/**
 * `GET .../chat/thread/personal` (query username): the pair's thread, null before the first
 * message creates it, and the person, for the new conversation's header.
 */
export const personalThreadSchema = z.object({
  public_id: z.string().nullable(),
  user: chatUserSchema,
});
export type PersonalThread = z.infer<typeof personalThreadSchema>;

// ----- Socket frames -----

/** The client's own id for a message, so a resend after a reconnect is stored once. */
export const chatClientIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "client_id: letters, digits, - and _ only");

const messageIdSchema = z.number({ error: "id: a message id" }).int().positive();

/** Every frame a client may send (docs/decisions/009). */
export const chatClientFrameSchema = z.discriminatedUnion("message_type", [
  z.object({ message_type: z.literal("PING") }),
  z.object({ message_type: z.literal("TYPING") }),
  z.object({ message_type: z.literal("STOPTYPING") }),
  z.object({
    message_type: z.literal("TEXT"),
    text: chatTextSchema,
    webpage_preview: webpagePreviewSchema.nullish(),
    client_id: chatClientIdSchema.optional(),
  }),
  z.object({ message_type: z.literal("DELETE"), id: messageIdSchema }),
  z.object({ message_type: z.literal("CLOSE") }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

const serverLine = {
  message_sender: z.literal(CHAT_SERVER_SENDER),
  user: chatUserSchema,
  /** The English line; the SPA writes it in the reader's language from `user`. */
  text: z.string(),
  created_at: z.string(),
};

/** Every frame the server sends. */
export const chatServerFrameSchema = z.discriminatedUnion("message_type", [
  z.object({ message_type: z.literal("PONG") }),
  z.object({ message_type: z.literal("CONNECT"), ...serverLine }),
  z.object({ message_type: z.literal("RECONNECT"), ...serverLine }),
  z.object({ message_type: z.literal("TYPING"), message_sender: chatUserSchema }),
  z.object({ message_type: z.literal("STOPTYPING"), message_sender: chatUserSchema }),
  chatMessageSchema.extend({ message_type: z.literal("TEXT") }),
  chatMessageSchema.extend({ message_type: z.literal("IMAGE") }),
  z.object({
    message_type: z.literal("DELETE"),
    id: z.number().int(),
    /** The thread's last message after the deletion: the previous one, or none. */
    last_message: chatLastMessageSchema.nullable(),
  }),
  z.object({ message_type: z.literal("EXCLUDE"), text: z.string() }),
  /** Someone reacted to a message (`on`) or took a reaction back (docs/decisions/140). */
  z.object({
    message_type: z.literal("REACTION"),
    message_id: z.number().int(),
    emoji: z.string(),
    username: z.string(),
    on: z.boolean(),
  }),
  z.object({
    message_type: z.literal("ERROR"),
    text: z.string(),
    /** The refused TEXT's client id, when it had one: that message was not stored. */
    client_id: z.string().optional(),
  }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

/** The line the others see when someone opens the thread. */
export const joinedLine = (name: string) => `${name} joined the chat.`;
