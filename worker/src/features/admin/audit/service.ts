import { type Page, toPage } from "#shared/api.ts";
import type { AuditAction, AuditEntry } from "#shared/schemas/admin.ts";
import type { Database } from "#worker/db/database.ts";
import { adminAudit } from "#worker/db/schema/index.ts";
import type { Statement } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { iso } from "#worker/lib/time.ts";

// The audit log: every admin change writes its row in the same D1 batch as the change, so a change
// without its row (or a row without its change) cannot happen. Any feature with admin changes
// (blog, templates, users, reports, files, jobs) builds its batch with one of these.

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

/** Runs a change's statements and its audit row as one batch; answers the change's results. */
export async function writeAudited(
  { db }: Deps,
  admin: AuthAdmin,
  entry: AuditInput,
  statements: D1PreparedStatement[],
  when: AuditWhen = "always",
): Promise<D1Result[]> {
  const results = await db.write([...statements, auditStatement(db, admin, entry, when)]);
  return results.slice(0, statements.length);
}

interface AuditRow {
  id: number;
  admin_username: string;
  action: AuditAction;
  target: string;
  detail: string;
  created_at: number;
}

/** `GET .../audit/list`: newest first, optionally one action and one admin. */
export async function listAudit(
  { db }: Deps,
  input: { skip: number; limit: number; action?: AuditAction; admin?: string },
): Promise<Page<AuditEntry>> {
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
  return toPage(
    rows.map((r) => ({
      id: r.id,
      admin: r.admin_username,
      action: r.action,
      target: r.target,
      detail: r.detail,
      created_at: iso(r.created_at),
    })),
    total[0]?.n ?? 0,
    input.limit,
  );
}
