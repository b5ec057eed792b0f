// Transitional: the features still on the old names. Removed once every feature takes `deps`.
import type { Context } from "hono";
import { Database } from "#worker/db/database.ts";
import type { AppEnv } from "#worker/env.ts";

export * from "#worker/db/sql.ts";
export { Database as Reader };

/** The `database` middleware reports what the request's own handle read; this one is merged in. */
export function reportReads(c: Context<AppEnv>, reader: Database): void {
  const { reads } = c.var.deps.db;
  reads.rowsRead += reader.reads.rowsRead;
  reads.rowsReturned += reader.reads.rowsReturned;
  reads.listRowsRead += reader.reads.listRowsRead;
  reads.listRowsReturned += reader.reads.listRowsReturned;
}
