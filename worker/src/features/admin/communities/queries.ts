import { sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { communities, siteCounters } from "#worker/db/schema/index.ts";
import { type RowOf, rowOf, selectOf, statement } from "#worker/db/sql.ts";

// The SQL of communities as staff list them.

const listColumns = {
  name: communities.name,
  displayName: communities.displayName,
  image: communities.image,
  isVerified: communities.isVerified,
  totalMembers: communities.totalMembers,
  totalMicroposts: communities.totalMicroposts,
  createdAt: communities.createdAt,
};

/**
 * A page of communities and their total: with `q`, those whose name starts with it (any case), by
 * name (the prefix range seeks the unique index on lower(name)); without, newest first, the total
 * from the site counter.
 */
export async function communityPage(
  db: Database,
  q: string,
  page: { skip: number; limit: number },
): Promise<{ rows: RowOf<typeof listColumns>[]; total: number }> {
  const name = sql`lower(${communities.name})`;
  const end = `${q}\u{10FFFF}`;
  const [rows, total] = await db.batch<[object, { n: number }]>(
    q
      ? [
          statement(
            sql`SELECT ${selectOf(listColumns)} FROM ${communities} WHERE ${name} >= ${q} AND ${name} < ${end}
              ORDER BY ${name} LIMIT ${page.limit} OFFSET ${page.skip}`,
            { isList: true },
          ),
          statement(sql`SELECT count(*) AS n FROM ${communities} WHERE ${name} >= ${q} AND ${name} < ${end}`),
        ]
      : [
          statement(
            sql`SELECT ${selectOf(listColumns)} FROM ${communities}
              ORDER BY ${communities.createdAt} DESC, ${communities.id} DESC LIMIT ${page.limit} OFFSET ${page.skip}`,
            { isList: true },
          ),
          statement(
            sql`SELECT ${siteCounters.value} AS n FROM ${siteCounters} WHERE ${siteCounters.key} = 'communities'`,
          ),
        ],
  );
  return { rows: rows.map((raw) => rowOf(listColumns, raw)), total: total[0]?.n ?? 0 };
}
