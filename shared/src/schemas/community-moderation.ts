import { publicIdSchema, skipSchema } from "../api";
import { COMMUNITY_NAME_MAX, MAX_PAGE_SIZE } from "../constants";
import { z } from "../zod-jitless";
import { ownerSchema } from "./user";

// A community run by its people: its owner appoints moderators, who remove and restore content,
// pin, lock, ban, keep the rules and the flairs, and work the reports about it; everyone reads the
// public log (docs/decisions/146). Messages are the English i18n keys.

export const MODERATORS_MAX = 25;
export const PINNED_MAX = 2;
export const RULES_MAX = 15;
export const RULE_TITLE_MAX = 100;
export const RULE_DESCRIPTION_MAX = 500;
export const FLAIRS_MAX = 20;
export const FLAIR_NAME_MAX = 24;
export const MOD_REASON_MAX = 500;
/** The longest ban with an end (ten years); 0 days bans until lifted. */
export const BAN_DAYS_MAX = 3650;
export const MOD_LOG_PAGE_SIZE = 20;

export const COMMUNITY_MOD_MSG = {
  communityNotFound: "This community does not exist",
  notModerator: "Only this community's owner and moderators can do that",
  notOwner: "Only this community's owner can appoint and dismiss moderators",
  personNotFound: "There is nobody by that name",
  notMember: "Only members of the community can be moderators",
  alreadyModerator: "They are a moderator already",
  ownerIsNotModerator: "The owner already moderates the community",
  notAModerator: "They are not a moderator of this community",
  moderatorsFull: `A community has at most ${MODERATORS_MAX} moderators`,
  postNotFound: "There is no such post in this community",
  commentNotFound: "There is no such comment in this community",
  notRemoved: "It is not removed",
  pinnedFull: `At most ${PINNED_MAX} posts can be pinned; unpin one first`,
  cannotBanModerator: "The owner and moderators cannot be banned",
  notBanned: "They are not banned here",
  flairNotFound: "There is no such flair",
  flairsFull: `A community has at most ${FLAIRS_MAX} flairs`,
  flairTaken: "The community has a flair with that name",
  flairNameRequired: "Give the flair a name",
  flairNameMax: `A flair's name must be ${FLAIR_NAME_MAX} characters or less`,
  colourInvalid: "Use a colour like #3b82f6",
  ruleTitleRequired: "Give the rule a title",
  ruleTitleMax: `A rule's title must be ${RULE_TITLE_MAX} characters or less`,
  ruleDescriptionMax: `A rule's description must be ${RULE_DESCRIPTION_MAX} characters or less`,
  rulesMax: `A community has at most ${RULES_MAX} rules`,
  rulesInvalid: "Send the rules as a JSON list of {title, description}",
  reasonMax: `Keep the reason to ${MOD_REASON_MAX} characters or less`,
  daysInvalid: `Use a whole number of days from 0 (until lifted) to ${BAN_DAYS_MAX}`,
  targetTypeInvalid: "Use POST or COMMENT",
  locked: "This post is locked: it takes no new comments",
  bannedUntil: "You are banned from this community until {{date}}",
  bannedForever: "You are banned from this community until a moderator lifts the ban",
  flairOfOtherCommunity: "That flair belongs to another community",
  statusInvalid: "Use OPEN or RESOLVED",
} as const;

export const MOD_LOG_ACTIONS = [
  "REMOVE",
  "RESTORE",
  "PIN",
  "UNPIN",
  "LOCK",
  "UNLOCK",
  "BAN",
  "UNBAN",
  "APPOINT",
  "DISMISS",
  "RULES",
] as const;
export type ModLogAction = (typeof MOD_LOG_ACTIONS)[number];
export const MOD_TARGET_TYPES = ["POST", "COMMENT", "USER", "COMMUNITY"] as const;
export type ModTargetType = (typeof MOD_TARGET_TYPES)[number];
export const MOD_CONTENT_TYPES = ["POST", "COMMENT"] as const;

const communityName = z
  .string({ error: COMMUNITY_MOD_MSG.communityNotFound })
  .trim()
  .min(1, COMMUNITY_MOD_MSG.communityNotFound)
  .max(COMMUNITY_NAME_MAX, COMMUNITY_MOD_MSG.communityNotFound);
const username = z
  .string({ error: COMMUNITY_MOD_MSG.personNotFound })
  .trim()
  .toLowerCase()
  .min(1, COMMUNITY_MOD_MSG.personNotFound)
  .max(64, COMMUNITY_MOD_MSG.personNotFound);
const reason = z
  .string()
  .trim()
  .max(MOD_REASON_MAX, COMMUNITY_MOD_MSG.reasonMax)
  .optional()
  .transform((v) => v ?? "");
const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const upper = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v);

/** `POST` and `DELETE /api/v1/private/user/community/moderator`: the owner appoints or dismisses. */
export const moderatorBodySchema = z.object({ name: communityName, username });

/** `…/mod/remove` and `…/mod/restore`. */
export const modContentSchema = z.object({
  name: communityName,
  target_type: z.preprocess(upper, z.enum(MOD_CONTENT_TYPES, { error: COMMUNITY_MOD_MSG.targetTypeInvalid })),
  public_id: publicIdSchema,
  reason,
});
export type ModContent = z.output<typeof modContentSchema>;

/** A yes/no field, as JSON's boolean or a form's "true"/"false". */
const yesNo = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());
export const modPinSchema = z.object({ name: communityName, public_id: publicIdSchema, pinned: yesNo });
export const modLockSchema = z.object({ name: communityName, public_id: publicIdSchema, locked: yesNo });

export const modBanSchema = z.object({
  name: communityName,
  username,
  reason,
  days: z.coerce
    .number({ error: COMMUNITY_MOD_MSG.daysInvalid })
    .int(COMMUNITY_MOD_MSG.daysInvalid)
    .min(0, COMMUNITY_MOD_MSG.daysInvalid)
    .max(BAN_DAYS_MAX, COMMUNITY_MOD_MSG.daysInvalid),
});
export type ModBan = z.output<typeof modBanSchema>;
export const modUnbanSchema = z.object({ name: communityName, username });

export const modNameQuerySchema = z.object({ name: communityName });
export const modLogQuerySchema = z.object({
  name: communityName,
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MOD_LOG_PAGE_SIZE),
});
export const modReportListQuerySchema = modLogQuerySchema.extend({
  status: z.preprocess(
    (v) => upper(v ?? "OPEN"),
    z.enum(["OPEN", "RESOLVED"], { error: COMMUNITY_MOD_MSG.statusInvalid }),
  ),
});

/** One line of the public log. The removed content's text is never repeated here. */
export const modLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(MOD_LOG_ACTIONS),
  /** Who acted (a username); "staff" when it was the site's staff. */
  moderator: z.string(),
  target_type: z.enum(MOD_TARGET_TYPES),
  /** The post's or comment's public id, or the person's username. */
  target: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type ModLogEntry = z.infer<typeof modLogEntrySchema>;

export const moderatorSchema = z.object({
  owner: ownerSchema,
  role: z.enum(["OWNER", "MODERATOR"]),
  created_at: z.string(),
});
export type Moderator = z.infer<typeof moderatorSchema>;

export const banSchema = z.object({
  owner: ownerSchema,
  reason: z.string(),
  /** null: until lifted. */
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type Ban = z.infer<typeof banSchema>;

/** A report about the community's content, as its moderators work it. */
export const modReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(["OPEN", "RESOLVED"]),
  target_type: z.enum(MOD_CONTENT_TYPES),
  /** The post's public id, or the comment's. */
  public_id: z.string(),
  /** The post's title, or the comment's first words. */
  excerpt: z.string(),
  link: z.string(),
  /** Whether the content is removed now. */
  removed: z.boolean(),
  author: z.string().nullable(),
  total_reports: z.number().int(),
  reports: z.array(z.object({ report_cause: z.string(), text: z.string(), rule: z.string().nullable() })),
  updated_at: z.string(),
});
export type ModReport = z.infer<typeof modReportSchema>;

// Rules

export const ruleSchema = z.object({
  title: z
    .string({ error: COMMUNITY_MOD_MSG.ruleTitleRequired })
    .trim()
    .min(1, COMMUNITY_MOD_MSG.ruleTitleRequired)
    .max(RULE_TITLE_MAX, COMMUNITY_MOD_MSG.ruleTitleMax),
  description: z
    .string()
    .trim()
    .max(RULE_DESCRIPTION_MAX, COMMUNITY_MOD_MSG.ruleDescriptionMax)
    .optional()
    .transform((v) => v ?? ""),
});
export type Rule = z.output<typeof ruleSchema>;
export const rulesSchema = z.array(ruleSchema).max(RULES_MAX, COMMUNITY_MOD_MSG.rulesMax);

/** `rules` as a multipart field: a JSON list. */
export const rulesFieldSchema = z
  .string()
  .max(RULES_MAX * (RULE_TITLE_MAX + RULE_DESCRIPTION_MAX + 64) + 16, COMMUNITY_MOD_MSG.rulesMax)
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: COMMUNITY_MOD_MSG.rulesInvalid });
      return z.NEVER;
    }
  })
  .pipe(rulesSchema);

// Flairs

/** `#rrggbb`. Shown as a swatch beside the name, the name in the theme's own text colour. */
export const flairColourSchema = z
  .string({ error: COMMUNITY_MOD_MSG.colourInvalid })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, COMMUNITY_MOD_MSG.colourInvalid);
export const flairNameSchema = z
  .string({ error: COMMUNITY_MOD_MSG.flairNameRequired })
  .trim()
  .min(1, COMMUNITY_MOD_MSG.flairNameRequired)
  .max(FLAIR_NAME_MAX, COMMUNITY_MOD_MSG.flairNameMax);

export const flairSchema = z.object({ id: z.number().int(), name: z.string(), colour: z.string() });
export type Flair = z.infer<typeof flairSchema>;

export const flairCreateSchema = z.object({
  name: communityName,
  flair_name: flairNameSchema,
  colour: flairColourSchema,
});
export const flairEditSchema = z.object({
  id: positiveId,
  flair_name: flairNameSchema.optional(),
  colour: flairColourSchema.optional(),
});
export const flairDeleteSchema = z.object({ id: positiveId });

/** A post's `flair_id` on create and edit: a flair of its community, or null/empty for none. */
export const flairIdFieldSchema = z.preprocess(
  (v) => (v === "" || v === "null" || v === null ? null : Number(v)),
  z
    .number({ error: COMMUNITY_MOD_MSG.flairNotFound })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .nullable(),
);
