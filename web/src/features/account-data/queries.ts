import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type JsonBody } from "#web/lib/api.ts";
import { getToken } from "#web/lib/auth-token.ts";

// Muted phrases and the data archive: the person's own view of Agora and their data to take away.

const accountDataKeys = {
  root: ["account-data"] as const,
  mutedWords: () => [...accountDataKeys.root, "muted-words"] as const,
  dataExport: () => [...accountDataKeys.root, "export"] as const,
};

/** Everything a muted phrase hides: lists and searches are asked again when the phrases change. */
const HIDDEN_BY_MUTES = [["posts"], ["notifications"], ["search"], ["chat"]];

export const mutedWordsQueryOptions = () =>
  queryOptions({
    queryKey: accountDataKeys.mutedWords(),
    queryFn: () => api.get("/api/v1/private/user/filter/list"),
  });

function useRefreshMuted() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: accountDataKeys.mutedWords() });
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

/** The newest archive; asked again every few seconds while it is being made. */
export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: accountDataKeys.dataExport(),
    queryFn: () => api.get("/api/v1/private/user/export"),
    refetchInterval: (query) => (query.state.data?.status === "PENDING" ? 3000 : false),
  });

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/v1/private/user/export"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountDataKeys.dataExport() }),
  });
}

/** The archive is for its owner only: fetched with the session's token, then saved as a file. */
export async function downloadExport(link: string): Promise<void> {
  const token = getToken();
  const res = await fetch(link, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok)
    throw new Error(
      ((await res.json().catch(() => null)) as { detail?: string } | null)?.detail ?? res.statusText,
    );
  const url = URL.createObjectURL(await res.blob());
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = "agora-data.zip";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
