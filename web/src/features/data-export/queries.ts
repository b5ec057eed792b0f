import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api.ts";
import { getToken } from "#web/lib/auth-token.ts";

// The data archive: a person's data to take away.

const dataExportKeys = {
  latest: () => ["data-export"] as const,
};

/** The newest archive; asked again every few seconds while it is being made. */
export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: dataExportKeys.latest(),
    queryFn: () => api.get("/api/v1/private/user/export"),
    refetchInterval: (query) => (query.state.data?.status === "PENDING" ? 3000 : false),
  });

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/v1/private/user/export"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportKeys.latest() }),
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
