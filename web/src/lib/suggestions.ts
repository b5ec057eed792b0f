import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Community } from "#shared/schemas/communities.ts";
import type { Suggestions } from "#shared/schemas/search.ts";
import { api } from "#web/lib/api.ts";

/** Communities to join and people to follow (the welcome step and the empty feeds). */
export const suggestionsKey = ["people", "suggestions"] as const;

export const suggestionsQueryOptions = () =>
  queryOptions({
    queryKey: suggestionsKey,
    queryFn: () => api.get("/api/v1/private/user/suggestions"),
    // The list stays put while the person works through it; the buttons change, not the rows.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A follow in any list shows on the suggested person too. */
export function setSuggestedFollowing(queryClient: QueryClient, username: string, isFollowing: boolean) {
  queryClient.setQueryData<Suggestions>(suggestionsKey, (data) =>
    data
      ? {
          ...data,
          users: data.users.map((u) =>
            u.owner.username === username ? { ...u, is_following: isFollowing } : u,
          ),
        }
      : data,
  );
}

/** A join or leave shows on the suggested community too. */
export function setSuggestedMembership(
  queryClient: QueryClient,
  name: string,
  membership: Community["user_membership"],
) {
  queryClient.setQueryData<Suggestions>(suggestionsKey, (data) =>
    data
      ? {
          ...data,
          communities: data.communities.map((c) =>
            c.name === name ? { ...c, user_membership: membership } : c,
          ),
        }
      : data,
  );
}
