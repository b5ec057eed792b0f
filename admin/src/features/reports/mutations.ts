import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch } from "#admin/lib/api.ts";
import { type ReportGroup, type ReportResolve, reportResolveSchema } from "#shared/schemas/admin.ts";
import { auditKeys } from "../audit/queries";
import { reportsKeys } from "./queries";

/** PATCH a group with its action and note; both tabs of the queue and the audit log refetch. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportResolve) =>
      adminFetch<{ detail: string; report: ReportGroup }>("/api/admin/private/report", {
        method: "PATCH",
        body: reportResolveSchema.parse(input),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reportsKeys.all });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
