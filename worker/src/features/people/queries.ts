import type { Database } from "#worker/db/database.ts";
import { communities, users } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf, type Statement } from "#worker/db/sql.ts";

// The suggestions' reads: two index walks (communities by members, people by followers) that stop
// after a handful of rows; and a profile's read.

/**
 * An ACTIVE person by username and how the viewer stands to them (following them, blocking them,
 * blocked by them), in one round trip: what a profile shows. `relation` is null for a visitor.
 */
export async function personWithRelation(db: Database, username: string, viewerId: number | null) {
  type Relation = { following: number; blocked: number; blocking: number };
  const [[raw], relations = []] = await db.batch<[Record<string, unknown>, Relation]>([
    {
      sql: `SELECT ${columnsOf(users, "u")} FROM users u
        WHERE u.username = ?1 AND u.status = 'ACTIVE' AND u.deleted_at IS NULL`,
      binds: [username],
    },
    ...(viewerId === null
      ? []
      : [
          {
            sql: `SELECT
                EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ?2 AND f.followee_id = u.id) AS following,
                EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?2 AND b.blocked_id = u.id) AS blocked,
                EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?2) AS blocking
              FROM users u WHERE u.username = ?1`,
            binds: [username, viewerId],
          },
        ]),
  ]);
  return { row: raw ? rowOf(users, raw) : null, relation: relations[0] ?? null };
}

/**
 * Communities the person is not a member of and that say what they are about (a description), the
 * most members first.
 */
export function suggestedCommunitiesStatement(userId: number, limit: number): Statement & { isList: true } {
  return {
    sql: `SELECT ${columnsOf(communities, "c")} FROM communities c
      WHERE trim(coalesce(c.description, '')) <> ''
        AND NOT EXISTS (SELECT 1 FROM community_members cm WHERE cm.community_id = c.id AND cm.user_id = ?1)
      ORDER BY c.total_members DESC, c.id DESC LIMIT ${Math.trunc(limit)}`,
    binds: [userId],
    isList: true,
  };
}

/**
 * Active people who have published a post, whom the person neither follows nor blocks (nor is
 * blocked by), the most followed first: not accounts made minutes ago with nothing to read.
 */
export function suggestedPeopleStatement(userId: number, limit: number): Statement & { isList: true } {
  return {
    sql: `SELECT u.id FROM users u
      WHERE u.status = 'ACTIVE' AND u.deleted_at IS NULL AND u.id <> ?1 AND u.total_microposts > 0
        AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ?1 AND f.followee_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ?1 AND b.blocked_id = u.id)
          OR (b.blocker_id = u.id AND b.blocked_id = ?1))
      ORDER BY u.total_followers DESC, u.id DESC LIMIT ${Math.trunc(limit)}`,
    binds: [userId],
    isList: true,
  };
}
