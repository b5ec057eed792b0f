import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag } from "./columns";
import { users } from "./users";

export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "cascade" }),
    /** Where the notification leads (a post link, a profile). */
    link: text("link"),
    text: text("text"),
    /** A MODERATION notification's action (its cause, note and appeal). */
    moderationId: integer("moderation_id"),
    isRead: flag("is_read", false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_time_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_user_unread_time_idx").on(t.userId, t.isRead, t.createdAt, t.id),
  ],
);
