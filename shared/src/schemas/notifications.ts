import { skipSchema } from "../api";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants";
import { NOTIFICATION_KINDS } from "../enums";
import { z } from "../zod-jitless";
import { moderationNoticeSchema } from "./moderation";
import { ownerSchema } from "./user";

/** A notification: who did what, and where a click leads. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The person who acted: the new follower, the commenter. */
  actor: ownerSchema.nullable(),
  link: z.string().nullable(),
  /** A short excerpt: the post's title, the comment's first words. */
  text: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
  /** A MODERATION notification's decision and the person's appeal; null for other kinds. */
  moderation: moderationNoticeSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

const queryFlag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/** `GET .../notification/list`: skip, limit, unread (only the unread ones when true). */
export const notificationListQuerySchema = z.object({
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  unread: queryFlag.optional().default(false),
});

/** `PATCH .../notification/read`: one notification by id, or every one when id is left out. */
export const notificationReadSchema = z.object({ id: z.coerce.number().int().positive().optional() });

export const notificationReadAnswerSchema = z.object({
  updated: z.number().int(),
  unread_notifications: z.number().int(),
});
