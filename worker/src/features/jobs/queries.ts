import { sql } from "drizzle-orm";
import { MARKET_COUNT_CAP } from "#shared/constants.ts";
import type { JobStatus } from "#shared/enums.ts";
import type { JobListQuery, JobPageQuery } from "#shared/schemas/jobs.ts";
import type { Database } from "#worker/db/database.ts";
import { keysetColumn, keysetSql } from "#worker/db/keyset-queries.ts";
import { companies, jobs } from "#worker/db/schema/index.ts";
import { columnsOf, idList, type RowOf, rowOf, type Statement, selectOf, statement } from "#worker/db/sql.ts";
import { toMatchExpression } from "#worker/lib/fts-match.ts";
import { publicJobSql } from "#worker/lib/job-visibility-queries.ts";
import { ownerWithId } from "#worker/lib/owners.ts";
import type { JobRow } from "./json";

// The jobs' SQL: a job, the lists' statements (a page and its count: lists.ts reads them and
// answers), the companies, and the expiry.

const BY_ID = keysetColumn(jobs, "j", "id");

/**
 * Jobs past their expiry CLOSED, in one statement through the (status, expires_at) index, so it
 * reads only the jobs it closes. Answers how many.
 */
export async function closeJobsExpiredBy(db: Database, now: number): Promise<number> {
  const result = await db.write([
    db.prepare({
      sql: "UPDATE jobs SET status = 'CLOSED', updated_at = ?1 WHERE status = 'CONFIRMED' AND expires_at <= ?1",
      binds: [Math.trunc(now)],
    }),
  ]);
  return result[0]?.meta.changes ?? 0;
}

// ---- Jobs and their lists

/** A job's columns and whether the visibility rule holds for it now. */
function jobSelect(now: number): string {
  return `${columnsOf(jobs, "j")}, ${publicJobSql("j", now)} AS "isPublic"`;
}

export interface ReadJob {
  row: JobRow;
  isPublic: boolean;
}

export function readJob(raw: Record<string, unknown>): ReadJob {
  return { row: rowOf(jobs, raw), isPublic: Boolean(raw.isPublic) };
}

/** One job by owner and slug, whatever its status, with the visibility rule's verdict. */
export async function jobByOwnerSlug(db: Database, ownerId: number, slug: string): Promise<ReadJob | null> {
  const raw = await db.first<Record<string, unknown>>({
    sql: `SELECT ${jobSelect(Date.now())} FROM jobs j WHERE j.owner_id = ?1 AND j.slug = ?2`,
    binds: [ownerId, slug],
  });
  return raw ? readJob(raw) : null;
}

/**
 * A person who has not deleted their account, by username; their job of that slug, whatever its
 * status, with the visibility rule's verdict; and that job's company and owner (`pageLookupStatement`):
 * one round trip, the request's token check riding in it (docs/decisions/156).
 */
export async function jobByUsernameSlug(
  db: Database,
  username: string,
  slug: string,
): Promise<{ ownerId: number | null; found: ReadJob | null; lookups: object[] }> {
  const owner = "(SELECT id FROM users WHERE username = ?1 AND deleted_at IS NULL)";
  const job: Statement = {
    sql: `SELECT ${jobSelect(Date.now())} FROM jobs j WHERE j.owner_id = ${owner} AND j.slug = ?2`,
    binds: [username, slug],
  };
  const [[person], [raw], lookups] = await db.batch<[{ id: number }, Record<string, unknown>, object]>([
    { sql: `SELECT id FROM users WHERE id = ${owner}`, binds: [username] },
    job,
    pageLookupStatement(job),
  ]);
  return { ownerId: person ? Number(person.id) : null, found: raw ? readJob(raw) : null, lookups };
}

/** A company by its name in any case (one company per name). */
export function companyByNameStatement(name: string): Statement {
  return statement(
    sql`SELECT ${selectOf(companies)} FROM ${companies} WHERE ${companies.nameKey} = ${name.toLowerCase()}`,
  );
}

/** The id of the caller's company of that name, inside the same batch that may create it. */
export const companyIdOf = (ownerId: number, name: string) =>
  sql`(SELECT ${companies.id} FROM ${companies} WHERE ${companies.nameKey} = ${name.toLowerCase()} AND ${companies.ownerId} = ${ownerId})`;

/** The companies of some jobs, by id. */
export function companiesStatement(ids: number[]): Statement {
  return { sql: `SELECT ${columnsOf(companies, "c")} FROM companies c WHERE c.id IN (${idList(ids)})` };
}

/**
 * Each job of a page's company and owner (`c_`, `o_` columns), repeating the page's query as a
 * `WITH page` (an index range stopping after the page costs the same again).
 */
export function pageLookupStatement(page: Statement): Statement {
  return {
    sql: `WITH page AS (${page.sql}) SELECT ${columnsOf(companies, "c", "c_")}, ${columnsOf(ownerWithId, "u", "o_")}
      FROM page p JOIN companies c ON c.id = p."companyId" JOIN users u ON u.id = p."ownerId"`,
    binds: page.binds,
  };
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

/**
 * Public jobs, newest first (`values`: the cursor's). Without `q`, one index range of the jobs table
 * (status and the first filter given, then id) and a counter when one filter or none is given;
 * with `q`, the full-text index read newest first, joined to each match's row for the rule and the
 * filters, stopping after the page. Other counts stop past MARKET_COUNT_CAP.
 */
export function publicJobsStatements(
  q: JobListQuery,
  values: number[] | null,
  now: number,
): [Statement, Statement] {
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
    return [pageStatement(where, binds, q, values), total];
  }
  // The index hands out rowids newest first; ordering by its rowid (not j.id) lets it stop early.
  const from = "job_fts JOIN jobs j ON j.id = job_fts.rowid";
  const after = values ? [`job_fts.rowid < ${values[0]}`] : [];
  const pageSql = `SELECT ${jobSelect(now)} FROM ${from} WHERE ${[...where, ...after].join(" AND ")}
    ORDER BY job_fts.rowid DESC LIMIT ${q.limit}${values ? "" : ` OFFSET ${q.skip}`}`;
  return [{ sql: pageSql, binds: binds.values, isList: true }, capped(from, where)];
}

/**
 * A person's public jobs, named to SQLite through their owner index (left to choose, it may take
 * the public (status, id) index and read every public job to find theirs). The person is found by
 * name inside each statement; the count's row says whether they exist (`owner`).
 */
export function personJobsStatements(
  username: string,
  page: JobPageQuery,
  values: number[] | null,
): [Statement, Statement] {
  const binds = new Binds();
  const owner = binds.add(username);
  const where = [
    `j.owner_id = (SELECT id FROM users WHERE username = ${owner} AND deleted_at IS NULL)`,
    publicJobSql("j", Date.now()),
  ];
  const from = "jobs j INDEXED BY jobs_owner_idx";
  return [
    pageStatement(where, binds, page, values, from),
    {
      sql: `SELECT u.id AS owner, (SELECT count(*) FROM ${from} WHERE ${where.join(" AND ")}) AS n
          FROM users u WHERE u.username = ${owner} AND u.deleted_at IS NULL`,
      binds: binds.values,
    },
  ];
}

/** A person's own jobs in every status. */
export function myJobsStatements(
  ownerId: number,
  page: JobPageQuery,
  values: number[] | null,
): [Statement, Statement] {
  const binds = new Binds();
  const where = [`j.owner_id = ${binds.add(ownerId)}`];
  return [
    pageStatement(where, binds, page, values),
    { sql: "SELECT count(*) AS n FROM jobs WHERE owner_id = ?1", binds: [ownerId] },
  ];
}

/** Every job, or those of one status. */
export function allJobsStatements(
  status: JobStatus | undefined,
  page: JobPageQuery,
  values: number[] | null,
): [Statement, Statement] {
  const binds = new Binds();
  const where = status ? [`j.status = ${binds.add(status)}`] : ["1 = 1"];
  return [pageStatement(where, binds, page, values), counter(status ? `jobs.status.${status}` : "jobs")];
}

// ---- Companies

/** A person's companies, the last used first, and their count. */
export async function companiesPage(
  db: Database,
  ownerId: number,
  page: { skip: number; limit: number },
): Promise<{ rows: Array<RowOf<typeof companies>>; total: number }> {
  const [rows, counted] = await db.batch<[Record<string, unknown>, { n: number }]>([
    {
      sql: `SELECT ${columnsOf(companies, "c")} FROM companies c WHERE c.owner_id = ?1
        ORDER BY c.updated_at DESC, c.id DESC LIMIT ${page.limit} OFFSET ${page.skip}`,
      binds: [ownerId],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM companies WHERE owner_id = ?1", binds: [ownerId] },
  ]);
  return { rows: rows.map((raw) => rowOf(companies, raw)), total: Number(counted[0]?.n ?? 0) };
}
