import type { Community } from "#shared/schemas/communities.ts";
import type { Suggestions } from "#shared/schemas/search.ts";
import { communities } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { toCommunity } from "#worker/lib/community-json.ts";
import { loadPersonItems } from "./service";

/** How many of each the welcome step shows. */
export const SUGGESTIONS = 6;

/**
 * Communities the caller is not a member of, by members, and active people they neither follow nor
 * block (nor are blocked by), by followers. Two index walks that stop after a handful of rows.
 */
export async function suggestionsFor(deps: Deps, userId: number): Promise<Suggestions> {
  const [communityRows, people] = await deps.db.batch<[object, { id: number }]>([
    {
      sql: `SELECT ${columnsOf(communities, "c")} FROM communities c
        WHERE NOT EXISTS (SELECT 1 FROM community_members cm WHERE cm.community_id = c.id AND cm.user_id = ?1)
        ORDER BY c.total_members DESC, c.id DESC LIMIT ${SUGGESTIONS}`,
      binds: [userId],
      isList: true,
    },
    {
      sql: `SELECT u.id FROM users u
        WHERE u.status = 'ACTIVE' AND u.deleted_at IS NULL AND u.id <> ?1
          AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ?1 AND f.followee_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ?1 AND b.blocked_id = u.id)
            OR (b.blocker_id = u.id AND b.blocked_id = ?1))
        ORDER BY u.total_followers DESC, u.id DESC LIMIT ${SUGGESTIONS}`,
      binds: [userId],
      isList: true,
    },
  ]);
  const list: Community[] = communityRows.map((raw) => toCommunity(rowOf(communities, raw), null));
  const users = await loadPersonItems(
    deps,
    people.map((p) => p.id),
    userId,
  );
  return { communities: list, users };
}
