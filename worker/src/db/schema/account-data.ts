import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DATA_EXPORT_STATUSES } from "#shared/enums.ts";
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

/**
 * A person's archive of their data: asked for, built by the queue into R2 (`objectKey`), kept until
 * `expiresAt`. The newest row per person decides whether a new one may be asked for.
 */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: DATA_EXPORT_STATUSES }).notNull().default("PENDING"),
    objectKey: text("object_key"),
    readyAt: integer("ready_at"),
    expiresAt: integer("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [index("data_exports_user_time_idx").on(t.userId, t.createdAt)],
);
