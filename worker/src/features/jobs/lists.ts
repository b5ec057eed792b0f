import type { Page } from "#shared/api.ts";
import { toPage } from "#shared/api.ts";
import { MARKET_COUNT_CAP } from "#shared/constants.ts";
import type { JobStatus } from "#shared/enums.ts";
import type { Company, Job, JobListQuery, JobPageQuery } from "#shared/schemas/jobs.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import type { Owner } from "#shared/schemas/user.ts";
import { companies, jobs } from "#worker/db/schema/index.ts";
import {
  columnsOf,
  decodeCursor,
  encodeCursor,
  idList,
  keysetColumn,
  keysetSql,
  rowOf,
  type Statement,
} from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { toMatchExpression } from "#worker/lib/fts-match.ts";
import { ownerMap, ownersStatement, ownerWithId, toOwner } from "#worker/lib/owners.ts";
import { type JobRow, toCompany, toJob } from "./json";
import { publicJobSql } from "./visibility";

// The job lists (docs/decisions/020, 050). Every list is newest first by id and reads one index
// range from its start or from a keyset cursor (`next_cursor`, the last id of a page); totals come
// from counters kept by triggers, or for a search or several filters from a count that stops at
// MARKET_COUNT_CAP. Owners and companies of a page are read by id in one more round trip.

const TAG = "j";
const BY_ID = keysetColumn(jobs, "j", "id");

/** A job's columns and whether the visibility rule holds for it now. */
function jobSelect(now: number): string {
  return `${columnsOf(jobs, "j")}, ${publicJobSql("j", now)} AS "isPublic"`;
}

interface ReadJob {
  row: JobRow;
  isPublic: boolean;
}

function readJob(raw: Record<string, unknown>): ReadJob {
  return { row: rowOf(jobs, raw), isPublic: Boolean(raw.isPublic) };
}

/** One job by owner and slug, whatever its status, with the visibility rule's verdict. */
export async function findJob(deps: Deps, ownerId: number, slug: string): Promise<ReadJob | null> {
  const raw = await deps.db.first<Record<string, unknown>>({
    sql: `SELECT ${jobSelect(Date.now())} FROM jobs j WHERE j.owner_id = ?1 AND j.slug = ?2`,
    binds: [ownerId, slug],
  });
  return raw ? readJob(raw) : null;
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
    {
      sql: `SELECT ${columnsOf(companies, "c")} FROM companies c WHERE c.id IN (${idList(page.map((j) => j.row.companyId))})`,
    },
    ownersStatement(page.map((j) => j.row.ownerId)),
  ]);
  return jobsWith(
    page,
    companyRows.map((raw) => rowOf(companies, raw)),
    ownerMap(ownerRows),
    viewerId,
  );
}

/** A statement's placeholders, numbered as values are bound. */
class Binds {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

/** The page statement of a list over `jobs j` in id order, from its start or after a cursor. */
function pageStatement(
  where: string[],
  binds: Binds,
  page: JobPageQuery,
  values: number[] | null,
  from = "jobs j",
): Statement {
  return {
    sql: keysetSql({
      select: jobSelect(Date.now()),
      from,
      where: where.join(" AND "),
      columns: [BY_ID],
      dir: "DESC",
      values,
      limit: page.limit,
      skip: page.skip,
    }),
    binds: binds.values,
    isList: true,
  };
}

const counter = (key: string): Statement => ({
  sql: "SELECT value AS n FROM site_counters WHERE key = ?1",
  binds: [key],
});

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
  const lookup: Statement = {
    sql: `WITH page AS (${page.sql}) SELECT ${columnsOf(companies, "c", "c_")}, ${columnsOf(ownerWithId, "u", "o_")}
      FROM page p JOIN companies c ON c.id = p."companyId" JOIN users u ON u.id = p."ownerId"`,
    binds: page.binds,
  };
  const [raws, counted, found = []] = await deps.db.batch<
    [Record<string, unknown>, Record<string, unknown>, object]
  >(repeat ? [page, count, lookup] : [page, count]);
  read?.(counted[0] ?? {});
  const rows = raws.map(readJob);
  const total = Math.min(Number(counted[0]?.n ?? 0), cap);
  const last = rows.at(-1);
  return {
    list: repeat
      ? jobsWith(
          rows,
          found.map((raw) => rowOf(companies, raw, "c_")),
          new Map(
            found.map((raw) => {
              const owner = rowOf(ownerWithId, raw, "o_");
              return [owner.id, toOwner(owner)];
            }),
          ),
          viewerId,
        )
      : await toJobs(deps, rows, viewerId),
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
  const now = Date.now();
  const values = decodeCursor(q.cursor, TAG, 1);
  const binds = new Binds();
  const match = q.q === undefined ? null : toMatchExpression(q.q);
  const where: string[] = [];
  if (match !== null) where.push(`job_fts MATCH ${binds.add(match)}`);
  where.push(publicJobSql("j", now));

  // Each filter value has a counter of its public jobs; with one filter or none the total is it.
  const counters: string[] = [];
  const equal = (column: string, value: string | undefined, key: string) => {
    if (value === undefined) return;
    where.push(`j.${column} = ${binds.add(value)}`);
    counters.push(`jobs.public.${key}.${value}`);
  };
  equal("job_category", q.job_category, "category");
  equal("job_type", q.job_type, "type");
  equal("work_mode", q.job_work_mode, "mode");
  equal("experience_level", q.job_experience_level, "level");
  if (q.pay_in_crypto) {
    where.push("j.pay_in_crypto = 1");
    counters.push("jobs.public.crypto");
  }
  const salary = q.salary_min !== undefined && q.salary_min > 0;
  if (salary) where.push(`j.maximum_salary >= ${binds.add(q.salary_min)}`);

  const countable = match === null && !salary && counters.length <= 1;
  const capped = (from: string, conditions: string[]): Statement => ({
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${conditions.join(" AND ")} LIMIT ${MARKET_COUNT_CAP + 1})`,
    binds: binds.values,
  });

  if (match === null) {
    const total = countable ? counter(counters[0] ?? "jobs.public") : capped("jobs j", where);
    return finish(deps, [pageStatement(where, binds, q, values), total], q, viewerId, MARKET_COUNT_CAP);
  }
  // The index hands out rowids newest first; ordering by its rowid (not j.id) lets it stop early.
  const from = "job_fts JOIN jobs j ON j.id = job_fts.rowid";
  const after = values ? [`job_fts.rowid < ${values[0]}`] : [];
  const pageSql = `SELECT ${jobSelect(now)} FROM ${from} WHERE ${[...where, ...after].join(" AND ")}
    ORDER BY job_fts.rowid DESC LIMIT ${q.limit}${values ? "" : ` OFFSET ${q.skip}`}`;
  return finish(
    deps,
    [{ sql: pageSql, binds: binds.values, isList: true }, capped(from, where)],
    q,
    viewerId,
    MARKET_COUNT_CAP,
  );
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
  const binds = new Binds();
  const owner = binds.add(username);
  const where = [
    `j.owner_id = (SELECT id FROM users WHERE username = ${owner} AND deleted_at IS NULL)`,
    publicJobSql("j", Date.now()),
  ];
  const from = "jobs j INDEXED BY jobs_owner_idx";
  let found = false;
  const list = await finish(
    deps,
    [
      pageStatement(where, binds, page, decodeCursor(page.cursor, TAG, 1), from),
      {
        sql: `SELECT u.id AS owner, (SELECT count(*) FROM ${from} WHERE ${where.join(" AND ")}) AS n
          FROM users u WHERE u.username = ${owner} AND u.deleted_at IS NULL`,
        binds: binds.values,
      },
    ],
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
  const binds = new Binds();
  const where = [`j.owner_id = ${binds.add(ownerId)}`];
  return finish(
    deps,
    [
      pageStatement(where, binds, page, decodeCursor(page.cursor, TAG, 1)),
      { sql: "SELECT count(*) AS n FROM jobs WHERE owner_id = ?1", binds: [ownerId] },
    ],
    page,
    ownerId,
  );
}

/** `GET /api/admin/private/job/list`: every job, or those of one status. */
export async function listAllJobs(
  deps: Deps,
  page: JobPageQuery & { job_status?: JobStatus },
): Promise<CursorPage<Job>> {
  const binds = new Binds();
  const where = page.job_status ? [`j.status = ${binds.add(page.job_status)}`] : ["1 = 1"];
  return finish(
    deps,
    [
      pageStatement(where, binds, page, decodeCursor(page.cursor, TAG, 1)),
      counter(page.job_status ? `jobs.status.${page.job_status}` : "jobs"),
    ],
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
  const [rows, counted] = await deps.db.batch<[Record<string, unknown>, { n: number }]>([
    {
      sql: `SELECT ${columnsOf(companies, "c")} FROM companies c WHERE c.owner_id = ?1
        ORDER BY c.updated_at DESC, c.id DESC LIMIT ${page.limit} OFFSET ${page.skip}`,
      binds: [ownerId],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM companies WHERE owner_id = ?1", binds: [ownerId] },
  ]);
  return toPage(
    rows.map((raw) => toCompany(rowOf(companies, raw))),
    Number(counted[0]?.n ?? 0),
    page.limit,
  );
}
