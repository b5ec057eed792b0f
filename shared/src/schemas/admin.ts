import { pageQuerySchema, pageSchema } from "../api";
import {
  ADMIN_FIELD_MAX,
  COMMUNITY_NAME_MAX,
  EMAIL_MAX,
  NEW_USERS_TODAY_DAYS,
  NEW_USERS_WEEK_DAYS,
  USERNAME_MAX,
} from "../constants";
import { ADMIN_SEARCH_TYPES, BLOG_CATEGORIES, FEEDBACK_TYPES, REPORT_CAUSES, USER_STATUSES } from "../enums";
import { z } from "../zod-jitless";
import { adminSchema } from "./accounts";
import { emailSchema, MSG } from "./fields";

// The admin website's API (every path under /api/admin/private): what staff send and what they get
// back. The admin SPA's forms parse with the same schemas. Messages are i18n keys' English text.

export const ADMIN_MSG = {
  /** With {status} and {email} filled in by `statusUpdatedText`. */
  statusUpdated: "User status updated to {status} for {email}",
  published: "It was published",
  unpublished: "It was unpublished",
  deleted: "It was deleted",
  emailWillBeSent: "The email will be sent",
  emailAlreadySent: "This email was already sent. Create a new email to send instead.",
  mjmlFailed: "Failed to render MJML",
  renderUnavailable: "E-mails cannot be rendered right now. Try again in a minute.",
  templateLocked: "This template is locked. Unlock it before deleting it.",
  templateHasPurpose:
    "Agora sends this template itself. Edit it; it cannot be sent as a newsletter or deleted.",
  templateNotFound: "This email template does not exist",
  blogNotFound: "This blog post does not exist",
  slugTaken: "Another blog post already uses this slug",
  fileNotFound: "This file does not exist",
  userNotFound: "No account uses this email",
  usernameNotFound: "This user does not exist",
  adminNotFound: "This admin does not exist",
  deletedAccount: "This account was deleted",
  reportNotFound: "This report does not exist",
  reportResolved: "These reports were already resolved",
  reportNoContent: "These reports point at no post or comment to remove",
  reportNoPerson: "These reports name nobody to suspend",
  reportsResolved: "The reports were resolved",
  positiveId: "Must be a positive whole number",
  wholeDays: "Must be a whole number of days from 0 to 366",
  invalidCategory: "Invalid category",
  invalidStatus: "Use ACTIVE, UNCONFIRMED or SUSPENDED",
  invalidReportStatus: "Use OPEN or RESOLVED",
  invalidAction: "Use DISMISS, REMOVE_CONTENT or SUSPEND_USER",
  invalidAuditAction: "Unknown audit action",
  invalidUrl: "Invalid URL",
  slugFormat: "Use lowercase letters, digits and hyphens",
  booleanValue: "Must be true or false",
} as const;

export function statusUpdatedText(status: string, email: string): string {
  return ADMIN_MSG.statusUpdated.replace("{status}", status).replace("{email}", email);
}

const tooLong = (n: number) => `Must be ${n} characters or less`;

// Limits chosen here; nothing outside this file fixes them.
export const BLOG_TITLE_MAX = 200;
export const BLOG_SUMMARY_MAX = 300;
export const BLOG_SLUG_MAX = 120;
/** Rich text of a blog post, before sanitising. */
export const BLOG_BODY_MAX = 100_000;
export const TEMPLATE_SUBJECT_MAX = 200;
export const MJML_TEXT_MAX = 200_000;
export const REPORT_NOTE_MAX = 500;
export const ADMIN_LINK_MAX = 2048;
export const NEW_USERS_DAYS_MAX = 366;
/** Newest report texts shown per group in the reports queue. */
export const REPORT_TEXTS_PER_GROUP = 10;
export { NEW_USERS_TODAY_DAYS, NEW_USERS_WEEK_DAYS };

// Enumerations of the admin website.

/** Statuses staff may set (INACTIVE is what deleting an account leaves). */
export const ADMIN_SETTABLE_STATUSES = ["ACTIVE", "UNCONFIRMED", "SUSPENDED"] as const;
export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];

export const REPORT_STATUSES = ["OPEN", "RESOLVED"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ["DISMISS", "REMOVE_CONTENT", "SUSPEND_USER"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** What a group of reports points at; LINK when the link names nothing on Agora. */
export const REPORT_TARGET_TYPES = ["MICROPOST", "COMMENT", "USER", "LINK"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Every kind of admin change the audit log records. */
export const AUDIT_ACTIONS = [
  "USER_STATUS",
  "BLOG_CREATE",
  "BLOG_UPDATE",
  "BLOG_PUBLISH",
  "BLOG_UNPUBLISH",
  "BLOG_DELETE",
  "TEMPLATE_CREATE",
  "TEMPLATE_UPDATE",
  "TEMPLATE_LOCK",
  "TEMPLATE_UNLOCK",
  "TEMPLATE_DELETE",
  "TEMPLATE_SEND",
  "FILE_UPLOAD",
  "FILE_DELETE",
  "REPORT_DISMISS",
  "REPORT_REMOVE_CONTENT",
  "REPORT_SUSPEND_USER",
  "JOB_UPDATE",
  "JOB_STATUS",
  "APPEAL_UPHOLD",
  "APPEAL_REVERSE",
  "USER_TRUST_LEVEL",
  "VERSION_REDACT",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// Shared pieces.

const upper = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v);
const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A numeric id of an admin-managed row (blog post, template, file, report group). */
export const adminIdSchema = z.coerce
  .number({ error: ADMIN_MSG.positiveId })
  .int(ADMIN_MSG.positiveId)
  .positive(ADMIN_MSG.positiveId)
  .max(Number.MAX_SAFE_INTEGER, ADMIN_MSG.positiveId);
export const adminIdBodySchema = z.object({ id: adminIdSchema });
export const adminIdQuerySchema = z.object({ id: adminIdSchema });

/** true or false as JSON, or "true"/"false"/"1"/"0" from a form. */
const adminBoolean = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])], { error: ADMIN_MSG.booleanValue })
    .transform((v) => v === true || v === "true" || v === "1"),
);

/**
 * A picture's address on this site (an uploaded file is `/media/...`). Another site's address is
 * refused: the site's Content-Security-Policy shows only its own pictures (docs/decisions/094).
 */
const linkSchema = z
  .string()
  .trim()
  .max(ADMIN_LINK_MAX, ADMIN_MSG.invalidUrl)
  .refine((v) => /^\/(?![/\\])\S*$/.test(v), ADMIN_MSG.invalidUrl);

const adminUsernameQuery = z
  .string({ error: MSG.required })
  .trim()
  .toLowerCase()
  .min(1, MSG.required)
  .max(USERNAME_MAX, tooLong(USERNAME_MAX));

// Users, admins and the home page.

/** A person as staff see them. */
export const adminUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  profile_name: z.string().nullable(),
  profile_image: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  is_staff: z.boolean(),
  is_verified_user: z.boolean(),
  is_verified_business: z.boolean(),
  newsletter: z.boolean(),
  total_followers: z.number().int(),
  total_following: z.number().int(),
  total_microposts: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One person: the row, and how many reports name them. */
export const adminUserDetailSchema = adminUserSchema.extend({
  total_reports: z.number().int(),
  deleted_at: z.string().nullable(),
  /** 0 new, 1 member, 2 regular; `trust_level_manual` when staff set it by hand. */
  trust_level: z.number().int(),
  trust_level_manual: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** An admin account in lists and on the admin profile page. */
export const adminAccountSchema = adminSchema;
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const userStatsSchema = z.object({
  total_users: z.number().int(),
  total_unpaid_users: z.number().int(),
  total_paid_users: z.number().int(),
  total_paid_businesses: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** `days`: 0 is Today (since midnight UTC); 7 is This Week (today and the 7 days before). */
export const newUsersQuerySchema = pageQuerySchema.extend({
  days: z.coerce
    .number({ error: ADMIN_MSG.wholeDays })
    .int(ADMIN_MSG.wholeDays)
    .min(0, ADMIN_MSG.wholeDays)
    .max(NEW_USERS_DAYS_MAX, ADMIN_MSG.wholeDays)
    .default(NEW_USERS_TODAY_DAYS),
});

/** `PATCH .../user/status`: JSON or form. */
export const userStatusSchema = z.object({
  email: emailSchema.pipe(z.string().toLowerCase()),
  user_status: z.preprocess(upper, z.enum(ADMIN_SETTABLE_STATUSES, { error: ADMIN_MSG.invalidStatus })),
});
export type UserStatusInput = z.input<typeof userStatusSchema>;

export const userStatusAnswerSchema = z.object({ detail: z.string(), user: adminUserSchema });

export const adminUserQuerySchema = z.object({ username: adminUsernameQuery });

/** Admin usernames keep their case and may be longer than a user's (the admin login's bound). */
const adminAccountName = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(ADMIN_FIELD_MAX, tooLong(ADMIN_FIELD_MAX));
export const adminAccountQuerySchema = z.object({ username: adminAccountName });

/** `GET .../search`: q (empty lists everyone), type users or admins (anything else is users). */
export const adminSearchQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, tooLong(EMAIL_MAX))
    .optional()
    .transform((v) => v ?? ""),
  type: z
    .string()
    .optional()
    .transform((t) => ADMIN_SEARCH_TYPES.find((k) => k === t?.trim().toLowerCase()) ?? ADMIN_SEARCH_TYPES[0]),
});

export const adminSearchResultSchema = z.discriminatedUnion("search_type", [
  pageSchema(adminUserSchema).extend({ search_type: z.literal("users") }),
  pageSchema(adminAccountSchema).extend({ search_type: z.literal("admins") }),
]);
export type AdminSearchResult = z.infer<typeof adminSearchResultSchema>;

// Communities and feedbacks tables.

export const adminCommunitySchema = z.object({
  name: z.string(),
  display_name: z.string().nullable(),
  image: z.string().nullable(),
  is_verified: z.boolean(),
  total_members: z.number().int(),
  total_microposts: z.number().int(),
  created_at: z.string(),
});
export type AdminCommunity = z.infer<typeof adminCommunitySchema>;

/** `name` finds communities whose name starts with it, any case. */
export const adminCommunityListQuerySchema = pageQuerySchema.extend({
  name: z
    .string()
    .trim()
    .toLowerCase()
    .max(COMMUNITY_NAME_MAX, tooLong(COMMUNITY_NAME_MAX))
    .optional()
    .transform((v) => v ?? ""),
});

export const adminFeedbackSchema = z.object({
  user: z.object({ username: z.string(), email: z.string(), profile_image: z.string().nullable() }),
  user_feedback: z.object({
    id: z.number().int(),
    feedback_type: z.enum(FEEDBACK_TYPES),
    text: z.string(),
    link: z.string().nullable(),
    created_at: z.string(),
  }),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

// Blog.

export const adminBlogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  cover: z.string().nullable(),
  category: z.enum(BLOG_CATEGORIES),
  summary: z.string(),
  /** null while unpublished. */
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBlog = z.infer<typeof adminBlogSchema>;
export const adminBlogDetailSchema = adminBlogSchema.extend({ body: z.string() });
export type AdminBlogDetail = z.infer<typeof adminBlogDetailSchema>;

const blogTitle = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(BLOG_TITLE_MAX, tooLong(BLOG_TITLE_MAX));
const blogCategory = z.preprocess(upper, z.enum(BLOG_CATEGORIES, { error: ADMIN_MSG.invalidCategory }));
const blogBody = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(BLOG_BODY_MAX, tooLong(BLOG_BODY_MAX));
const blogSummary = z.string().trim().max(BLOG_SUMMARY_MAX, tooLong(BLOG_SUMMARY_MAX));
const blogSlug = z
  .string()
  .trim()
  .toLowerCase()
  .max(BLOG_SLUG_MAX, tooLong(BLOG_SLUG_MAX))
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, ADMIN_MSG.slugFormat);
/** An empty cover removes it. */
const blogCover = z.preprocess(emptyToUndefined, linkSchema.optional()).transform((v) => v ?? null);

/** `POST .../admin/blog`: a new, unpublished post. The slug comes from the title when left out. */
export const adminBlogCreateSchema = z.object({
  title: blogTitle,
  category: blogCategory,
  body: blogBody,
  cover: blogCover.optional(),
  summary: z.preprocess(emptyToUndefined, blogSummary.optional()),
  slug: z.preprocess(emptyToUndefined, blogSlug.optional()),
});
export type AdminBlogCreate = z.output<typeof adminBlogCreateSchema>;

/** `PATCH .../admin/blog`: id and the fields to change. */
export const adminBlogUpdateSchema = z.object({
  id: adminIdSchema,
  title: blogTitle.optional(),
  category: blogCategory.optional(),
  body: blogBody.optional(),
  cover: z.union([z.null(), blogCover]).optional(),
  summary: blogSummary.optional(),
  slug: blogSlug.optional(),
});
export type AdminBlogUpdate = z.output<typeof adminBlogUpdateSchema>;

/** `PATCH .../admin/blog/publish`. */
export const adminBlogPublishSchema = z.object({ id: adminIdSchema, published: adminBoolean });

export const adminBlogPublishAnswerSchema = z.object({ detail: z.string(), blog: adminBlogSchema });

// E-mail templates.

export const emailTemplateSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  mjml_text: z.string(),
  /** Set means already sent. */
  published_at: z.string().nullable(),
  is_locked: z.boolean(),
  /**
   * What Agora sends from this template itself (`AWAY_DIGEST`: the e-mail of what a person missed),
   * or null for a newsletter. A purpose template is edited, never sent by staff or deleted.
   */
  purpose: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** How a sent template's deliveries stand. */
export const emailDeliveryTotalsSchema = z.object({
  total_recipients: z.number().int(),
  total_sent: z.number().int(),
  total_skipped: z.number().int(),
  total_pending: z.number().int(),
});
export const emailTemplateDetailSchema = emailTemplateSchema.extend({
  delivery: emailDeliveryTotalsSchema.nullable(),
});
export type EmailTemplateDetail = z.infer<typeof emailTemplateDetailSchema>;

const templateSubject = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(TEMPLATE_SUBJECT_MAX, tooLong(TEMPLATE_SUBJECT_MAX));
const mjmlText = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(MJML_TEXT_MAX, tooLong(MJML_TEXT_MAX));

export const emailTemplateCreateSchema = z.object({
  subject: templateSubject,
  mjml_text: mjmlText,
  is_locked: adminBoolean.optional().transform((v) => v ?? false),
});
export type EmailTemplateCreate = z.output<typeof emailTemplateCreateSchema>;

export const emailTemplateUpdateSchema = z.object({
  id: adminIdSchema,
  subject: templateSubject.optional(),
  mjml_text: mjmlText.optional(),
  is_locked: adminBoolean.optional(),
});
export type EmailTemplateUpdate = z.output<typeof emailTemplateUpdateSchema>;

export const emailTemplateLockSchema = z.object({ id: adminIdSchema, is_locked: adminBoolean });

export const emailTemplateSendAnswerSchema = z.object({
  detail: z.string(),
  total_recipients: z.number().int(),
});

// Files.

export const adminFileSchema = z.object({
  id: z.number().int(),
  file: z.string(),
  file_public_id: z.string(),
  created_at: z.string(),
});
export type AdminFile = z.infer<typeof adminFileSchema>;

// Reports queue.

export const reportListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => upper(v ?? "OPEN"),
    z.enum(REPORT_STATUSES, { error: ADMIN_MSG.invalidReportStatus }),
  ),
});

export const reportTargetSchema = z.object({
  type: z.enum(REPORT_TARGET_TYPES),
  /** The link reporters gave, or the target's own. */
  link: z.string().nullable(),
  /** false once the post, comment or account is gone. */
  exists: z.boolean(),
  micropost: z.object({ public_id: z.string(), title: z.string(), link: z.string() }).nullable(),
  comment: z.object({ public_id: z.string(), text: z.string(), link: z.string() }).nullable(),
  /** The person reported, or the author of the post or comment. */
  user: z
    .object({
      username: z.string(),
      email: z.string(),
      profile_image: z.string().nullable(),
      status: z.enum(USER_STATUSES),
    })
    .nullable(),
});

export const reportGroupSchema = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  target: reportTargetSchema,
  total_reports: z.number().int(),
  /** Each cause given, with how many reports gave it, most first. */
  causes: z.array(z.object({ report_cause: z.enum(REPORT_CAUSES), total: z.number().int() })),
  /** The newest reports' texts (at most REPORT_TEXTS_PER_GROUP). */
  texts: z.array(
    z.object({
      report_cause: z.enum(REPORT_CAUSES),
      text: z.string(),
      reporter: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who resolved it, how and when; null while OPEN. */
  resolution: z
    .object({
      action: z.enum(REPORT_ACTIONS),
      note: z.string(),
      admin: z.string().nullable(),
      resolved_at: z.string(),
    })
    .nullable(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

/** `PATCH .../report`: resolve a group. */
export const reportResolveSchema = z.object({
  id: adminIdSchema,
  action: z.preprocess(upper, z.enum(REPORT_ACTIONS, { error: ADMIN_MSG.invalidAction })),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, tooLong(REPORT_NOTE_MAX))
    .optional()
    .transform((v) => v ?? ""),
});
export type ReportResolve = z.output<typeof reportResolveSchema>;

export const reportResolveAnswerSchema = z.object({ detail: z.string(), report: reportGroupSchema });

// Audit log.

export const auditEntrySchema = z.object({
  id: z.number().int(),
  admin: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  detail: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = pageQuerySchema.extend({
  action: z.preprocess(
    (v) => (v === "" ? undefined : upper(v)),
    z.enum(AUDIT_ACTIONS, { error: ADMIN_MSG.invalidAuditAction }).optional(),
  ),
  admin: z.preprocess((v) => (v === "" ? undefined : v), adminAccountName.optional()),
});
