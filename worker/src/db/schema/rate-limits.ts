import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Fixed-window counters for rate limits, keyed by action and address or account. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start").notNull(),
});
