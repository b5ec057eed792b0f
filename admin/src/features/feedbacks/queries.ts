import { adminApi } from "#admin/lib/api.ts";
import { skipPagesQueryOptions } from "#admin/lib/paged.ts";

const feedbackKeys = {
  root: ["admin", "feedbacks"] as const,
  list: () => [...feedbackKeys.root, "list"] as const,
};

const PAGE = 20;

/** Feedback people sent, newest first. */
export const feedbackListQueryOptions = () =>
  skipPagesQueryOptions(feedbackKeys.list(), PAGE, (skip, limit) =>
    adminApi.get("/api/admin/private/user/feedback/list", { query: { skip, limit } }),
  );
