import { type Page, toPage } from "#shared/api.ts";
import type { AuditAction, AuditEntry } from "#shared/schemas/admin.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { type AuditInput, type AuditWhen, auditStatement } from "#worker/lib/audit-queries.ts";
import { iso } from "#worker/lib/time.ts";
import { auditRows } from "./queries";

export { type AuditInput, type AuditWhen, auditInsert, auditStatement } from "#worker/lib/audit-queries.ts";

// The audit log: every admin change writes its row in the same D1 batch as the change, so a change
// without its row (or a row without its change) cannot happen. Any feature with admin changes
// (blog, templates, users, reports, files, jobs) builds its batch with one of these.

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

/** `GET .../audit/list`: newest first, optionally one action and one admin. */
export async function listAudit(
  { db }: Deps,
  input: { skip: number; limit: number; action?: AuditAction; admin?: string },
): Promise<Page<AuditEntry>> {
  const { rows, total } = await auditRows(db, input);
  return toPage(
    rows.map((r) => ({
      id: r.id,
      admin: r.admin_username,
      action: r.action,
      target: r.target,
      detail: r.detail,
      created_at: iso(r.created_at),
    })),
    total,
    input.limit,
  );
}
