import { adminFetch } from "#admin/lib/api.ts";
import { skipPagesQuery } from "#admin/lib/paged.ts";
import type { Page } from "#shared/api.ts";
import type { ReportGroup, ReportStatus } from "#shared/schemas/admin.ts";

export const reportsKeys = { all: ["admin", "reports"] as const };

const PAGE = 10;

/** The reports queue: groups of one status, OPEN or RESOLVED. */
export const reportListQuery = (status: ReportStatus) =>
  skipPagesQuery([...reportsKeys.all, "list", status], PAGE, (skip, limit) =>
    adminFetch<Page<ReportGroup>>("/api/admin/private/report/list", { query: { status, skip, limit } }),
  );
