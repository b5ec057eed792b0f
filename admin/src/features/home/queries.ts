import { queryOptions } from "@tanstack/react-query";
import { adminFetch } from "#admin/lib/api.ts";
import type { Page } from "#shared/api.ts";
import type { AdminUser, UserStats } from "#shared/schemas/admin.ts";

export const homeKeys = { all: ["admin", "home"] as const };

export const userStatsQuery = () =>
  queryOptions({
    queryKey: [...homeKeys.all, "stats"],
    queryFn: () => adminFetch<UserStats>("/api/admin/private/user/stats"),
  });

/** New people since midnight UTC (days 0) or this week (days 7). */
export const newUsersQuery = (days: number, skip: number, limit: number) =>
  queryOptions({
    queryKey: [...homeKeys.all, "new", days, skip, limit],
    queryFn: () =>
      adminFetch<Page<AdminUser>>("/api/admin/private/user/new/data/list", { query: { days, skip, limit } }),
  });
