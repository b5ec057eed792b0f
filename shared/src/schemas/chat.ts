import {
  CHAT_MESSAGE_MAX,
  CHAT_USERNAME_SEARCH_MAX,
  GROUP_MEMBERS_MAX,
  GROUP_NAME_MAX,
  GROUP_OTHERS_MAX,
  GROUP_OTHERS_MIN,
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
  groupNameRequired: "Give the group a name",
  groupNameTooLong: `The group's name shouldn't be more than ${GROUP_NAME_MAX} characters`,
  groupTooSmall: `Pick at least ${GROUP_OTHERS_MIN} people`,
  groupTooLarge: `A group has at most ${GROUP_MEMBERS_MAX} people`,
  groupWithYourself: "You are in the group already: pick other people",
  notAdmin: "Only the group's maker and admins can do this",
  notGroup: "This is not a group chat",
  alreadyMember: "This person is in the group already",
  notMember: "This person is not in the group",
  notInGroup: "You are no longer in this group",
  makerDeletes: "Only the group's maker can delete it. Leave it instead.",
  makerStaysAdmin: "The group's maker stays an admin",
  lastAdmin: "A group keeps at least one admin: make someone else an admin first",
  roleInvalid: "Use ADMIN or MEMBER",
  replyNotFound: "The message you reply to does not exist",
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
/** The lines a group's thread keeps of its own changes (their sender is who made the change). */
export const CHAT_SYSTEM_MESSAGE_TYPES = [
  "MEMBER_JOINED",
  "MEMBER_LEFT",
  "RENAMED",
  "ADMIN_ADDED",
  "ADMIN_REMOVED",
] as const;
export type ChatSystemMessageType = (typeof CHAT_SYSTEM_MESSAGE_TYPES)[number];

/** What a reply answers: the message's id, the start of its text (null for a picture or once deleted), who sent it. */
export const chatReplyRefSchema = z.object({
  id: z.number().int(),
  text: z.string().nullable(),
  message_type: z.enum(CHAT_STORED_MESSAGE_TYPES),
  sender: chatUserSchema,
  deleted: z.boolean(),
});
export type ChatReplyRef = z.infer<typeof chatReplyRefSchema>;

/**
 * A system line's subject: who joined, left, became an admin or stopped being one (null for
 * RENAMED), and the group's name.
 */
export const chatSystemSchema = z.object({
  user: chatUserSchema.nullable(),
  name: z.string().nullable(),
});
export type ChatSystem = z.infer<typeof chatSystemSchema>;

/** A stored message. `client_id` is the sender's own id for it. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** TEXT and IMAGE are people's; the others are a group's system lines (`system` says about whom). */
  message_type: z.enum([...CHAT_STORED_MESSAGE_TYPES, ...CHAT_SYSTEM_MESSAGE_TYPES]),
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
  /** The message this one answers (docs/decisions/144); null or absent when none. */
  reply_to: chatReplyRefSchema.nullable().optional(),
  /** A system line's subject; null or absent on people's messages. */
  system: chatSystemSchema.nullable().optional(),
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
  /** The members (a group's current members; a former member sees who was there when they left). */
  chat_thread_user_list: z.array(chatUserSchema),
  /** DIRECT for one-to-one threads (chat_thread_type PERSONAL), GROUP for group chats. */
  kind: z.enum(["DIRECT", "GROUP"]),
  /** A group's name; null for one-to-one threads. */
  name: z.string().nullable(),
  total_members: z.number().int(),
  /** Whether the caller may add, remove and rename (a group's maker and admins). */
  is_admin: z.boolean(),
  /** Whether the caller has left the group or was removed: they read it up to then, and cannot write. */
  left: z.boolean(),
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

const groupNameSchema = z
  .string({ error: CHAT_MSG.groupNameRequired })
  .trim()
  .min(1, CHAT_MSG.groupNameRequired)
  .max(GROUP_NAME_MAX, CHAT_MSG.groupNameTooLong);

const memberUsernameSchema = z
  .string({ error: "Required" })
  .transform((value) => value.toLowerCase().replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Required")
      .max(USERNAME_MAX, CHAT_MSG.userNotFound)
      .regex(/^[a-z0-9]+$/, CHAT_MSG.userNotFound),
  );

/** `POST .../chat/group`: a name and 2 to 49 other people (a name given twice counts once). */
export const createGroupSchema = z.object({
  name: groupNameSchema,
  usernames: z
    .array(memberUsernameSchema, { error: CHAT_MSG.groupTooSmall })
    .max(GROUP_OTHERS_MAX * 2, CHAT_MSG.groupTooLarge)
    .transform((names) => [...new Set(names)])
    .pipe(
      z
        .array(z.string())
        .min(GROUP_OTHERS_MIN, CHAT_MSG.groupTooSmall)
        .max(GROUP_OTHERS_MAX, CHAT_MSG.groupTooLarge),
    ),
});
export type CreateGroup = z.input<typeof createGroupSchema>;

const threadPublicIdSchema = z.string({ error: "Required" }).trim().min(1, "Required").max(64);

/** `POST` / `DELETE .../chat/group/member`. */
export const groupMemberSchema = z.object({
  public_id: threadPublicIdSchema,
  username: memberUsernameSchema,
});
/** A group member's role: ADMIN manages the group with its maker (docs/decisions/167). */
export const GROUP_ROLES = ["ADMIN", "MEMBER"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/** `PATCH .../chat/group/member`: makes a member an admin, or takes it back. */
export const groupMemberRoleSchema = groupMemberSchema.extend({
  role: z.enum(GROUP_ROLES, { error: CHAT_MSG.roleInvalid }),
});
export type GroupMemberRole = z.infer<typeof groupMemberRoleSchema>;
/** What it answers: the member's role now, and the system line (null when nothing changed). */
export const groupRoleResultSchema = z.object({
  username: z.string(),
  is_admin: z.boolean(),
  message: chatMessageSchema.nullable(),
});
export type GroupRoleResult = z.infer<typeof groupRoleResultSchema>;
/** `PATCH .../chat/group`. */
export const renameGroupSchema = z.object({ public_id: threadPublicIdSchema, name: groupNameSchema });
/** `DELETE .../chat/group/member/self`. */
export const leaveGroupSchema = z.object({ public_id: threadPublicIdSchema });

/** A group's member, as the members dialog lists them. */
export const groupMemberItemSchema = chatUserSchema.extend({
  is_admin: z.boolean(),
  is_maker: z.boolean(),
  joined_at: z.string(),
});
export type GroupMemberItem = z.infer<typeof groupMemberItemSchema>;

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
    /** The id of the message of this thread it answers. */
    reply_to: z.number({ error: "reply_to: a message id" }).int().positive().nullish(),
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

/** A group as it is after a change its system frame announces. */
const groupNowSchema = z.object({ name: z.string().nullable(), total_members: z.number().int() });

/** Every frame the server sends. */
export const chatServerFrameSchema = z.discriminatedUnion("message_type", [
  z.object({ message_type: z.literal("PONG") }),
  z.object({ message_type: z.literal("CONNECT"), ...serverLine }),
  z.object({ message_type: z.literal("RECONNECT"), ...serverLine }),
  z.object({ message_type: z.literal("TYPING"), message_sender: chatUserSchema }),
  z.object({ message_type: z.literal("STOPTYPING"), message_sender: chatUserSchema }),
  chatMessageSchema.extend({ message_type: z.literal("TEXT") }),
  chatMessageSchema.extend({ message_type: z.literal("IMAGE") }),
  // A group's changes: the stored system line, with the group as it is now.
  chatMessageSchema.extend({ message_type: z.literal("MEMBER_JOINED"), group: groupNowSchema }),
  chatMessageSchema.extend({ message_type: z.literal("MEMBER_LEFT"), group: groupNowSchema }),
  chatMessageSchema.extend({ message_type: z.literal("RENAMED"), group: groupNowSchema }),
  chatMessageSchema.extend({ message_type: z.literal("ADMIN_ADDED"), group: groupNowSchema }),
  chatMessageSchema.extend({ message_type: z.literal("ADMIN_REMOVED"), group: groupNowSchema }),
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
/** Someone reacted to a message or took it back (docs/decisions/140). */
export type ChatReactionFrame = Extract<ChatServerFrame, { message_type: "REACTION" }>;

/** The line the others see when someone opens the thread. */
export const joinedLine = (name: string) => `${name} joined the chat.`;
