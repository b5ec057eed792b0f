import type { AuditAction } from "#shared/schemas/admin.ts";
import type { Database } from "#worker/db/database.ts";

// The SQL of the audit log's screen (the rows are written by lib/audit-queries.ts).

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
