import { adminFetch } from "#admin/lib/api.ts";
import { skipPagesQuery } from "#admin/lib/paged.ts";
import type { Page } from "#shared/api.ts";
import type { AdminFeedback } from "#shared/schemas/admin.ts";

export const feedbacksKeys = { all: ["admin", "feedbacks"] as const };

const PAGE = 20;

/** Feedback people sent, newest first. */
export const feedbackListQuery = () =>
  skipPagesQuery([...feedbacksKeys.all, "list"], PAGE, (skip, limit) =>
    adminFetch<Page<AdminFeedback>>("/api/admin/private/user/feedback/list", { query: { skip, limit } }),
  );
