import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Fixed-window counters for rate limits, keyed by action and address or account. A WITHOUT ROWID
 * table (migration 0115, which Drizzle's schema cannot say): the key is the table's one b-tree.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start").notNull(),
});
