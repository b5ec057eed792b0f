import { adminApi } from "#admin/lib/api.ts";
import { skipPagesQueryOptions } from "#admin/lib/paged.ts";
import type { AuditAction } from "#shared/schemas/admin.ts";

export const auditKeys = {
  root: ["admin", "audit"] as const,
  list: ({ action, admin }: AuditFilter) => [...auditKeys.root, "list", action, admin] as const,
};

const PAGE = 30;

export interface AuditFilter {
  action: AuditAction | "";
  /** An admin's username, exactly. */
  admin: string;
}

/** Every admin change, newest first, of one action and one admin when given. */
export const auditListQueryOptions = ({ action, admin }: AuditFilter) =>
  skipPagesQueryOptions(auditKeys.list({ action, admin }), PAGE, (skip, limit) =>
    adminApi.get("/api/admin/private/audit/list", {
      query: { action: action || undefined, admin: admin || undefined, skip, limit },
    }),
  );
