import { MARKET_COUNT_CAP } from "#shared/constants.ts";
import type { ServiceListQuery } from "#shared/schemas/services.ts";
import type { Database } from "#worker/db/database.ts";
import { keysetColumn, keysetSql } from "#worker/db/keyset-queries.ts";
import { services } from "#worker/db/schema/index.ts";
import { columnsOf, jsonObjectOf, type RowOf, rowOf, type Statement } from "#worker/db/sql.ts";
import { toMatchExpression } from "#worker/lib/fts-match.ts";
import { type OwnerRow, ownerWithId } from "#worker/lib/owners.ts";

// The services' SQL: one service by owner and slug, and the statements of the lists (a page and its
// count, read by `servicePage`).

/** A service with its owner as others see them (null when the account is gone). */
type ServiceRow = RowOf<typeof services> & { owner: OwnerRow | null };

/**
 * A service's columns and its owner's (as JSON), so a list and all it shows come back in one round
 * trip, the request's token check riding in it (docs/decisions/156).
 */
const SELECT = `${columnsOf(services, "s")},
  (SELECT ${jsonObjectOf(ownerWithId, "o")} FROM users o WHERE o.id = s.owner_id) AS owner_json`;

function serviceOf(raw: Record<string, unknown>): ServiceRow {
  const owner = typeof raw.owner_json === "string" ? rowOf(ownerWithId, JSON.parse(raw.owner_json)) : null;
  return { ...rowOf(services, raw), owner };
}

const BY_ID = keysetColumn(services, "s", "id");

/**
 * Who sees a service: everyone while it is active; its owner always. Paused services are hidden
 * from the public list and page. Every public read uses this condition.
 */
function publicServiceSql(alias: string): string {
  return `${alias}.is_active = 1`;
}

export async function serviceByOwnerSlug(
  db: Database,
  ownerId: number,
  slug: string,
): Promise<ServiceRow | undefined> {
  const raw = await db.first<Record<string, unknown>>({
    sql: `SELECT ${SELECT} FROM services s WHERE s.owner_id = ?1 AND s.slug = ?2`,
    binds: [ownerId, slug],
  });
  return raw ? serviceOf(raw) : undefined;
}

/**
 * A person who has not deleted their account, by username, and their service of that slug, in
 * one round trip.
 */
export async function serviceByUsernameSlug(
  db: Database,
  username: string,
  slug: string,
): Promise<{ ownerId: number | null; row: ServiceRow | undefined }> {
  const owner = "(SELECT id FROM users WHERE username = ?1 AND deleted_at IS NULL)";
  const [[person], [raw]] = await db.batch<[{ id: number }, Record<string, unknown>]>([
    { sql: `SELECT id FROM users WHERE id = ${owner}`, binds: [username] },
    {
      sql: `SELECT ${SELECT} FROM services s WHERE s.owner_id = ${owner} AND s.slug = ?2`,
      binds: [username, slug],
    },
  ]);
  return { ownerId: person ? Number(person.id) : null, row: raw ? serviceOf(raw) : undefined };
}

/** A list's page of rows and its count (`[page, count]` statements), in one round trip. */
export async function servicePage(
  db: Database,
  statements: [Statement, Statement],
): Promise<{ rows: ServiceRow[]; counted: number }> {
  const [raws, counted] = await db.batch<[Record<string, unknown>, { n: number }]>(statements);
  return { rows: raws.map(serviceOf), counted: Number(counted[0]?.n ?? 0) };
}

/**
 * The public list's page and count (`values`: the cursor's). Without `q`, one index range (active,
 * then category when given) and a site counter; with `q`, the full-text index newest first and a
 * count that stops past MARKET_COUNT_CAP. The price range is checked on the rows read.
 */
export function publicServicesStatements(
  q: ServiceListQuery,
  values: number[] | null,
): [Statement, Statement] {
  const binds: unknown[] = [];
  const bind = (value: unknown) => {
    binds.push(value);
    return `?${binds.length}`;
  };
  const match = q.q === undefined ? null : toMatchExpression(q.q);
  const where: string[] = [];
  if (match !== null) where.push(`service_fts MATCH ${bind(match)}`);
  where.push(publicServiceSql("s"));
  if (q.category) where.push(`s.category = ${bind(q.category)}`);
  if (q.price_min !== undefined) where.push(`s.price >= ${bind(q.price_min)}`);
  if (q.price_max !== undefined) where.push(`s.price <= ${bind(q.price_max)}`);

  const select = SELECT;
  const from = match === null ? "services s" : "service_fts JOIN services s ON s.id = service_fts.rowid";
  const countable = match === null && q.price_min === undefined && q.price_max === undefined;
  const total: Statement = countable
    ? {
        sql: "SELECT value AS n FROM site_counters WHERE key = ?1",
        binds: [q.category ? `services.public.category.${q.category}` : "services.public"],
      }
    : {
        sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where.join(" AND ")} LIMIT ${MARKET_COUNT_CAP + 1})`,
        binds,
      };
  const pageSql =
    match === null
      ? keysetSql({
          select,
          from,
          where: where.join(" AND "),
          columns: [BY_ID],
          dir: "DESC",
          values,
          limit: q.limit,
          skip: q.skip,
        })
      : `SELECT ${select} FROM ${from} WHERE ${[...where, ...(values ? [`service_fts.rowid < ${values[0]}`] : [])].join(" AND ")}
        ORDER BY service_fts.rowid DESC LIMIT ${q.limit}${values ? "" : ` OFFSET ${q.skip}`}`;
  return [{ sql: pageSql, binds, isList: true }, total];
}

/** A person's own list (active and paused), newest first, and its count. */
export function myServicesStatements(
  ownerId: number,
  q: { skip: number; limit: number },
  values: number[] | null,
): [Statement, Statement] {
  const sql = keysetSql({
    select: SELECT,
    from: "services s",
    where: "s.owner_id = ?1",
    columns: [BY_ID],
    dir: "DESC",
    values,
    limit: q.limit,
    skip: q.skip,
  });
  return [
    { sql, binds: [ownerId], isList: true },
    { sql: "SELECT count(*) AS n FROM services WHERE owner_id = ?1", binds: [ownerId] },
  ];
}
