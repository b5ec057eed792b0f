import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { MEMBER_PAGE_SIZE } from "#shared/constants.ts";
import { api } from "#web/lib/api.ts";
import { communityKeys } from "#web/lib/community-keys.ts";

export const communityQueryOptions = (name: string) =>
  queryOptions({
    queryKey: communityKeys.one(name),
    queryFn: ({ signal }) => api.get("/api/v1/community", { query: { name }, signal }),
    // "Not found" is a page of its own, not an error notice.
    meta: { silent: true },
    staleTime: 30_000,
  });

export const membersQueryOptions = (name: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.members(name),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/community/member/list", {
        query: { name, skip: pageParam.skip, limit: MEMBER_PAGE_SIZE, cursor: pageParam.cursor },
        signal,
      }),
    initialPageParam: { skip: 0, cursor: null as string | null },
    // The cursor alone continues the list: no offset, however far it is scrolled (SKIP_MAX).
    getNextPageParam: (last) =>
      last.next_cursor && last.list.length ? { skip: 0, cursor: last.next_cursor } : undefined,
  });
