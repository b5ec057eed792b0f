import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { nextOffset } from "#shared/paging.ts";
import { api } from "#web/lib/api.ts";

// A writer's drafts: apart from the post lists (queries.ts), which the home page loads first.
export const draftKeys = {
  root: ["drafts"] as const,
  list: () => [...draftKeys.root, "list"] as const,
  total: () => [...draftKeys.root, "total"] as const,
  one: (publicId: string) => [...draftKeys.root, "one", publicId] as const,
};

const DRAFT_PAGE_SIZE = 10;

export const draftsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: draftKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/private/user/micropost/draft/list", {
        query: { skip: pageParam, limit: DRAFT_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      nextOffset(pages.length * DRAFT_PAGE_SIZE, last.total_list, last.list.length),
  });

export const draftTotalQueryOptions = () =>
  queryOptions({
    queryKey: draftKeys.total(),
    queryFn: () => api.get("/api/v1/private/user/micropost/draft/list/total"),
    select: (data) => data.total,
  });

export const draftQueryOptions = (publicId: string) =>
  queryOptions({
    queryKey: draftKeys.one(publicId),
    queryFn: () => api.get("/api/v1/private/user/micropost/draft", { query: { public_id: publicId } }),
    meta: { silent: true },
    retry: false,
  });
