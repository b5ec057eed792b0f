import { communities } from "#worker/db/schema/index.ts";
import { columnsOf, type Statement } from "#worker/db/sql.ts";

// The suggestions' reads: two index walks (communities by members, people by followers) that stop
// after a handful of rows.

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
