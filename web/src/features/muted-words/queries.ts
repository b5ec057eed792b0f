import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type JsonBody } from "#web/lib/api.ts";

// Muted phrases: the person's own view of Agora, without what they would rather not read.

const mutedWordsKeys = {
  list: () => ["muted-words"] as const,
};

/** Everything a muted phrase hides: lists and searches are asked again when the phrases change. */
const HIDDEN_BY_MUTES = [["posts"], ["notifications"], ["search"], ["chat"]];

export const mutedWordsQueryOptions = () =>
  queryOptions({
    queryKey: mutedWordsKeys.list(),
    queryFn: () => api.get("/api/v1/private/user/filter/list"),
  });

function useRefreshMuted() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: mutedWordsKeys.list() });
    for (const queryKey of HIDDEN_BY_MUTES) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useAddMutedWord() {
  const refresh = useRefreshMuted();
  return useMutation({
    mutationFn: (input: JsonBody<"post", "/api/v1/private/user/filter">) =>
      api.post("/api/v1/private/user/filter", { body: input }),
    onSuccess: refresh,
  });
}

export function useRemoveMutedWord() {
  const refresh = useRefreshMuted();
  return useMutation({
    mutationFn: (id: number) => api.delete("/api/v1/private/user/filter", { query: { id } }),
    onSuccess: refresh,
  });
}
