import { anyCaseEnum, skipSchema } from "../api";
import {
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_DISPLAY_NAME_MAX,
  COMMUNITY_NAME_MAX,
  IMAGE_MAX_BYTES,
  MAX_PAGE_SIZE,
  MEMBER_PAGE_SIZE,
} from "../constants";
import { COMMUNITY_ROLES } from "../enums";
import { z } from "../zod-jitless";
import { rulesFieldSchema } from "./community-moderation";
import { reactionPaletteFieldSchema } from "./reactions";
import { ownerSchema } from "./user";

// Community creation and the community shapes. The messages are the
// English i18n keys: the SPA shows them with t(message), the API sends them as they are.
export const COMMUNITY_MSG = {
  nameRequired: "Name is required",
  nameMax: `Name must be ${COMMUNITY_NAME_MAX} characters or less`,
  nameWhitespace: "Name cannot contain whitespace",
  nameCharacters: "Name can only contain letters, numbers, _ and -",
  displayNameMax: `Display name must be ${COMMUNITY_DISPLAY_NAME_MAX} characters or less`,
  displayNameSpaces: "Display name cannot contain two spaces in a row",
  descriptionMax: `Description must be ${COMMUNITY_DESCRIPTION_MAX} characters or less`,
  imageMax: "File size should not exceed 1MB",
  imageType: "Use a PNG, JPEG, GIF or WebP image",
  notCreator: "Only the community's creator can change its banner",
  notModerator: "Only this community's owner and moderators can change its rules",
  coverRequired: "Choose a picture for the banner",
  notOwnerPalette: "Only the community's owner can change its reactions",
} as const;

/** The name as typed; the form sends it with whitespace removed. */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, "");
}

/**
 * A community name: required, at most 25, no whitespace. It is part of every post's address
 * (/c/{name}/…), so it also keeps to letters, digits, "_" and "-".
 */
export const communityNameSchema = z
  .string({ error: COMMUNITY_MSG.nameRequired })
  .min(1, COMMUNITY_MSG.nameRequired)
  .max(COMMUNITY_NAME_MAX, COMMUNITY_MSG.nameMax)
  .refine((v) => !/\s/.test(v), COMMUNITY_MSG.nameWhitespace)
  .refine((v) => /^[\p{L}\p{N}_-]*$/u.test(v) || /\s/.test(v), COMMUNITY_MSG.nameCharacters);

/** Optional, at most 40, never two spaces in a row. Empty means none. */
export const communityDisplayNameSchema = z
  .string()
  .trim()
  .max(COMMUNITY_DISPLAY_NAME_MAX, COMMUNITY_MSG.displayNameMax)
  .refine((v) => !/\s\s/.test(v), COMMUNITY_MSG.displayNameSpaces);

export const communityDescriptionSchema = z
  .string()
  .trim()
  .max(COMMUNITY_DESCRIPTION_MAX, COMMUNITY_MSG.descriptionMax);

/** The text fields of the Create Community form; the image is checked apart (a File or a data URL). */
export const communityCreateFieldsSchema = z.object({
  name: communityNameSchema,
  display_name: communityDisplayNameSchema.optional(),
  description: communityDescriptionSchema.optional(),
});
export type CommunityCreateFields = z.infer<typeof communityCreateFieldsSchema>;

/** The browser's check of the chosen image before it is sent; the server checks the bytes again. */
export function communityImageProblem(file: { size: number; type: string } | null): string | null {
  if (!file) return null;
  if (file.size > IMAGE_MAX_BYTES) return COMMUNITY_MSG.imageMax;
  if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) return COMMUNITY_MSG.imageType;
  return null;
}

/**
 * `PATCH /api/v1/private/user/community` (multipart), by the community's creator: a new banner
 * (`cover`, an image file of at most 1 MB) or `remove_cover=true` for the plain one.
 */
export const communityCoverEditSchema = z.object({
  name: communityNameSchema,
  cover: z
    .instanceof(File, { message: "Send a file" })
    .refine((f) => f.size <= IMAGE_MAX_BYTES, COMMUNITY_MSG.imageMax)
    .optional(),
  remove_cover: z.enum(["true", "false"]).optional(),
  /** The rules, a JSON list of up to 15 `{title, description}` (its owner and moderators). */
  rules: rulesFieldSchema.optional(),
  /** Its own reaction palette, a JSON list of 1 to 12 distinct emoji (its owner only). */
  reaction_palette: reactionPaletteFieldSchema.optional(),
  /** `true` gives it the default palette back (its owner only). */
  remove_reaction_palette: z.enum(["true", "false"]).optional(),
});
export type CommunityCoverEdit = z.infer<typeof communityCoverEditSchema>;

export const membershipSchema = z.object({
  role: z.enum(COMMUNITY_ROLES),
  /** When the caller joined. */
  created_at: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** A community. `user_membership` is null when the caller is not a member. */
export const communitySchema = z.object({
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  /** The banner its creator uploaded; null for the plain one. */
  cover: z.string().nullable(),
  is_verified: z.boolean(),
  created_at: z.string(),
  total_members: z.number().int(),
  total_microposts: z.number().int(),
  user_membership: membershipSchema.nullable(),
  /** Its rules, on the community's own read (`GET /api/v1/community`) only. */
  rules: z.array(z.object({ title: z.string(), description: z.string() })).optional(),
  /** The emoji its posts and comments offer, when its owner chose them; left out for the default eight. */
  reaction_palette: z.array(z.string()).optional(),
});
export type Community = z.infer<typeof communitySchema>;

/** `POST .../community/join` answers the new membership and the new member count. */
export const joinResultSchema = membershipSchema.extend({
  name: z.string(),
  total_members: z.number().int(),
});
export type JoinResult = z.infer<typeof joinResultSchema>;

/** One person of `/c/:name/members`. */
export const memberSchema = z.object({
  owner: ownerSchema,
  role: z.enum(COMMUNITY_ROLES),
  created_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const COMMUNITY_SORTS = ["top", "new"] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];

/** `GET /api/v1/community/list`: a name prefix, `sort=top` by members (the sidebar) or `new`. */
export const communityListQuerySchema = z.object({
  name: z.string().trim().max(COMMUNITY_NAME_MAX).optional(),
  sort: anyCaseEnum(COMMUNITY_SORTS, "Use top or new").optional(),
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  /** From the previous page's `next_cursor` (lists without a name filter). */
  cursor: z.string().max(100).optional(),
});

/** `GET .../community/list`: the caller's own communities, by name. */
export const myCommunityListQuerySchema = z.object({
  name: z.string().trim().max(COMMUNITY_NAME_MAX).optional(),
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});

/** `?name=` of one community. */
export const communityNameQuerySchema = z.object({
  name: z.string({ error: COMMUNITY_MSG.nameRequired }).trim().min(1, COMMUNITY_MSG.nameRequired).max(100),
});

export const memberListQuerySchema = z.object({
  name: z.string().trim().min(1).max(COMMUNITY_NAME_MAX),
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MEMBER_PAGE_SIZE),
  /** From the previous page's `next_cursor`: the page after it, read without counting the skipped rows. */
  cursor: z.string().max(100).optional(),
});
