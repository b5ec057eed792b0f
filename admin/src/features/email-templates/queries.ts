import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";

export const templateKeys = {
  root: ["admin", "email-templates"] as const,
  list: (skip: number, limit: number) => [...templateKeys.root, "list", skip, limit] as const,
  one: (id: number) => [...templateKeys.root, "one", id] as const,
};

/** Templates, newest first, a page at a time. */
export const templateListQueryOptions = (skip: number, limit: number) =>
  queryOptions({
    queryKey: templateKeys.list(skip, limit),
    queryFn: () => adminApi.get("/api/admin/private/email/template/list", { query: { skip, limit } }),
    placeholderData: (previous) => previous,
  });

/** One template, with how its deliveries stand once sent. */
export const templateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: templateKeys.one(id),
    queryFn: () => adminApi.get("/api/admin/private/email/template", { query: { id } }),
    retry: false,
  });
