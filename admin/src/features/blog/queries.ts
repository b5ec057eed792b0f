import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import { nextOffset } from "#shared/paging.ts";

export const blogKeys = {
  root: ["admin", "blog"] as const,
  list: () => [...blogKeys.root, "list"] as const,
  one: (id: number) => [...blogKeys.root, "one", id] as const,
};

const PAGE = 12;

/** Every post, published or not, newest first, a page at a time (more near the bottom). */
export const blogListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: blogKeys.list(),
    queryFn: ({ pageParam }) =>
      adminApi.get("/api/admin/private/admin/blog/list", {
        query: { skip: pageParam * PAGE, limit: PAGE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      nextOffset(pages.length * PAGE, last.total_list, last.list.length) === undefined
        ? undefined
        : pages.length,
  });

/** One post with its body. */
export const blogQueryOptions = (id: number) =>
  queryOptions({
    queryKey: blogKeys.one(id),
    queryFn: () => adminApi.get("/api/admin/private/admin/blog", { query: { id } }),
    retry: false,
  });
