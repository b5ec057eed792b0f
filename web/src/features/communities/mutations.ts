import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toFormData } from "#client/form-data.ts";
import { api } from "#web/lib/api.ts";
import { communityKeys } from "#web/lib/community-keys.ts";

export interface NewCommunity {
  name: string;
  display_name: string;
  description: string;
  /** The picture as a data URL, as the Create Community form sends it. */
  image: string | null;
}

export function useCreateCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCommunity) =>
      api.post("/api/v1/private/user/community", {
        body: toFormData({ ...input }),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: communityKeys.root }),
  });
}
