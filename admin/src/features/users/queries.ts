import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";

export const userKeys = {
  root: ["admin", "users"] as const,
  search: (type: "users" | "admins", q: string, skip: number, limit: number) =>
    [...userKeys.root, "search", type, q, skip, limit] as const,
  one: (username: string) => [...userKeys.root, "user", username] as const,
  admin: (username: string) => [...userKeys.root, "admin", username] as const,
  admins: (skip: number, limit: number) => [...userKeys.root, "admins", skip, limit] as const,
};

/** People (type users) or admins (type admins) whose username, e-mail or name starts with q. */
export const searchQueryOptions = (type: "users" | "admins", q: string, skip: number, limit: number) =>
  queryOptions({
    queryKey: userKeys.search(type, q, skip, limit),
    queryFn: () => adminApi.get("/api/admin/private/search", { query: { q, type, skip, limit } }),
    placeholderData: (previous) => previous,
  });

export const userQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userKeys.one(username),
    queryFn: () => adminApi.get("/api/admin/private/user", { query: { username } }),
    retry: false,
  });

export const adminAccountQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userKeys.admin(username),
    queryFn: () => adminApi.get("/api/admin/private/admin", { query: { username } }),
    retry: false,
  });

export const adminListQueryOptions = (skip: number, limit: number) =>
  queryOptions({
    queryKey: userKeys.admins(skip, limit),
    queryFn: () => adminApi.get("/api/admin/private/admin/list", { query: { skip, limit } }),
  });
