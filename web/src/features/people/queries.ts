import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { Page } from "#shared/api.ts";
import { CONNECTION_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import type { FollowTab } from "#shared/enums.ts";
import type { DatedPerson, JobProfile, ProfilePostSort } from "#shared/schemas/people.ts";
import type { PersonItem, PostItem } from "#shared/schemas/search.ts";
import type { User } from "#shared/schemas/user.ts";
import { apiFetch } from "#web/lib/api.ts";
import { nextSkip } from "#web/lib/offset-pages.ts";

// Every query here is `meta: { silent: true }`: its screen shows a failure itself (with a retry),
// so the generic red notice would only repeat it.

export const peopleKeys = {
  root: ["people"] as const,
  profile: (username: string) => [...peopleKeys.root, "profile", username] as const,
  posts: (username: string, sort: ProfilePostSort) => [...peopleKeys.root, "posts", username, sort] as const,
  allConnections: () => [...peopleKeys.root, "connections"] as const,
  connections: (username: string, tab: FollowTab) => [...peopleKeys.allConnections(), username, tab] as const,
  blocked: () => [...peopleKeys.root, "blocked"] as const,
  referred: () => [...peopleKeys.root, "referred"] as const,
  job: () => [...peopleKeys.root, "job"] as const,
};

export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: peopleKeys.profile(username),
    meta: { silent: true },
    queryFn: () => apiFetch<User>("/api/v1/user", { query: { username } }),
    staleTime: 30_000,
  });

export const userPostsQueryOptions = (username: string, sort: ProfilePostSort, all = false) =>
  infiniteQueryOptions({
    queryKey: [...peopleKeys.posts(username, sort), ...(all ? ["all"] : [])],
    meta: { silent: true },
    queryFn: ({ pageParam }) =>
      apiFetch<Page<PostItem> & { hidden_by_mutes?: number }>("/api/v1/user/micropost/list", {
        query: { username, sort, skip: pageParam, limit: DEFAULT_PAGE_SIZE, show_muted: all || undefined },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, DEFAULT_PAGE_SIZE),
  });

export const connectionsQueryOptions = (username: string, tab: FollowTab) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.connections(username, tab),
    meta: { silent: true },
    queryFn: ({ pageParam }) =>
      apiFetch<Page<PersonItem>>("/api/v1/connections", {
        query: { username, type: tab, skip: pageParam, limit: CONNECTION_PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, CONNECTION_PAGE_SIZE),
  });

const datedList = (key: readonly unknown[], path: string) =>
  infiniteQueryOptions({
    queryKey: key,
    meta: { silent: true },
    queryFn: ({ pageParam }) =>
      apiFetch<Page<DatedPerson>>(path, { query: { skip: pageParam, limit: DEFAULT_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last: Page<DatedPerson>, pages: Array<Page<DatedPerson>>) =>
      nextSkip(last, pages, DEFAULT_PAGE_SIZE),
  });

export const blockedQueryOptions = () => datedList(peopleKeys.blocked(), "/api/v1/private/user/block/list");
export const referredQueryOptions = () =>
  datedList(peopleKeys.referred(), "/api/v1/private/user/referral/list");

export const jobProfileQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.job(),
    meta: { silent: true },
    queryFn: () => apiFetch<JobProfile>("/api/v1/private/user/profile/job"),
  });
