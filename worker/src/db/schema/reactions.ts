import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { REACTION_TARGETS } from "#shared/schemas/reactions.ts";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * One person's reaction with one emoji to a post, a comment or a chat message (docs/decisions/140).
 * `target_id` is the post's or comment's id, or the chat thread's id with `message_id` the message's
 * (0 for posts and comments). Triggers (migration `reaction_counts`) keep `reaction_counts` in the
 * statement that adds or removes the row, and drop an item's reactions when the item goes.
 */
export const reactions = sqliteTable(
  "reactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    targetType: text("target_type", { enum: REACTION_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    messageId: integer("message_id").notNull().default(0),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reactions_one_unique").on(t.targetType, t.targetId, t.messageId, t.userId, t.emoji),
    // Who reacted with an emoji, newest first.
    index("reactions_who_idx").on(t.targetType, t.targetId, t.messageId, t.emoji, t.createdAt),
    index("reactions_user_idx").on(t.userId),
  ],
);

/** How many reacted to an item with each emoji, kept by triggers on `reactions`. */
export const reactionCounts = sqliteTable(
  "reaction_counts",
  {
    targetType: text("target_type", { enum: REACTION_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    messageId: integer("message_id").notNull().default(0),
    emoji: text("emoji").notNull(),
    total: integer("total").notNull().default(0),
    /** When the first of them reacted: an item's emoji are shown in that order. */
    firstAt: integer("first_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.messageId, t.emoji] })],
);
