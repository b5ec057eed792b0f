import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import { type ReportResolve, reportResolveSchema } from "#shared/schemas/admin.ts";
import { auditKeys } from "../audit/queries";
import { reportKeys } from "./queries";

/** PATCH a group with its action and note; both tabs of the queue and the audit log refetch. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportResolve) =>
      adminApi.patch("/api/admin/private/report", {
        body: reportResolveSchema.parse(input),
      }),
    // The caller's onSuccess (closing the dialog) waits for the queue to refetch: the resolved
    // group, with the button that opened the dialog, is gone by then, so focus goes to the page's
    // content instead of to a button about to disappear.
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
      await queryClient.invalidateQueries({ queryKey: reportKeys.root });
    },
  });
}
