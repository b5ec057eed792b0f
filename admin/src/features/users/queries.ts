import { queryOptions } from "@tanstack/react-query";
import { adminFetch } from "#admin/lib/api.ts";
import type { Page } from "#shared/api.ts";
import type { AdminAccount, AdminSearchResult, AdminUserDetail } from "#shared/schemas/admin.ts";

export const usersKeys = { all: ["admin", "users"] as const };

/** People (type users) or admins (type admins) whose username, e-mail or name starts with q. */
export const searchQuery = (type: "users" | "admins", q: string, skip: number, limit: number) =>
  queryOptions({
    queryKey: [...usersKeys.all, "search", type, q, skip, limit],
    queryFn: () =>
      adminFetch<AdminSearchResult>("/api/admin/private/search", { query: { q, type, skip, limit } }),
    placeholderData: (previous) => previous,
  });

export const userQuery = (username: string) =>
  queryOptions({
    queryKey: [...usersKeys.all, "user", username],
    queryFn: () => adminFetch<AdminUserDetail>("/api/admin/private/user", { query: { username } }),
    retry: false,
  });

export const adminAccountQuery = (username: string) =>
  queryOptions({
    queryKey: [...usersKeys.all, "admin", username],
    queryFn: () => adminFetch<AdminAccount>("/api/admin/private/admin", { query: { username } }),
    retry: false,
  });

export const adminListQuery = (skip: number, limit: number) =>
  queryOptions({
    queryKey: [...usersKeys.all, "admins", skip, limit],
    queryFn: () =>
      adminFetch<Page<AdminAccount>>("/api/admin/private/admin/list", { query: { skip, limit } }),
  });
