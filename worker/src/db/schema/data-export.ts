import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DATA_EXPORT_STATUSES } from "#shared/enums.ts";
import { createdAt } from "./columns";
import { users } from "./users";

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
