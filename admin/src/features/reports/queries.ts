import { adminApi } from "#admin/lib/api.ts";
import { skipPagesQueryOptions } from "#admin/lib/paged.ts";
import type { ReportStatus } from "#shared/schemas/admin.ts";

export const reportKeys = {
  root: ["admin", "reports"] as const,
  list: (status: ReportStatus) => [...reportKeys.root, "list", status] as const,
};

const PAGE = 10;

/** The reports queue: groups of one status, OPEN or RESOLVED. */
export const reportListQueryOptions = (status: ReportStatus) =>
  skipPagesQueryOptions(reportKeys.list(status), PAGE, (skip, limit) =>
    adminApi.get("/api/admin/private/report/list", { query: { status, skip, limit } }),
  );
