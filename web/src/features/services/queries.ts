import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { JobCategory } from "#shared/enums.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import type { Service } from "#shared/schemas/services.ts";
import { api } from "#web/lib/api.ts";
import { FIRST_PAGE, nextPageParam, type PageParam } from "#web/lib/cursor-pages.ts";

// Every query here is `meta: { silent: true }`: its screen shows a failure itself (with a retry).

const SERVICE_PAGE_SIZE = 12;

/** The filters of /services, as the address keeps them; prices in whole dollars. */
export interface ServiceFilters {
  q?: string;
  category?: JobCategory;
  min?: number;
  max?: number;
}

export const serviceKeys = {
  root: ["services"] as const,
  lists: () => [...serviceKeys.root, "list"] as const,
  list: (filters: ServiceFilters) => [...serviceKeys.lists(), filters] as const,
  one: (username: string, slug: string) =>
    [...serviceKeys.root, "one", username.toLowerCase(), slug] as const,
  mine: () => [...serviceKeys.root, "mine"] as const,
};

/** Where a page starts and how long it is: what every service list takes besides its filters. */
type PageQuery = PageParam & { limit: number };

function servicePages(
  key: readonly unknown[],
  fetchPage: (page: PageQuery, signal: AbortSignal) => Promise<CursorPage<Service>>,
) {
  return infiniteQueryOptions({
    queryKey: key,
    meta: { silent: true },
    queryFn: ({ pageParam, signal }) => fetchPage({ ...pageParam, limit: SERVICE_PAGE_SIZE }, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last: CursorPage<Service>, pages: Array<CursorPage<Service>>) =>
      nextPageParam(last, pages, SERVICE_PAGE_SIZE),
    staleTime: 30_000,
  });
}

/** /services: active services by text, category and price range (the API counts in cents). */
export const serviceListQueryOptions = (filters: ServiceFilters) =>
  servicePages(serviceKeys.list(filters), ({ cursor, ...page }, signal) =>
    api.get("/api/v1/service/list", {
      query: {
        ...page,
        cursor: cursor ?? undefined,
        q: filters.q,
        category: filters.category,
        price_min: filters.min === undefined ? undefined : filters.min * 100,
        price_max: filters.max === undefined ? undefined : filters.max * 100,
      },
      signal,
    }),
  );

/** The caller's services, active and paused (Manage Services). */
export const myServicesQueryOptions = () =>
  servicePages(serviceKeys.mine(), ({ cursor, ...page }, signal) =>
    api.get("/api/v1/private/user/service/list", { query: { ...page, cursor: cursor ?? undefined }, signal }),
  );

export const serviceQueryOptions = (username: string, slug: string) =>
  queryOptions({
    queryKey: serviceKeys.one(username, slug),
    meta: { silent: true },
    queryFn: ({ signal }) => api.get("/api/v1/service", { query: { username, slug }, signal }),
  });
