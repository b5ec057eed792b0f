import type { AuditAction } from "#shared/schemas/admin.ts";
import type { Database } from "#worker/db/database.ts";
import { adminAudit } from "#worker/db/schema/index.ts";
import type { Statement } from "#worker/db/sql.ts";
import type { AuthAdmin } from "#worker/env.ts";

// The SQL of the audit log.

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

export interface AuditRow {
  id: number;
  admin_username: string;
  action: AuditAction;
  target: string;
  detail: string;
  created_at: number;
}

/** A page of the log, newest first, optionally one action and one admin, and its total. */
export async function auditRows(
  db: Database,
  input: { skip: number; limit: number; action?: AuditAction; admin?: string },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: string[] = [];
  const binds: unknown[] = [];
  if (input.action) {
    where.push("action = ?");
    binds.push(input.action);
  }
  if (input.admin) {
    where.push("admin_username = ?");
    binds.push(input.admin);
  }
  const filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [rows, total] = await db.batch<[AuditRow, { n: number }]>([
    {
      sql: `SELECT id, admin_username, action, target, detail, created_at FROM admin_audit ${filter}
            ORDER BY id DESC LIMIT ? OFFSET ?`,
      binds: [...binds, input.limit, input.skip],
      isList: true,
    },
    { sql: `SELECT count(*) AS n FROM admin_audit ${filter}`, binds },
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
