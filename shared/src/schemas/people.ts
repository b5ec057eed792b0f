import { anyCaseEnum, queryBoolean, skipSchema } from "../api";
import {
  BIO_MAX,
  CONNECTION_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  HEADLINE_MAX,
  IMAGE_MAX_BYTES,
  MAX_PAGE_SIZE,
  MAX_SKILLS,
  PROFILE_LINKS_MAX,
  PROFILE_NAME_MAX,
  SKILL_MAX,
} from "../constants";
import { FEED_OPTIONS, FOLLOW_TABS } from "../enums";
import { z } from "../zod-jitless";
import { ownerSchema } from "./user";

// People: profiles, follow, block, connections, profile and job settings. The messages are i18n
// keys: the SPA shows them with `t(message)`.
export const PEOPLE_MSG = {
  userNotFound: "This user does not exist",
  followSelf: "You can not follow yourself",
  blockSelf: "You can not block yourself",
  blockedByThem: "This user has blocked you",
  blockedByYou: "You blocked this user. Unblock them first.",
  hiddenConnections: "You can not see this list",
  profileNameMax: `Must be ${PROFILE_NAME_MAX} characters or less`,
  imageTooLarge: "File size should not exceed 1MB",
  imageType: "Use a PNG, JPEG, GIF or WebP image",
  jobTitleMax: "Must be 100 characters or less",
  skillsMax: `Maximum ${MAX_SKILLS} skills allowed`,
  skillMax: `Each skill must be ${SKILL_MAX} characters or less`,
  blocked: "You blocked @{{username}}",
  unblocked: "You unblocked @{{username}}",
  profileSaved: "Your profile was saved",
  headlineMax: `Must be ${HEADLINE_MAX} characters or less`,
  bioMax: `Must be ${BIO_MAX} characters or less`,
  linksMax: `Up to ${PROFILE_LINKS_MAX} links`,
  linkHttps: "Use a full https:// address",
  linksList: "Send the links as a JSON list of addresses",
} as const;

export const JOB_TITLE_MAX = 100;

/** A username to look up: lowercase, as usernames are stored; a bad one simply finds nobody. */
export const usernameLookupSchema = z.string().trim().toLowerCase().min(1, "Required").max(64);

export const usernameQuerySchema = z.object({ username: usernameLookupSchema });

/** `GET /api/v1/connections`: 10 a page. */
export const connectionsQuerySchema = z.object({
  username: usernameLookupSchema,
  type: z.enum(FOLLOW_TABS),
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CONNECTION_PAGE_SIZE),
});

/** How a profile's posts are sorted; other values read as NEW. */
export const PROFILE_POST_SORTS = ["NEW", "TOP"] as const;
export type ProfilePostSort = (typeof PROFILE_POST_SORTS)[number];

/** `GET /api/v1/user/micropost/list`: username, sort, skip, limit. */
export const userPostListQuerySchema = z.object({
  username: usernameLookupSchema,
  sort: z
    .string()
    .optional()
    .transform((s): ProfilePostSort => (s?.toUpperCase() === "TOP" ? "TOP" : "NEW")),
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Leave out nothing for the caller's muted words. */
  show_muted: queryBoolean.optional(),
});

/** `PATCH .../setting/default-micropost-sort`: one of the feed options, any case. */
export const defaultSortSchema = z.object({
  default_micropost_sort: anyCaseEnum(FEED_OPTIONS, `Use one of ${FEED_OPTIONS.join(", ")}`),
});

/** Sizes and types of the profile image and cover (checked again from the bytes by the API). */
export const PROFILE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

export const profileNameSchema = z
  .string()
  .trim()
  .max(PROFILE_NAME_MAX, PEOPLE_MSG.profileNameMax)
  .transform((s) => s.replace(/\s+/g, " "));

/** The profile form's fields as text; the SPA validates the same name before sending. */
export const profileFormSchema = z.object({ profile_name: profileNameSchema });

/** A picture of at most 1 MB (its type is checked from its bytes by the API). */
export const profileImageFileSchema = z
  .instanceof(File, { message: "Send a file" })
  .refine((f) => f.size <= IMAGE_MAX_BYTES, PEOPLE_MSG.imageTooLarge);

/** A headline: one line of plain text (runs of spaces and line breaks read as one space). */
export const headlineSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .pipe(z.string().max(HEADLINE_MAX, PEOPLE_MSG.headlineMax));

/** A bio: plain text whose line breaks are kept (at most one blank line in a row), trimmed. */
export const bioSchema = z
  .string()
  .transform((s) =>
    s
      .replace(/\r\n?/g, "\n")
      .replace(/[^\S\n]+/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
  )
  .pipe(z.string().max(BIO_MAX, PEOPLE_MSG.bioMax));

/** One profile link: a whole https address without a user name or password in it. */
export const profileLinkSchema = z
  .string()
  .trim()
  .max(2048, PEOPLE_MSG.linkHttps)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && !url.username && !url.password && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, PEOPLE_MSG.linkHttps)
  .transform((value) => new URL(value).href);

/**
 * The links field: a JSON list (a multipart field is text) of up to five https addresses; blank
 * entries and repeats are dropped.
 */
export const profileLinksSchema = z
  .union([z.array(z.unknown()), z.string()])
  .transform((v, ctx): unknown[] => {
    if (Array.isArray(v)) return v;
    if (v.trim() === "") return [];
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed;
    } catch {}
    ctx.addIssue({ code: "custom", message: PEOPLE_MSG.linksList });
    return z.NEVER;
  })
  .pipe(
    z
      .array(z.string({ error: PEOPLE_MSG.linkHttps }))
      .transform((list) => list.map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(profileLinkSchema).max(PROFILE_LINKS_MAX, PEOPLE_MSG.linksMax))
      .transform((list) => [...new Set(list)]),
  );

/** The profile form's about fields, validated in the SPA before sending as the API does. */
export const profileAboutSchema = z.object({
  headline: headlineSchema,
  bio: bioSchema,
  links: profileLinksSchema,
});

/**
 * `PATCH /api/v1/private/user/profile` (multipart). A field left out is kept; an empty
 * profile_name clears the name; remove_profile_image / remove_profile_cover clear the picture;
 * headline, bio and links replace what was there (empty clears them).
 */
export const profileEditSchema = z.object({
  profile_name: profileNameSchema.optional(),
  headline: headlineSchema.optional(),
  bio: bioSchema.optional(),
  links: profileLinksSchema.optional(),
  profile_image: profileImageFileSchema.optional(),
  profile_cover: profileImageFileSchema.optional(),
  remove_profile_image: z.enum(["true", "false"]).optional(),
  remove_profile_cover: z.enum(["true", "false"]).optional(),
});

/** Skills arrive as a list or comma-joined; blanks and repeats are dropped. */
export const skillsSchema = z
  .union([z.array(z.string()), z.string()])
  .transform((v) =>
    [...new Set((Array.isArray(v) ? v : v.split(",")).map((s) => s.trim().replace(/\s+/g, " ")))].filter(
      Boolean,
    ),
  )
  .pipe(z.array(z.string().max(SKILL_MAX, PEOPLE_MSG.skillMax)).max(MAX_SKILLS, PEOPLE_MSG.skillsMax));

/** The job settings tab: the title people see and up to five skills. */
export const jobProfileSchema = z.object({
  job_title: z.string().trim().max(JOB_TITLE_MAX, PEOPLE_MSG.jobTitleMax).default(""),
  job_skills: skillsSchema.default([]),
});
export type JobProfileInput = z.input<typeof jobProfileSchema>;

export const jobProfileAnswerSchema = z.object({
  job_title: z.string().nullable(),
  job_skills: z.array(z.string()),
});
export type JobProfile = z.infer<typeof jobProfileAnswerSchema>;

/** A person with when the relation started (blocked people, people one referred). */
export const datedPersonSchema = z.object({ owner: ownerSchema, created_at: z.string() });
export type DatedPerson = z.infer<typeof datedPersonSchema>;

/** Follow and unfollow answer the new state and the counts the profile shows. */
export const followAnswerSchema = z.object({
  is_following: z.boolean(),
  total_followers: z.number().int(),
  total_following: z.number().int(),
});
export type FollowAnswer = z.infer<typeof followAnswerSchema>;

export const blockAnswerSchema = z.object({ is_blocked: z.boolean() });
