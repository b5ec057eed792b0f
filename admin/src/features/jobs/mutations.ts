import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import type { AdminJobStatus } from "#shared/enums.ts";
import { auditKeys } from "../audit/queries";
import { jobKeys } from "./queries";

export interface JobChange {
  username: string;
  slug: string;
  job_status?: AdminJobStatus;
  job_title?: string;
  job_location?: string;
  job_description?: string;
  job_how_to_apply?: string;
}

/** PATCH a job (its status or fields); the lists and the audit log refetch. */
export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: JobChange) => adminApi.patch("/api/admin/private/job", { body: change }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.root });
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
    },
  });
}
