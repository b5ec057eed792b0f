import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch } from "#admin/lib/api.ts";
import { type AdminSettableStatus, type AdminUser, userStatusSchema } from "#shared/schemas/admin.ts";
import { homeKeys } from "../home/queries";
import { userKeys } from "./queries";

/** PATCH the person's status; the lists and their page refetch. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; user_status: AdminSettableStatus }) =>
      adminFetch<{ detail: string; user: AdminUser }>("/api/admin/private/user/status", {
        method: "PATCH",
        body: userStatusSchema.parse(input),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.root });
      void queryClient.invalidateQueries({ queryKey: homeKeys.root });
    },
  });
}
