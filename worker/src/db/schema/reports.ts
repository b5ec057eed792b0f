import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

// What people send staff: reports of content or people, and feedback (the reports feature files
// both; staff read them in the admin site).

export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportedUserId: integer("reported_user_id").references(() => users.id, { onDelete: "set null" }),
    reportCause: text("report_cause").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    /** The admin reports queue's group of this report's target (migration 0060). */
    groupId: integer("group_id"),
    /** The community rule the reporter named (its title), for a report about a community's content. */
    rule: text("rule"),
    resolvedAt: integer("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [index("reports_open_idx").on(t.resolvedAt, t.id), index("reports_group_idx").on(t.groupId, t.id)],
);

export const feedbacks = sqliteTable(
  "feedbacks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feedbackType: text("feedback_type").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    createdAt: createdAt(),
  },
  (t) => [index("feedbacks_created_idx").on(t.createdAt)],
);
