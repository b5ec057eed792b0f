import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import type { Page } from "#shared/api.ts";
import { nextOffset } from "#shared/paging.ts";

/**
 * A `skip`/`limit` list read a page at a time for "load more": the next page starts after the
 * rows already loaded, until `total_list` are (or the offset would pass SKIP_MAX).
 */
export function skipPagesQueryOptions<T>(
  queryKey: QueryKey,
  limit: number,
  fetchPage: (skip: number, limit: number) => Promise<Page<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam, limit),
    initialPageParam: 0,
    getNextPageParam: (last: Page<T>, pages: Page<T>[]) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return nextOffset(loaded, last.total_list, last.list.length);
    },
  });
}

/** Every row of the pages loaded so far. */
export function rowsOf<T>(data: { pages: Array<{ list: T[] }> } | undefined): T[] {
  return data?.pages.flatMap((p) => p.list) ?? [];
}

/** How many rows the whole list has, once its first page is in. */
export function totalOf(data: { pages: Array<{ total_list: number }> } | undefined): number | undefined {
  return data?.pages[0]?.total_list;
}
