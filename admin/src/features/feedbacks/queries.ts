import { adminFetch } from "#admin/lib/api.ts";
import { skipPagesQueryOptions } from "#admin/lib/paged.ts";
import type { Page } from "#shared/api.ts";
import type { AdminFeedback } from "#shared/schemas/admin.ts";

export const feedbackKeys = {
  root: ["admin", "feedbacks"] as const,
  list: () => [...feedbackKeys.root, "list"] as const,
};

const PAGE = 20;

/** Feedback people sent, newest first. */
export const feedbackListQueryOptions = () =>
  skipPagesQueryOptions(feedbackKeys.list(), PAGE, (skip, limit) =>
    adminFetch<Page<AdminFeedback>>("/api/admin/private/user/feedback/list", { query: { skip, limit } }),
  );
