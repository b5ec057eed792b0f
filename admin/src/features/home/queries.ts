import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";

export const homeKeys = {
  root: ["admin", "home"] as const,
  stats: () => [...homeKeys.root, "stats"] as const,
  newUsers: (days: number, skip: number, limit: number) =>
    [...homeKeys.root, "new", days, skip, limit] as const,
};

export const userStatsQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.stats(),
    queryFn: () => adminApi.get("/api/admin/private/user/stats"),
  });

/** New people since midnight UTC (days 0) or this week (days 7). */
export const newUsersQueryOptions = (days: number, skip: number, limit: number) =>
  queryOptions({
    queryKey: homeKeys.newUsers(days, skip, limit),
    queryFn: () => adminApi.get("/api/admin/private/user/new/data/list", { query: { days, skip, limit } }),
  });
