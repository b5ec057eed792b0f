import { infiniteQueryOptions } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import type { JobStatus } from "#shared/enums.ts";

export const jobKeys = {
  root: ["admin", "jobs"] as const,
  list: (status: JobStatus | "") => [...jobKeys.root, "list", status] as const,
};

const PAGE = 20;

/** Every job, newest first, of one status or all; each page follows the last one's cursor. */
export const jobListQueryOptions = (status: JobStatus | "") =>
  infiniteQueryOptions({
    queryKey: jobKeys.list(status),
    queryFn: ({ pageParam }) =>
      adminApi.get("/api/admin/private/job/list", {
        query: { job_status: status || undefined, cursor: pageParam ?? undefined, limit: PAGE },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
