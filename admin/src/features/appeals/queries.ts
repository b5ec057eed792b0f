import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import { skipPagesQueryOptions } from "#admin/lib/paged.ts";
import { type AppealDecide, type AppealStatus, appealDecideSchema } from "#shared/schemas/moderation.ts";
import { auditKeys } from "../audit/queries";

const appealKeys = {
  root: ["admin", "appeals"] as const,
  list: (status: AppealStatus) => [...appealKeys.root, "list", status] as const,
};

const PAGE = 10;

/** Appeals of one status: OPEN (oldest first) or DECIDED. */
export const appealListQueryOptions = (status: AppealStatus) =>
  skipPagesQueryOptions(appealKeys.list(status), PAGE, (skip, limit) =>
    adminApi.get("/api/admin/private/appeal/list", { query: { status, skip, limit } }),
  );

/** PATCH an appeal with UPHOLD or REVERSE and a note; both tabs and the audit log refetch. */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppealDecide) =>
      adminApi.patch("/api/admin/private/appeal", {
        body: appealDecideSchema.parse(input),
      }),
    // As with reports: the decided appeal leaves the OPEN list before the dialog closes.
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
      await queryClient.invalidateQueries({ queryKey: appealKeys.root });
    },
  });
}
