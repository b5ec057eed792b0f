import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CHAT_THREAD_TYPES } from "#shared/enums.ts";
import { counter, createdAt, flag } from "./columns";
import { users } from "./users";

/** A chat thread's row; its messages live in the thread's Durable Object. */
export const chatThreads = sqliteTable(
  "chat_threads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    chatThreadType: text("chat_thread_type", { enum: CHAT_THREAD_TYPES }).notNull().default("PERSONAL"),
    /** For PERSONAL threads: "smallerUserId:largerUserId", so a pair has one thread. */
    pairKey: text("pair_key"),
    lastMessageText: text("last_message_text"),
    lastMessageType: text("last_message_type"),
    lastMessageAt: integer("last_message_at"),
    /** A GROUP's name (1 to 64 characters); null for PERSONAL threads. */
    name: text("name"),
    /** Who made a GROUP (its first admin); null for PERSONAL threads or a user id kept as a plain number. */
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chat_threads_public_id_unique").on(t.publicId),
    uniqueIndex("chat_threads_pair_unique").on(t.pairKey),
  ],
);

export const chatThreadUsers = sqliteTable(
  "chat_thread_users",
  {
    threadId: integer("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    totalUnreadMessages: counter("total_unread_messages"),
    /** Activity time copied from the thread, so a user's thread list is one index range. */
    lastActivityAt: integer("last_activity_at").notNull(),
    /**
     * When this participant first sent a message in the thread (null until they do): presence goes
     * only to people with whom messages went both ways (docs/decisions/135).
     */
    sentAt: integer("sent_at"),
    /** A GROUP's admin: may add, remove and rename (the maker is one). */
    isAdmin: flag("is_admin", false),
    /**
     * When this person left or was removed from a GROUP (null while a member): they keep the thread
     * in their list and read its messages up to that moment, nothing after (docs/decisions/143).
     */
    leftAt: integer("left_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index("chat_thread_users_list_idx").on(t.userId, t.lastActivityAt),
  ],
);

/**
 * Link previews as the server fetched them (features/chat/preview-cache.ts): one row per link, the
 * preview as JSON (null when the page could not be previewed).
 */
export const webpagePreviews = sqliteTable(
  "webpage_previews",
  {
    link: text("link").primaryKey(),
    preview: text("preview"),
    fetchedAt: integer("fetched_at").notNull(),
  },
  (t) => [index("webpage_previews_fetched_idx").on(t.fetchedAt)],
);
