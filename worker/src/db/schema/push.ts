import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

/** A browser's Web Push subscription (RFC 8030): where to send, and the keys to encrypt for. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's address for this browser; one browser, one row. */
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * How a kind of event reaches a person while away: push and e-mail. No row means the defaults
 * (worker/src/features/push/service.ts).
 */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    push: integer("push", { mode: "boolean" }).notNull(),
    email: integer("email", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The e-mail of what a person missed: when the last one went out, what it covered, and when the
 * next check is due (0: none queued), so a burst of events queues one check, not one each.
 */
export const notificationDigests = sqliteTable("notification_digests", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSentAt: integer("last_sent_at").notNull().default(0),
  coveredUntil: integer("covered_until").notNull().default(0),
  dueAt: integer("due_at").notNull().default(0),
});
