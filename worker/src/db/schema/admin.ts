import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { REPORT_CAUSES } from "#shared/enums.ts";
import { REPORT_ACTIONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from "#shared/schemas/admin.ts";
import {
  APPEAL_DECISIONS,
  APPEAL_STATUSES,
  MODERATION_ACTIONS,
  MODERATION_TARGETS,
} from "#shared/schemas/moderation.ts";
import { counter, createdAt, updatedAt } from "./columns";
import { communities } from "./communities";
import { emailTemplates } from "./content";
import { admins, users } from "./users";

// The admin website's own tables (migration 0060, docs/decisions/060).

/** Every admin change, written in the same D1 batch as the change (features/admin/audit). */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /** Copied, so the log still names who did it after the admin account is gone. */
    adminUsername: text("admin_username").notNull(),
    action: text("action").notNull(),
    /** What was changed, as `kind:key` (`user:alice`, `blog:12`). */
    target: text("target").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_action_idx").on(t.action, t.id),
    index("admin_audit_admin_idx").on(t.adminUsername, t.id),
  ],
);

/**
 * Reports grouped by what they point at. At most one OPEN group per target (`target_key`); a
 * RESOLVED group keeps the action, the note, who and when.
 */
export const reportGroups = sqliteTable(
  "report_groups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    /** `MICROPOST:12`, `COMMENT:7`, `USER:3` or `LINK:<the link>`. */
    targetKey: text("target_key").notNull(),
    /** The post's, comment's or person's id; null for a LINK. */
    targetId: integer("target_id"),
    targetLink: text("target_link"),
    /** The person behind the target: the author of the post or comment, or the person reported. */
    reportedUserId: integer("reported_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("OPEN"),
    totalReports: counter("total_reports"),
    action: text("action", { enum: REPORT_ACTIONS }),
    note: text("note"),
    resolvedById: integer("resolved_by_id").references(() => admins.id, { onDelete: "set null" }),
    resolvedByUsername: text("resolved_by_username"),
    resolvedAt: integer("resolved_at"),
    createdAt: createdAt(),
    /** The newest report's time while OPEN, the resolution's after. */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("report_groups_open_target_unique").on(t.targetKey).where(sql`status = 'OPEN'`),
    index("report_groups_status_idx").on(t.status, t.updatedAt, t.id),
  ],
);

/** One row per (template, person) of a send; the queue consumer sends each at most once. */
export const emailDeliveries = sqliteTable(
  "email_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    templateId: integer("template_id")
      .notNull()
      .references(() => emailTemplates.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** PENDING, then SENT, or SKIPPED when the person left the newsletter or the site meanwhile. */
    status: text("status", { enum: ["PENDING", "SENT", "SKIPPED"] })
      .notNull()
      .default("PENDING"),
    /** A consumer working on the row; another leaves it alone until the lease runs out. */
    claimedAt: integer("claimed_at"),
    sentAt: integer("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_deliveries_template_user_unique").on(t.templateId, t.userId),
    index("email_deliveries_status_idx").on(t.templateId, t.status),
    index("email_deliveries_user_idx").on(t.userId),
  ],
);

/**
 * What staff did to a person (features/moderation): removed their post or comment, or suspended
 * them. Written in the batch of the action; its notice and its one appeal point here.
 */
export const moderations = sqliteTable(
  "moderations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The person it was done to. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportGroupId: integer("report_group_id").references(() => reportGroups.id, { onDelete: "set null" }),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: MODERATION_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    cause: text("cause", { enum: REPORT_CAUSES }),
    note: text("note").notNull().default(""),
    adminUsername: text("admin_username"),
    /** The community whose moderator removed the content; null for staff's decisions. */
    communityId: integer("community_id").references(() => communities.id, { onDelete: "set null" }),
    /** The community moderator who decided it (null for staff). */
    moderatorUsername: text("moderator_username"),
    /** Set when an appeal reversed it. */
    reversedAt: integer("reversed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderations_user_idx").on(t.userId, t.id),
    uniqueIndex("moderations_group_unique").on(t.reportGroupId),
  ],
);

/** A person's one appeal of a moderation, and staff's decision on it. */
export const appeals = sqliteTable(
  "appeals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    moderationId: integer("moderation_id")
      .notNull()
      .references(() => moderations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    status: text("status", { enum: APPEAL_STATUSES }).notNull().default("OPEN"),
    decision: text("decision", { enum: APPEAL_DECISIONS }),
    note: text("note").notNull().default(""),
    decidedByUsername: text("decided_by_username"),
    decidedAt: integer("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("appeals_moderation_unique").on(t.moderationId),
    index("appeals_status_idx").on(t.status, t.id),
  ],
);
