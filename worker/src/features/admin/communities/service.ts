import { type Page, toPage } from "#shared/api.ts";
import type { AdminCommunity } from "#shared/schemas/admin.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";

interface CommunityRow {
  name: string;
  display_name: string | null;
  image: string | null;
  is_verified: number;
  total_members: number;
  total_microposts: number;
  created_at: number;
}

const COLUMNS = "name, display_name, image, is_verified, total_members, total_microposts, created_at";

/**
 * `GET .../community/list`: newest first; with `name`, the communities whose name starts with it
 * (any case), by name. The prefix range seeks the unique index on lower(name); the plain total
 * comes from the site counter.
 */
export async function listCommunities(
  { db }: Deps,
  input: { name: string; skip: number; limit: number },
): Promise<Page<AdminCommunity>> {
  const q = input.name;
  const [rows, total] = q
    ? await db.batch<[CommunityRow, { n: number }]>([
        {
          sql: `SELECT ${COLUMNS} FROM communities WHERE lower(name) >= ?1 AND lower(name) < ?2
                ORDER BY lower(name) LIMIT ?3 OFFSET ?4`,
          binds: [q, `${q}\u{10FFFF}`, input.limit, input.skip],
          isList: true,
        },
        {
          sql: "SELECT count(*) AS n FROM communities WHERE lower(name) >= ?1 AND lower(name) < ?2",
          binds: [q, `${q}\u{10FFFF}`],
        },
      ])
    : await db.batch<[CommunityRow, { n: number }]>([
        {
          sql: `SELECT ${COLUMNS} FROM communities ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2`,
          binds: [input.limit, input.skip],
          isList: true,
        },
        { sql: "SELECT value AS n FROM site_counters WHERE key = 'communities'" },
      ]);
  return toPage(
    rows.map((r) => ({
      name: r.name,
      display_name: r.display_name,
      image: r.image,
      is_verified: Boolean(r.is_verified),
      total_members: r.total_members,
      total_microposts: r.total_microposts,
      created_at: iso(r.created_at),
    })),
    total[0]?.n ?? 0,
    input.limit,
  );
}
