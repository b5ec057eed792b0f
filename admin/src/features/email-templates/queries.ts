import { queryOptions } from "@tanstack/react-query";
import { adminFetch } from "#admin/lib/api.ts";
import type { Page } from "#shared/api.ts";
import type { EmailTemplate, EmailTemplateDetail } from "#shared/schemas/admin.ts";

export const templateKeys = { all: ["admin", "email-templates"] as const };

/** Templates, newest first, a page at a time. */
export const templateListQuery = (skip: number, limit: number) =>
  queryOptions({
    queryKey: [...templateKeys.all, "list", skip, limit],
    queryFn: () =>
      adminFetch<Page<EmailTemplate>>("/api/admin/private/email/template/list", { query: { skip, limit } }),
    placeholderData: (previous) => previous,
  });

/** One template, with how its deliveries stand once sent. */
export const templateQuery = (id: number) =>
  queryOptions({
    queryKey: [...templateKeys.all, "one", id],
    queryFn: () => adminFetch<EmailTemplateDetail>("/api/admin/private/email/template", { query: { id } }),
    retry: false,
  });
