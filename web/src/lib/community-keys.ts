import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";

// The communities' place in the query cache, which other screens change too (a post counts in
// its community, a join from the sidebar or the suggestions, the post form's picker), and the
// reader's own communities.

export const communityKeys = {
  /** The sidebar's Top Communities live under this root too (["communities", "top"]). */
  root: ["communities"] as const,
  one: (name: string) => [...communityKeys.root, "one", name.toLowerCase()] as const,
  members: (name: string) => [...communityKeys.root, "members", name.toLowerCase()] as const,
  mine: () => [...communityKeys.root, "mine"] as const,
};

/** The reader's communities for the post form's picker, by name. */
export const myCommunitiesQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.mine(),
    queryFn: () => api.get("/api/v1/private/user/community/list", { query: { limit: 100 } }),
    staleTime: 30_000,
  });
