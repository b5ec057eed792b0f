import { queryOptions } from "@tanstack/react-query";
import { adminFetch } from "#admin/lib/api.ts";
import type { Page } from "#shared/api.ts";
import type { EmailTemplate, EmailTemplateDetail } from "#shared/schemas/admin.ts";

export const templateKeys = {
  root: ["admin", "email-templates"] as const,
  list: (skip: number, limit: number) => [...templateKeys.root, "list", skip, limit] as const,
  one: (id: number) => [...templateKeys.root, "one", id] as const,
};

/** Templates, newest first, a page at a time. */
export const templateListQueryOptions = (skip: number, limit: number) =>
  queryOptions({
    queryKey: templateKeys.list(skip, limit),
    queryFn: () =>
      adminFetch<Page<EmailTemplate>>("/api/admin/private/email/template/list", { query: { skip, limit } }),
    placeholderData: (previous) => previous,
  });

/** One template, with how its deliveries stand once sent. */
export const templateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: templateKeys.one(id),
    queryFn: () => adminFetch<EmailTemplateDetail>("/api/admin/private/email/template", { query: { id } }),
    retry: false,
  });
