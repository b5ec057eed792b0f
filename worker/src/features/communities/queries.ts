import { eq } from "drizzle-orm";
import type { Owner } from "#shared/schemas/user.ts";
import type { Database } from "#worker/db/database.ts";
import { keysetColumn, keysetSql } from "#worker/db/keyset-queries.ts";
import { communities, communityMembers } from "#worker/db/schema/index.ts";
import { columnsOf, keysOf, type RowOf, rowOf, type Statement } from "#worker/db/sql.ts";
import { type CommunityRow, type MembershipRow, membershipColumns } from "#worker/lib/community-json.ts";
import { ownerWithId, toOwner } from "#worker/lib/owners.ts";
import { type Condition, type Counters, readCounted } from "#worker/lib/rate-limits.ts";

// The communities' lists: each page comes back with all it shows (the viewer's memberships, the
// members' profiles) in one round trip. Each lookup repeats the page's keyset query as a
// `WITH page`, which costs what the page costs (docs/decisions/115).

/** The upper end of a prefix range: every string that starts with `prefix` sorts below it. */
function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** A viewer's id inlined into SQL: an integer from their verified token, never client input. */
const inline = (id: number) => String(Math.trunc(id));

/**
 * A page of communities by members (`totalMembers`) or newest (`createdAt`), optionally only the
 * names starting with `prefix` (lowercase), its count, and the viewer's memberships of the page.
 */
export async function communityPage(
  db: Database,
  viewerId: number | null,
  q: {
    prefix: string;
    first: "totalMembers" | "createdAt";
    values: number[] | null;
    skip: number;
    limit: number;
  },
): Promise<{ rows: CommunityRow[]; total: number; memberships: Map<number, MembershipRow> }> {
  const binds = q.prefix ? [q.prefix, prefixEnd(q.prefix)] : [];
  const page: Statement = {
    sql: keysetSql({
      select: columnsOf(communities, "c"),
      from: "communities c",
      where: q.prefix ? "lower(c.name) >= ?1 AND lower(c.name) < ?2" : "1 = 1",
      columns: [keysetColumn(communities, "c", q.first), keysetColumn(communities, "c", "id")],
      dir: "DESC",
      values: q.values,
      limit: q.limit,
      skip: q.skip,
    }),
    binds,
    isList: true,
  };
  const count: Statement = q.prefix
    ? {
        sql: "SELECT count(*) AS n FROM communities WHERE lower(name) >= ?1 AND lower(name) < ?2",
        binds,
      }
    : { sql: "SELECT value AS n FROM site_counters WHERE key = 'communities'" };
  const statements = [page, count];
  if (viewerId !== null)
    statements.push({
      sql: `WITH page AS (${page.sql}) SELECT ${columnsOf(membershipColumns, "cm")} FROM community_members cm
        WHERE cm.user_id = ${inline(viewerId)} AND cm.community_id IN (SELECT "id" FROM page)`,
      binds,
    });
  const [rows, counted, memberships = []] = await db.batch<[object, { n: number }, object]>(statements);
  return {
    rows: rows.map((raw) => rowOf(communities, raw)),
    total: counted[0]?.n ?? 0,
    memberships: new Map(
      memberships.map((raw) => {
        const row = rowOf(membershipColumns, raw);
        return [row.communityId, row];
      }),
    ),
  };
}

const memberColumns = {
  userId: communityMembers.userId,
  role: communityMembers.role,
  createdAt: communityMembers.createdAt,
};
export type MemberRow = RowOf<typeof memberColumns>;

/**
 * The community named `name` (any case) and a page of its members in joining order, each with
 * their profile (joined by key, so the page reads its rows once), in one round trip. The community
 * is null when there is none of that name.
 */
export async function memberPage(
  db: Database,
  name: string,
  q: { values: number[] | null; skip: number; limit: number },
): Promise<{ community: CommunityRow | null; rows: MemberRow[]; owners: Map<number, Owner> }> {
  const [found, page] = await db.batch<[object, object]>([
    {
      sql: `SELECT ${columnsOf(communities, "c")} FROM communities c WHERE lower(c.name) = lower(?1)`,
      binds: [name],
    },
    {
      sql: keysetSql({
        select: `${columnsOf(memberColumns, "cm")}, ${columnsOf(ownerWithId, "u", "o_")}`,
        from: "community_members cm JOIN users u ON u.id = cm.user_id",
        where: "cm.community_id = (SELECT id FROM communities WHERE lower(name) = lower(?1))",
        columns: [
          keysetColumn(communityMembers, "cm", "createdAt"),
          keysetColumn(communityMembers, "cm", "userId"),
        ],
        dir: "ASC",
        values: q.values,
        limit: q.limit,
        skip: q.skip,
      }),
      binds: [name],
      isList: true,
    },
  ]);
  return {
    community: found[0] ? rowOf(communities, found[0]) : null,
    rows: page.map((raw) => rowOf(memberColumns, raw)),
    owners: new Map(
      page.map((raw) => [rowOf(memberColumns, raw).userId, toOwner(rowOf(ownerWithId, raw, "o_"))]),
    ),
  };
}

/** Who is changing the rules: their name, whether they are staff and their role in the community. */
export function rulesAuthorityStatement(communityId: number, userId: number): Statement {
  return {
    sql: `SELECT u.username, u.is_staff AS staff,
            (SELECT role FROM community_members WHERE community_id = ?1 AND user_id = u.id) AS role
          FROM users u WHERE u.id = ?2`,
    binds: [communityId, userId],
  };
}

/** The new rules and their line in the community's public moderation log, in one batch. */
export function rulesStatements(
  db: Database,
  input: {
    communityId: number;
    userId: number;
    username: string;
    rules: Array<{ title: string; description: string }>;
  },
): D1PreparedStatement[] {
  const now = Date.now();
  return [
    db.prepare({
      sql: "UPDATE communities SET rules = ?2 WHERE id = ?1",
      binds: [input.communityId, JSON.stringify(input.rules)],
    }),
    db.prepare({
      sql: `INSERT INTO community_mod_log (community_id, moderator_id, moderator_username, action, target_type,
              target, reason, created_at)
            VALUES (?1, ?2, ?3, 'RULES', 'COMMUNITY', (SELECT name FROM communities WHERE id = ?1), '', ?4)`,
      binds: [input.communityId, input.userId, input.username, now],
    }),
  ];
}

/** The community's own reaction palette (docs/decisions/166), or null for the default one. */
export function paletteStatement(
  db: Database,
  communityId: number,
  palette: string[] | null,
): D1PreparedStatement {
  return db.prepare({
    sql: "UPDATE communities SET reaction_palette = ?2 WHERE id = ?1",
    binds: [communityId, palette ? JSON.stringify(palette) : null],
  });
}

/**
 * A community by name (case-insensitive) and the viewer's membership there, in one round trip:
 * what its page shows. `membership` is null for a visitor or someone not a member.
 */
export async function communityWithMembership(
  db: Database,
  name: string,
  viewerId: number | null,
): Promise<{ row: CommunityRow | null; membership: MembershipRow | null }> {
  // One statement: the community, the viewer's membership and the token check (docs/decisions/234).
  const [[raw], members = []] = (await db.readFolded(
    [
      {
        sql: `SELECT ${columnsOf(communities, "c")} FROM communities c WHERE lower(c.name) = lower(?1)`,
        keys: keysOf(communities),
      },
      ...(viewerId === null
        ? []
        : [
            {
              sql: `SELECT ${columnsOf(membershipColumns, "cm")} FROM community_members cm
              WHERE cm.user_id = ?2 AND cm.community_id = (SELECT id FROM communities WHERE lower(name) = lower(?1))`,
              keys: keysOf(membershipColumns),
            },
          ]),
    ],
    viewerId === null ? [name] : [name, viewerId],
  )) as [Array<Record<string, unknown>>, Array<Record<string, unknown>>?];
  return {
    row: raw ? rowOf(communities, raw) : null,
    membership: members[0] ? rowOf(membershipColumns, members[0]) : null,
  };
}

// ----- One community, and joining, leaving and making one -----

/**
 * Whether a community has this name, in any case; with `counters` in front, in the same round trip
 * (`readCounted`: judged first).
 */
export async function nameTaken(db: Database, name: string, counters?: Counters): Promise<boolean> {
  const [rows] = await readCounted<[object]>(db, counters, [
    { sql: "SELECT 1 AS taken FROM communities WHERE lower(name) = lower(?1)", binds: [name] },
  ]);
  return rows.length > 0;
}

/** Holds while no community has the name: a new community's counters count only then. */
export const nameFree =
  (name: string): Condition =>
  (n) => ({ sql: `NOT EXISTS (SELECT 1 FROM communities WHERE lower(name) = lower(?${n}))`, binds: [name] });

/** Writes a community and its maker's OWNER membership in one batch (a taken name fails on its unique index). */
export async function insertCommunity(
  db: Database,
  c: {
    name: string;
    displayName: string | null;
    description: string | null;
    image: string | null;
    ownerId: number;
    now: number;
  },
): Promise<void> {
  await db.write([
    db.prepare({
      sql: `INSERT INTO communities (name, display_name, description, image, owner_id, total_members, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)`,
      binds: [c.name, c.displayName, c.description, c.image, c.ownerId, c.now],
    }),
    db.prepare({
      sql: `INSERT INTO community_members (community_id, user_id, role, created_at)
         SELECT id, ?2, 'OWNER', ?3 FROM communities WHERE lower(name) = lower(?1)`,
      binds: [c.name, c.ownerId, c.now],
    }),
  ]);
}

/** The user's communities by name, from a name prefix when given, and how many: one batch. */
export function myCommunitiesPage(
  db: Database,
  userId: number,
  q: { name?: string; skip: number; limit: number },
) {
  const prefix = q.name?.toLowerCase() ?? "";
  const filter = prefix ? " AND lower(c.name) >= ?2 AND lower(c.name) < ?3" : "";
  const binds = prefix ? [userId, prefix, prefixEnd(prefix)] : [userId];
  return db.batch<[object, { n: number }]>([
    {
      sql: `SELECT ${columnsOf(communities, "c")}, ${columnsOf(membershipColumns, "cm", "m_")}
        FROM community_members cm JOIN communities c ON c.id = cm.community_id
        WHERE cm.user_id = ?1${filter} ORDER BY lower(c.name) LIMIT ${q.limit} OFFSET ${q.skip}`,
      binds,
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM community_members cm JOIN communities c ON c.id = cm.community_id
        WHERE cm.user_id = ?1${filter}`,
      binds,
    },
  ]);
}

/** The membership a join left and the community's count, read at the end of the join's batch. */
export function joinedStatement(db: Database, communityId: number, userId: number) {
  return db.prepare({
    sql: `SELECT cm.role, cm.created_at, c.total_members FROM community_members cm
       JOIN communities c ON c.id = cm.community_id WHERE cm.community_id = ?1 AND cm.user_id = ?2`,
    binds: [communityId, userId],
  });
}

/**
 * The owner hears of a new member only when this batch made them one (?3 the member, ?6 the
 * batch's `now`, the membership's created_at, ?7 the community's id).
 */
export const JOINED_NOW =
  "EXISTS (SELECT 1 FROM community_members WHERE community_id = ?7 AND user_id = ?3 AND created_at = ?6)";

/** Removes the membership and 1 member, only if they were one. */
export function leaveStatements(db: Database, communityId: number, userId: number) {
  return [
    db.prepare({
      sql: `UPDATE communities SET total_members = total_members - 1 WHERE id = ?1
         AND EXISTS (SELECT 1 FROM community_members WHERE community_id = ?1 AND user_id = ?2)`,
      binds: [communityId, userId],
    }),
    db.prepare({
      sql: "DELETE FROM community_members WHERE community_id = ?1 AND user_id = ?2",
      binds: [communityId, userId],
    }),
  ];
}

export async function setCover(db: Database, communityId: number, cover: string | null): Promise<void> {
  await db.orm.update(communities).set({ cover }).where(eq(communities.id, communityId));
}
