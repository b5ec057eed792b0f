import { type Page, toPage } from "#shared/api.ts";
import type { AuditAction, AuditEntry } from "#shared/schemas/admin.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";
import { auditRows } from "./queries";

export { auditStatement } from "#worker/lib/audit-queries.ts";

// The audit log: every admin change writes its row in the same D1 batch as the change, so a change
// without its row (or a row without its change) cannot happen. Any feature with admin changes
// (blog, templates, users, reports, files, jobs) builds its batch with `auditStatement` or
// `auditInsert` (worker/src/lib/audit-queries.ts, re-exported here for the staff screens).

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
