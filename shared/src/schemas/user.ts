import { ROLES, USER_STATUSES } from "../enums";
import { z } from "../zod-jitless";

/** A user as others see them: the owner of a post, a member, a follower. */
export const ownerSchema = z.object({
  username: z.string(),
  profile_name: z.string().nullable(),
  profile_image: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  is_staff: z.boolean(),
  is_verified_user: z.boolean(),
  is_verified_business: z.boolean(),
});
export type Owner = z.infer<typeof ownerSchema>;

/** The full user, with the caller's relation to them. `email` only to the owner. */
export const userSchema = ownerSchema.extend({
  email: z.string().nullable(),
  profile_cover: z.string().nullable(),
  /** Plain text; empty when unset. */
  headline: z.string(),
  /** Plain text with its line breaks; empty when unset. */
  bio: z.string(),
  /** Up to five https addresses; empty when unset. */
  links: z.array(z.string()),
  is_following: z.boolean(),
  is_blocked: z.boolean(),
  is_blocking: z.boolean(),
  user_is_owner: z.boolean(),
  allow_new_chat: z.boolean(),
  total_followers: z.number().int(),
  total_following: z.number().int(),
  use_night_mode: z.boolean(),
  default_micropost_sort: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

/** `me`: the user and every setting flag. */
export const meSchema = userSchema.extend({
  settings: z.record(z.string(), z.boolean()),
  referrer_username: z.string().nullable(),
  is_service_provider: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const unreadDataSchema = z.object({
  unread_notifications: z.number().int(),
  unread_chat_threads: z.number().int(),
  total_unread: z.number().int(),
});
export type UnreadData = z.infer<typeof unreadDataSchema>;
