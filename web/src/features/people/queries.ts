import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { CONNECTION_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import type { FollowTab } from "#shared/enums.ts";
import type { ProfilePostSort } from "#shared/schemas/people.ts";
import { api } from "#web/lib/api.ts";
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
    queryFn: () => api.get("/api/v1/user", { query: { username } }),
    staleTime: 30_000,
  });

export const userPostsQueryOptions = (username: string, sort: ProfilePostSort, all = false) =>
  infiniteQueryOptions({
    queryKey: [...peopleKeys.posts(username, sort), ...(all ? ["all"] : [])],
    meta: { silent: true },
    queryFn: ({ pageParam }) =>
      api.get("/api/v1/user/micropost/list", {
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
      api.get("/api/v1/connections", {
        query: { username, type: tab, skip: pageParam, limit: CONNECTION_PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, CONNECTION_PAGE_SIZE),
  });

const datedList = (
  key: readonly unknown[],
  path: "/api/v1/private/user/block/list" | "/api/v1/private/user/referral/list",
) =>
  infiniteQueryOptions({
    queryKey: key,
    meta: { silent: true },
    queryFn: ({ pageParam }) => api.get(path, { query: { skip: pageParam, limit: DEFAULT_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, DEFAULT_PAGE_SIZE),
  });

export const blockedQueryOptions = () => datedList(peopleKeys.blocked(), "/api/v1/private/user/block/list");
export const referredQueryOptions = () =>
  datedList(peopleKeys.referred(), "/api/v1/private/user/referral/list");

export const jobProfileQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.job(),
    meta: { silent: true },
    queryFn: () => api.get("/api/v1/private/user/profile/job"),
  });
