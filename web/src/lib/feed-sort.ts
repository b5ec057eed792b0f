import type { QueryClient } from "@tanstack/react-query";
import type { FeedOption } from "#shared/enums/feed.ts";
import { api } from "./api";
import { accountKeys } from "./session";

/**
 * Saves the home feed's default sort: the feed loads this when a signed-in reader picks a sort,
 * the profile settings and the getting-started checklist when one is chosen there.
 */
export async function saveDefaultSort(queryClient: QueryClient, sort: FeedOption): Promise<void> {
  await api.patch("/api/v1/private/user/setting/default-micropost-sort", {
    body: { default_micropost_sort: sort },
  });
  void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
}
