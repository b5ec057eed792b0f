import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { COMPANY_LIST_FETCH_LIMIT } from "#shared/constants.ts";
import type { ExperienceLevel, JobCategory, JobType, JobWorkMode } from "#shared/enums.ts";
import type { Job } from "#shared/schemas/jobs.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import { api } from "#web/lib/api.ts";
import { FIRST_PAGE, nextPageParam, type PageParam } from "#web/lib/cursor-pages.ts";

// Every query here is `meta: { silent: true }`: its screen shows a failure itself (with a retry),
// so the generic red notice would only repeat it.

const JOB_PAGE_SIZE = 10;

/** The filters of Find Jobs, as the address keeps them. */
export interface JobFilters {
  q?: string;
  category?: JobCategory;
  type?: JobType;
  mode?: JobWorkMode;
  level?: ExperienceLevel;
  /** Whole US dollars a year that the job's maximum salary reaches. */
  salary?: number;
  crypto?: boolean;
}

export const jobKeys = {
  root: ["jobs"] as const,
  list: (filters: JobFilters) => [...jobKeys.root, "list", filters] as const,
  one: (username: string, slug: string) => [...jobKeys.root, "one", username.toLowerCase(), slug] as const,
  person: (username: string) => [...jobKeys.root, "person", username.toLowerCase()] as const,
  mine: () => [...jobKeys.root, "mine"] as const,
  companies: () => [...jobKeys.root, "companies"] as const,
  resume: () => [...jobKeys.root, "resume"] as const,
};

/** Where a page starts and how long it is: what every job list takes besides its filters. */
type PageQuery = PageParam & { limit: number };

/** A list of jobs newest first, a page of 10 at a time. */
function jobPages(
  key: readonly unknown[],
  fetchPage: (page: PageQuery, signal: AbortSignal) => Promise<CursorPage<Job>>,
) {
  return infiniteQueryOptions({
    queryKey: key,
    meta: { silent: true },
    queryFn: ({ pageParam, signal }) => fetchPage({ ...pageParam, limit: JOB_PAGE_SIZE }, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last: CursorPage<Job>, pages: Array<CursorPage<Job>>) =>
      nextPageParam(last, pages, JOB_PAGE_SIZE),
    staleTime: 30_000,
  });
}

/** Find Jobs: public jobs by full text and filters. */
export const jobListQueryOptions = (filters: JobFilters) =>
  jobPages(jobKeys.list(filters), ({ cursor, ...page }, signal) =>
    api.get("/api/v1/job/list", {
      query: {
        ...page,
        cursor: cursor ?? undefined,
        q: filters.q,
        job_category: filters.category,
        job_type: filters.type,
        job_work_mode: filters.mode,
        job_experience_level: filters.level,
        salary_min: filters.salary,
        pay_in_crypto: filters.crypto ? true : undefined,
      },
      signal,
    }),
  );

/** A person's public jobs (their profile's Jobs tab). */
export const personJobsQueryOptions = (username: string) =>
  jobPages(jobKeys.person(username), ({ cursor, ...page }, signal) =>
    api.get("/api/v1/user/job/list", { query: { ...page, cursor: cursor ?? undefined, username }, signal }),
  );

/** The caller's jobs in every status (Manage Jobs). */
export const myJobsQueryOptions = () =>
  jobPages(jobKeys.mine(), ({ cursor, ...page }, signal) =>
    api.get("/api/v1/private/user/job/list", { query: { ...page, cursor: cursor ?? undefined }, signal }),
  );

export const jobQueryOptions = (username: string, slug: string) =>
  queryOptions({
    queryKey: jobKeys.one(username, slug),
    meta: { silent: true },
    queryFn: ({ signal }) => api.get("/api/v1/job", { query: { username, slug }, signal }),
  });

/** The companies the caller posted with before, to reuse one in the job form. */
export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.companies(),
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.get("/api/v1/private/user/company/list", {
        query: { skip: 0, limit: COMPANY_LIST_FETCH_LIMIT },
        signal,
      }),
    select: (page) => page.list,
  });

export const resumeQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.resume(),
    meta: { silent: true },
    queryFn: ({ signal }) => api.get("/api/v1/private/user/resume", { signal }),
  });
