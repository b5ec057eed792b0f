import type { Page } from "#shared/api.ts";
import { toPage } from "#shared/api.ts";
import { MARKET_COUNT_CAP } from "#shared/constants.ts";
import type { JobStatus } from "#shared/enums.ts";
import type { Company, Job, JobListQuery, JobPageQuery } from "#shared/schemas/jobs.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import type { Owner } from "#shared/schemas/user.ts";
import { companies } from "#worker/db/schema/index.ts";
import { decodeCursor, encodeCursor, rowOf, type Statement } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { ownersStatement } from "#worker/lib/owner-queries.ts";
import { ownerMap, ownerWithId, toOwner } from "#worker/lib/owners.ts";
import { toCompany, toJob } from "./json";
import {
  allJobsStatements,
  companiesPage,
  companiesStatement,
  jobByOwnerSlug,
  jobByUsernameSlug,
  myJobsStatements,
  pageLookupStatement,
  personJobsStatements,
  publicJobsStatements,
  type ReadJob,
  readJob,
} from "./queries";

// The job lists (docs/decisions/020, 050). Every list is newest first by id and reads one index
// range from its start or from a keyset cursor (`next_cursor`, the last id of a page); totals come
// from counters kept by triggers, or for a search or several filters from a count that stops at
// MARKET_COUNT_CAP. Owners and companies of a page are read by id in one more round trip.

const TAG = "j";

/** One job by owner and slug, whatever its status, with the visibility rule's verdict. */
export function findJob(deps: Deps, ownerId: number, slug: string): Promise<ReadJob | null> {
  return jobByOwnerSlug(deps.db, ownerId, slug);
}

/**
 * One job by its owner's username and its slug, whatever its status, with the visibility rule's
 * verdict and its answer (null without its company or owner), in one round trip. `ownerId` null:
 * no such person.
 */
export async function findJobByKey(
  deps: Deps,
  username: string,
  slug: string,
  viewerId: number | null,
): Promise<{ ownerId: number | null; found: ReadJob | null; job: Job | null }> {
  const { ownerId, found, lookups } = await jobByUsernameSlug(deps.db, username, slug);
  const [job] = found ? withLookups([found], lookups, viewerId) : [];
  return { ownerId, found, job: job ?? null };
}

/** Job rows as answers with their companies and owners read by `pageLookupStatement`. */
function withLookups(rows: ReadJob[], found: object[], viewerId: number | null): Job[] {
  return jobsWith(
    rows,
    found.map((raw) => rowOf(companies, raw, "c_")),
    new Map(
      found.map((raw) => {
        const owner = rowOf(ownerWithId, raw, "o_");
        return [owner.id, toOwner(owner)];
      }),
    ),
    viewerId,
  );
}

/** Job rows as answers, with their companies and owners (a job without either is left out). */
function jobsWith(
  page: ReadJob[],
  companyRows: Array<typeof companies.$inferSelect>,
  ownerById: Map<number, Owner>,
  viewerId: number | null,
): Job[] {
  const companyById = new Map(companyRows.map((c) => [c.id, c]));
  return page.flatMap(({ row, isPublic }) => {
    const company = companyById.get(row.companyId);
    const owner = ownerById.get(row.ownerId);
    return company && owner ? [toJob(row, company, owner, isPublic, viewerId)] : [];
  });
}

/** The answers for a page of job rows: their companies and owners, read by id in one round trip. */
export async function toJobs(deps: Deps, page: ReadJob[], viewerId: number | null): Promise<Job[]> {
  if (page.length === 0) return [];
  const [companyRows, ownerRows] = await deps.db.batch<[object, object]>([
    companiesStatement(page.map((j) => j.row.companyId)),
    ownersStatement(page.map((j) => j.row.ownerId)),
  ]);
  return jobsWith(
    page,
    companyRows.map((raw) => rowOf(companies, raw)),
    ownerMap(ownerRows),
    viewerId,
  );
}

/** Past this many rows skipped by offset, a page's lookups take their own round trip. */
const REPEAT_SKIP_MAX = 40;

/**
 * A page of jobs and its count, with the companies and owners it shows, in one round trip: each
 * lookup repeats the page's query as a `WITH page` (an index range stopping after the page costs
 * the same again). Past REPEAT_SKIP_MAX rows skipped by offset the lookups follow on their own.
 */
async function finish(
  deps: Deps,
  [page, count]: [Statement, Statement],
  q: JobPageQuery,
  viewerId: number | null,
  cap = Number.POSITIVE_INFINITY,
  /** Reads the count statement's row (a list may ask more of it than the count). */
  read?: (counted: Record<string, unknown>) => void,
): Promise<CursorPage<Job>> {
  const repeat = q.cursor || q.skip <= REPEAT_SKIP_MAX;
  // Each job's company and owner (`c_`, `o_` columns), reading the page once more.
  const lookup = pageLookupStatement(page);
  const [raws, counted, found = []] = await deps.db.batch<
    [Record<string, unknown>, Record<string, unknown>, object]
  >(repeat ? [page, count, lookup] : [page, count]);
  read?.(counted[0] ?? {});
  const rows = raws.map(readJob);
  const total = Math.min(Number(counted[0]?.n ?? 0), cap);
  const last = rows.at(-1);
  return {
    list: repeat ? withLookups(rows, found, viewerId) : await toJobs(deps, rows, viewerId),
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor: last && rows.length === q.limit ? encodeCursor(TAG, [last.row.id]) : null,
  };
}

/**
 * `GET /api/v1/job/list`: public jobs, newest first. Without `q`, one index range of the jobs table
 * (status and the first filter given, then id); with `q`, the full-text index read newest first,
 * joined to each match's row for the rule and the filters, stopping after the page.
 */
export async function listPublicJobs(
  deps: Deps,
  q: JobListQuery,
  viewerId: number | null,
): Promise<CursorPage<Job>> {
  const statements = publicJobsStatements(q, decodeCursor(q.cursor, TAG, 1), Date.now());
  return finish(deps, statements, q, viewerId, MARKET_COUNT_CAP);
}

/**
 * `GET /api/v1/user/job/list`: a person's public jobs, a 404 when nobody has that username. Named
 * to SQLite through their owner index: left to choose, it may take the public (status, id) index and
 * read every public job to find theirs. The person is found by name inside each statement, so the
 * page, its count and what it shows come back in one round trip.
 */
export async function listPersonJobs(
  deps: Deps,
  username: string,
  page: JobPageQuery,
  viewerId: number | null,
): Promise<CursorPage<Job>> {
  let found = false;
  const list = await finish(
    deps,
    personJobsStatements(username, page, decodeCursor(page.cursor, TAG, 1)),
    page,
    viewerId,
    Number.POSITIVE_INFINITY,
    (counted) => {
      found = counted.owner !== null && counted.owner !== undefined;
    },
  );
  if (!found) fail(404, PEOPLE_MSG.userNotFound);
  return list;
}

/** `GET /api/v1/private/user/job/list`: the caller's jobs in every status. */
export async function listMyJobs(deps: Deps, ownerId: number, page: JobPageQuery): Promise<CursorPage<Job>> {
  return finish(deps, myJobsStatements(ownerId, page, decodeCursor(page.cursor, TAG, 1)), page, ownerId);
}

/** `GET /api/admin/private/job/list`: every job, or those of one status. */
export async function listAllJobs(
  deps: Deps,
  page: JobPageQuery & { job_status?: JobStatus },
): Promise<CursorPage<Job>> {
  return finish(
    deps,
    allJobsStatements(page.job_status, page, decodeCursor(page.cursor, TAG, 1)),
    page,
    null,
  );
}

/** `GET /api/v1/private/user/company/list`: the caller's companies, the last used first. */
export async function listMyCompanies(
  deps: Deps,
  ownerId: number,
  page: { skip: number; limit: number },
): Promise<Page<Company>> {
  const { rows, total } = await companiesPage(deps.db, ownerId, page);
  return toPage(rows.map(toCompany), total, page.limit);
}
