import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import { type AdminSettableStatus, userStatusSchema } from "#shared/schemas/admin.ts";
import { trustLevelSetSchema } from "#shared/schemas/moderation.ts";
import { auditKeys } from "../audit/queries";
import { homeKeys } from "../home/queries";
import { userKeys } from "./queries";

/** PATCH the person's status; the lists and their page refetch. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; user_status: AdminSettableStatus }) =>
      adminApi.patch("/api/admin/private/user/status", {
        body: userStatusSchema.parse(input),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.root });
      void queryClient.invalidateQueries({ queryKey: homeKeys.root });
    },
  });
}

/** PATCH the person's trust level by hand (audited); their page and the audit log refetch. */
export function useSetTrustLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; trust_level: number }) =>
      adminApi.patch("/api/admin/private/user/trust-level", {
        body: trustLevelSetSchema.parse(input),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.root });
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
    },
  });
}
