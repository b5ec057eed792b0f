import { pageQuerySchema } from "../api";
import { REPORT_CAUSES } from "../enums";
import { z } from "../zod-jitless";

// Moderation people can trust: what staff did to someone (a moderation), the person's one appeal of
// it, and trust levels. The main site's notice and appeal form and the admin Appeals page parse with
// these schemas. Messages are i18n keys' English text.

export const MODERATION_MSG = {
  appealTooShort: "Say what happened in at least 40 characters",
  appealTooLong: "Keep it to 1000 characters or less",
  moderationNotFound: "There is no such decision about you",
  appealTaken: "You already appealed this decision",
  appealReversed: "This decision was already reversed",
  appealSent: "Your appeal was sent. Staff will answer it here.",
  appealNotFound: "This appeal does not exist",
  appealDecided: "This appeal was already decided",
  appealDecidedDone: "The appeal was decided",
  invalidAppealStatus: "Use OPEN or DECIDED",
  invalidDecision: "Use UPHOLD or REVERSE",
  invalidTrustLevel: "Use 0, 1 or 2",
  trustLevelSet: "The trust level was set",
  positiveId: "Must be a positive whole number",
  noteTooLong: "Must be 500 characters or less",
} as const;

export const MODERATION_ACTIONS = ["REMOVE_CONTENT", "SUSPEND_USER"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_TARGETS = ["MICROPOST", "COMMENT", "USER"] as const;
export type ModerationTarget = (typeof MODERATION_TARGETS)[number];
export const APPEAL_STATUSES = ["OPEN", "DECIDED"] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_DECISIONS = ["UPHOLD", "REVERSE"] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

export const APPEAL_TEXT_MIN = 40;
export const APPEAL_TEXT_MAX = 1000;
export const APPEAL_NOTE_MAX = 500;

/** 0 new, 1 member, 2 regular. */
export const TRUST_LEVELS = [0, 1, 2] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

const positiveId = z.coerce
  .number({ error: MODERATION_MSG.positiveId })
  .int(MODERATION_MSG.positiveId)
  .positive(MODERATION_MSG.positiveId)
  .max(Number.MAX_SAFE_INTEGER, MODERATION_MSG.positiveId);
const upper = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v);
const note = z
  .string()
  .trim()
  .max(APPEAL_NOTE_MAX, MODERATION_MSG.noteTooLong)
  .optional()
  .transform((v) => v ?? "");

/** `POST .../user/appeal` (form): the decision appealed and what the person has to say. */
export const appealCreateSchema = z.object({
  moderation_id: positiveId,
  text: z
    .string({ error: MODERATION_MSG.appealTooShort })
    .trim()
    .min(APPEAL_TEXT_MIN, MODERATION_MSG.appealTooShort)
    .max(APPEAL_TEXT_MAX, MODERATION_MSG.appealTooLong),
});
export type AppealCreate = z.output<typeof appealCreateSchema>;

/** A person's appeal as they see it, and as staff decided it. */
export const appealStateSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPEAL_STATUSES),
  decision: z.enum(APPEAL_DECISIONS).nullable(),
  /** What staff wrote with their answer. */
  note: z.string(),
  /** What the person wrote in their appeal (their own words, shown back to them only). */
  text: z.string().optional(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

/** What a MODERATION notification tells its person: what was done, why, and their appeal. */
export const moderationNoticeSchema = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  target_type: z.enum(MODERATION_TARGETS),
  /** The report cause most reporters gave; null when staff acted without reports. */
  cause: z.enum(REPORT_CAUSES).nullable(),
  note: z.string(),
  /** The content removed, for the person to recognise it (title or first words). */
  excerpt: z.string().nullable(),
  /** null while the suspension has no end. */
  ends_at: z.string().nullable(),
  /** The community whose moderators removed the content; null when staff decided. */
  community: z.string().nullable().default(null),
  reversed: z.boolean(),
  created_at: z.string(),
  appeal: appealStateSchema.nullable(),
});
export type ModerationNotice = z.infer<typeof moderationNoticeSchema>;

export const appealCreateAnswerSchema = z.object({ detail: z.string(), appeal: appealStateSchema });

/** The answer to a suspended person's sign-in: why, until when, and how to appeal. */
export const suspensionSchema = z.object({
  detail: z.string(),
  suspension: z
    .object({
      cause: z.enum(REPORT_CAUSES).nullable(),
      note: z.string(),
      ends_at: z.string().nullable(),
      moderation_id: z.number().int().nullable(),
      /** Lets the person send their one appeal without a session (only that). */
      appeal_token: z.string().nullable(),
      appeal: appealStateSchema.nullable(),
    })
    .nullable(),
});

// Staff side.

export const appealListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => upper(v ?? "OPEN"),
    z.enum(APPEAL_STATUSES, { error: MODERATION_MSG.invalidAppealStatus }),
  ),
});

export const appealDecideSchema = z.object({
  id: positiveId,
  decision: z.preprocess(upper, z.enum(APPEAL_DECISIONS, { error: MODERATION_MSG.invalidDecision })),
  note,
});
export type AppealDecide = z.output<typeof appealDecideSchema>;

/** An appeal as staff see it: the person, their text, the decision appealed, the content and reports. */
export const adminAppealSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPEAL_STATUSES),
  text: z.string(),
  created_at: z.string(),
  user: z.object({ username: z.string(), status: z.string(), trust_level: z.number().int() }).nullable(),
  moderation: z.object({
    id: z.number().int(),
    action: z.enum(MODERATION_ACTIONS),
    target_type: z.enum(MODERATION_TARGETS),
    cause: z.enum(REPORT_CAUSES).nullable(),
    note: z.string(),
    admin: z.string().nullable(),
    created_at: z.string(),
    reversed: z.boolean(),
  }),
  /** The removed post or comment as it was (kept hidden); null for a suspension. */
  content: z
    .object({
      title: z.string().nullable(),
      text: z.string(),
      link: z.string().nullable(),
      hidden: z.boolean(),
    })
    .nullable(),
  /** The report group behind the decision: how many, which causes, the newest texts. */
  reports: z
    .object({
      group_id: z.number().int(),
      total_reports: z.number().int(),
      causes: z.array(z.object({ report_cause: z.enum(REPORT_CAUSES), total: z.number().int() })),
      texts: z.array(z.object({ report_cause: z.enum(REPORT_CAUSES), text: z.string() })),
    })
    .nullable(),
  decision: z
    .object({
      decision: z.enum(APPEAL_DECISIONS),
      note: z.string(),
      admin: z.string().nullable(),
      decided_at: z.string(),
    })
    .nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const appealDecideAnswerSchema = z.object({ detail: z.string(), appeal: adminAppealSchema });

/** `PATCH .../user/trust-level`: staff set a person's level by hand. */
export const trustLevelSetSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
  trust_level: z.coerce
    .number({ error: MODERATION_MSG.invalidTrustLevel })
    .int(MODERATION_MSG.invalidTrustLevel)
    .min(0, MODERATION_MSG.invalidTrustLevel)
    .max(2, MODERATION_MSG.invalidTrustLevel),
});
export const trustLevelAnswerSchema = z.object({
  detail: z.string(),
  username: z.string(),
  trust_level: z.number().int(),
  manual: z.boolean(),
});

/** The daily allowances whose remainder the sites may ask for. */
export const ALLOWANCE_ACTIONS = ["post", "comment"] as const;
export const allowanceQuerySchema = z.object({
  action: z.enum(ALLOWANCE_ACTIONS, { error: "Use post or comment" }),
});

/** What is left of the day's allowance; `allowance` null for a regular, who has none. */
export const allowanceSchema = z.object({
  allowance: z
    .object({
      action: z.enum(ALLOWANCE_ACTIONS),
      max: z.number().int(),
      used: z.number().int(),
      left: z.number().int(),
      trust_level: z.number().int(),
      /** When the count starts again; null while none was used in the last day. */
      renews_at: z.string().nullable(),
    })
    .nullable(),
});
export type Allowance = z.infer<typeof allowanceSchema>;
