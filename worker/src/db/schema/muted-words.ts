import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag } from "./columns";
import { users } from "./users";

/**
 * A person's muted phrase: the places it applies (`contexts`, comma-separated MUTE_CONTEXTS) and when
 * it stops (null: never). Read whole per request; a person has at most MUTED_WORDS_MAX of them.
 */
export const mutedWords = sqliteTable(
  "muted_words",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phrase: text("phrase").notNull(),
    wholeWord: flag("whole_word", true),
    contexts: text("contexts").notNull(),
    expiresAt: integer("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [index("muted_words_user_idx").on(t.userId)],
);
