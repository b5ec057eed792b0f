import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { toFormData } from "#client/form-data.ts";
import type { Page } from "#shared/api.ts";
import type { FeedOption } from "#shared/enums/feed.ts";
import type { JobProfileInput } from "#shared/schemas/people.ts";
import type { PersonItem } from "#shared/schemas/search.ts";
import type { User } from "#shared/schemas/user.ts";
import { emitAppEvent } from "#web/app-events.ts";
import { api } from "#web/lib/api.ts";
import { saveDefaultSort } from "#web/lib/feed-sort.ts";
import { accountKeys } from "#web/lib/session.ts";
import { setSuggestedFollowing } from "#web/lib/suggestions.ts";
import { peopleKeys } from "./queries";

/** Every cached list row of this person shows the new follow state at once. */
function setFollowingEverywhere(queryClient: QueryClient, username: string, isFollowing: boolean) {
  setSuggestedFollowing(queryClient, username, isFollowing);
  queryClient.setQueriesData<InfiniteData<Page<PersonItem>>>(
    { queryKey: peopleKeys.allConnections() },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              list: page.list.map((item) =>
                item.owner.username === username ? { ...item, is_following: isFollowing } : item,
              ),
            })),
          }
        : data,
  );
}

/**
 * Follow or unfollow. The profile changes at once (state and count); the server's answer then
 * sets the true counts, and an error puts the profile back as it was.
 */
export function useFollow(username: string) {
  const queryClient = useQueryClient();
  const key = peopleKeys.profile(username);
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post("/api/v1/private/user/follow", { query: { username } })
        : api.delete("/api/v1/private/user/follow", { query: { username } }),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<User>(key);
      if (before && before.is_following !== follow) {
        queryClient.setQueryData<User>(key, {
          ...before,
          is_following: follow,
          total_followers: before.total_followers + (follow ? 1 : -1),
        });
      }
      setFollowingEverywhere(queryClient, username, follow);
      return { before };
    },
    onError: (_error, follow, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      setFollowingEverywhere(queryClient, username, !follow);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<User>(key, (user) =>
        user
          ? {
              ...user,
              is_following: answer.is_following,
              total_followers: answer.total_followers,
              total_following: answer.total_following,
            }
          : user,
      );
      // The caller's own "following" count and list changed too.
      void queryClient.invalidateQueries({ queryKey: peopleKeys.allConnections() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
      // The Following feed now holds (or no longer holds) their posts (web/src/app-events.ts).
      void emitAppEvent("followChanged", { username, following: answer.is_following }, queryClient);
    },
  });
}

export function useBlock(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockThem: boolean) =>
      blockThem
        ? api.post("/api/v1/private/user/block", { query: { username } })
        : api.delete("/api/v1/private/user/block", { query: { username } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.root });
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}

export interface ProfileChanges {
  profile_name?: string;
  headline?: string;
  bio?: string;
  links?: string[];
  profile_image?: File | null;
  profile_cover?: File | null;
  remove_profile_image?: boolean;
  remove_profile_cover?: boolean;
}

export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      api.patch("/api/v1/private/user/profile", {
        body: toFormData({
          profile_name: changes.profile_name,
          headline: changes.headline,
          bio: changes.bio,
          links: changes.links ? JSON.stringify(changes.links) : undefined,
          profile_image: changes.profile_image,
          profile_cover: changes.profile_cover,
          remove_profile_image: changes.remove_profile_image ? "true" : undefined,
          remove_profile_cover: changes.remove_profile_cover ? "true" : undefined,
        }),
      }),
    onSuccess: (user) => {
      queryClient.setQueryData(peopleKeys.profile(user.username), user);
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}

export function useSaveJobProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JobProfileInput) => api.patch("/api/v1/private/user/profile/job", { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(peopleKeys.job(), saved),
  });
}

export function useSaveDefaultSort() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (sort: FeedOption) => saveDefaultSort(queryClient, sort) });
}
