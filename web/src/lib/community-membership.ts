import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { dismissSnackbar, showSnackbar } from "#client/ui/snackbar.tsx";
import type { Community, JoinResult } from "#shared/schemas/communities.ts";
import { i18n } from "#web/i18n/i18n.ts";
import { api } from "./api";
import { communityKeys } from "./community-keys";
import { setSuggestedMembership } from "./suggestions";

// Joining and leaving a community, from its page, the sidebar, the suggestions or the post form's
// ?community_name=. The join button (web/src/components/join-button.tsx) loads this on first intent.

/** Sets the reader's membership on the cached community at once, so the button and count follow. */
function setMembership(
  queryClient: QueryClient,
  name: string,
  membership: Community["user_membership"],
  total: number | null,
) {
  setSuggestedMembership(queryClient, name, membership);
  queryClient.setQueryData<Community>(communityKeys.one(name), (old) =>
    old ? { ...old, user_membership: membership, total_members: total ?? old.total_members } : old,
  );
}

/** The "You joined" notice shown per community, taken away if the person leaves again. */
const joinedNotices = new Map<string, number>();

/** Joins, then shows the membership and says so (the join button loads this on first intent). */
export async function joinCommunity(
  queryClient: QueryClient,
  name: string,
  quiet = false,
): Promise<JoinResult> {
  const result = await api.post("/api/v1/private/user/community/join", {
    query: { name },
  });
  setMembership(
    queryClient,
    result.name,
    { role: result.role, created_at: result.created_at },
    result.total_members,
  );
  if (!quiet)
    joinedNotices.set(
      result.name,
      showSnackbar({ message: i18n.t("You joined c/{{name}}", { name: result.name }), variant: "success" }),
    );
  void queryClient.invalidateQueries({ queryKey: communityKeys.root });
  return result;
}

export async function leaveCommunity(queryClient: QueryClient, name: string, quiet = false): Promise<void> {
  await api.delete("/api/v1/private/user/community/leave", { query: { name } });
  const old = queryClient.getQueryData<Community>(communityKeys.one(name));
  setMembership(queryClient, name, null, old?.user_membership ? old.total_members - 1 : null);
  // The "You joined" notice of this community would now say the opposite of what is true.
  const joined = joinedNotices.get(name);
  if (joined !== undefined) dismissSnackbar(joined);
  joinedNotices.delete(name);
  if (!quiet) showSnackbar({ message: i18n.t("You left c/{{name}}", { name }), variant: "success" });
  void queryClient.invalidateQueries({ queryKey: communityKeys.root });
}

export function useJoinCommunity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (name: string) => joinCommunity(queryClient, name) });
}
