import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import { api } from "#web/lib/api.ts";
import { nextSkip } from "#web/lib/offset-pages.ts";

// Every query here is `meta: { silent: true }`: its screen shows a failure itself (with a retry),
// so the generic red notice would only repeat it.

export const contentKeys = {
  root: ["content"] as const,
  plans: () => [...contentKeys.root, "plans"] as const,
  blogList: () => [...contentKeys.root, "blog", "list"] as const,
  blog: (slug: string) => [...contentKeys.root, "blog", slug] as const,
  page: (page: string, language: string) => [...contentKeys.root, "page", page, language] as const,
};

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.plans(),
    meta: { silent: true },
    queryFn: () => api.get("/api/v1/membership/plan/list"),
    staleTime: 10 * 60_000,
  });

export const blogListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: contentKeys.blogList(),
    meta: { silent: true },
    queryFn: ({ pageParam }) =>
      api.get("/api/v1/blog/list", {
        query: { skip: pageParam, limit: DEFAULT_PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, DEFAULT_PAGE_SIZE),
    staleTime: 60_000,
  });

export const blogQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: contentKeys.blog(slug),
    meta: { silent: true },
    queryFn: () => api.get("/api/v1/blog", { query: { slug } }),
    staleTime: 60_000,
  });
