import type { Database } from "#worker/db/database.ts";

// The reads of the Get started checklist: one statement over the person's row and two short index
// walks (memberships and follows stop at the goal).

export interface ProgressRow {
  profile_name: string | null;
  profile_image: string | null;
  total_microposts: number;
  communities: number;
  people: number;
}

/** The person's profile fields, their published posts and up to `goal` memberships and follows. */
export async function progressOf(db: Database, userId: number, goal: number): Promise<ProgressRow | null> {
  const [row] = await db.all<ProgressRow>({
    sql: `SELECT u.profile_name, u.profile_image, u.total_microposts,
        (SELECT count(*) FROM (SELECT 1 FROM community_members cm WHERE cm.user_id = ?1 LIMIT ?2)) AS communities,
        (SELECT count(*) FROM (SELECT 1 FROM follows f WHERE f.follower_id = ?1 LIMIT ?2)) AS people
      FROM users u WHERE u.id = ?1`,
    binds: [userId, goal],
  });
  return row ?? null;
}
