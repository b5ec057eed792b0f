import { infiniteQueryOptions } from "@tanstack/react-query";
import { SEARCH_PAGE_SIZE } from "#shared/constants.ts";
import type { SearchType } from "#shared/enums.ts";
import { api } from "#web/lib/api.ts";
import { nextSkip } from "#web/lib/offset-pages.ts";

// Every query here is `meta: { silent: true }`: its screen shows a failure itself (with a retry),
// so the generic red notice would only repeat it.

const searchKeys = {
  root: ["search"] as const,
  results: (q: string, type: SearchType) => [...searchKeys.root, type, q] as const,
};

/** One search, 10 results a page, loaded as the reader scrolls. */
export const searchQueryOptions = (q: string, type: SearchType, all = false) =>
  infiniteQueryOptions({
    queryKey: [...searchKeys.results(q, type), ...(all ? ["all"] : [])],
    meta: { silent: true },
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/search", {
        query: { q, type, skip: pageParam, limit: SEARCH_PAGE_SIZE, show_muted: all || undefined },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip<unknown>(last, pages, SEARCH_PAGE_SIZE),
    staleTime: 30_000,
  });
