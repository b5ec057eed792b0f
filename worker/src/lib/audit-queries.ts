import type { AuditAction } from "#shared/schemas/admin.ts";
import type { Database } from "#worker/db/database.ts";
import { adminAudit } from "#worker/db/schema/index.ts";
import type { Statement } from "#worker/db/sql.ts";
import type { AuthAdmin } from "#worker/env.ts";

// The audit row every staff change writes in the batch of the change (docs/decisions/060): below
// the features, since staff's changes are made by the admin screens and by the features whose data
// staff change (jobs).

export interface AuditInput {
  action: AuditAction;
  /**
   * What was changed, as `kind:key`: `user:alice`, `blog:12`, `job:alice/senior-dev-x1`. A row made
   * in the same batch has no id yet: give SQL for it, e.g. `{ sql: "'blog:' || last_insert_rowid()" }`.
   */
  target: string | Statement;
  /** A short human line: the new status, the note, the title. */
  detail?: string;
}

/** When the row is written: always, only if the statement just before it changed a row, or if a condition holds. */
export type AuditWhen = "always" | "changed" | Statement;

/**
 * The audit row as a plain statement for `db.write([...change, auditStatement(...)])`.
 * `when: "changed"` writes it only when the statement right before it in the batch changed a row
 * (SQLite's `changes()`), so a guarded update that did nothing leaves no row.
 */
export function auditStatement(
  db: Database,
  admin: AuthAdmin,
  entry: AuditInput,
  when: AuditWhen = "always",
): D1PreparedStatement {
  const target = typeof entry.target === "string" ? { sql: "?", binds: [entry.target] } : entry.target;
  const values = [
    admin.id,
    admin.username,
    entry.action,
    ...(target.binds ?? []),
    entry.detail ?? "",
    Date.now(),
  ];
  const insert = `INSERT INTO admin_audit (admin_id, admin_username, action, target, detail, created_at)
    SELECT ?, ?, ?, ${target.sql}, ?, ?`;
  if (when === "always") return db.prepare({ sql: insert, binds: values });
  if (when === "changed") return db.prepare({ sql: `${insert} WHERE changes() > 0`, binds: values });
  return db.prepare({ sql: `${insert} WHERE ${when.sql}`, binds: [...values, ...(when.binds ?? [])] });
}

/** The audit row as a Drizzle insert, for `db.orm.batch([...change, auditInsert(...)])`. */
export function auditInsert(db: Database, admin: AuthAdmin, entry: AuditInput & { target: string }) {
  return db.orm.insert(adminAudit).values({
    adminId: admin.id,
    adminUsername: admin.username,
    action: entry.action,
    target: entry.target,
    detail: entry.detail ?? "",
  });
}
