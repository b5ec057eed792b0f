import type { Database } from "#worker/db/database.ts";
import { visiblePostIdSql } from "#worker/lib/post-visibility-queries.ts";

// Bookmarks

/**
 * Saves or unsaves a published post for this person in one batch, decided inside it (as votes
 * are): an existing bookmark is marked and removed, a missing one goes in. Answers whether it is
 * saved after it, or undefined when the post is gone.
 */
export async function toggleBookmarkRow(
  db: Database,
  postId: number,
  userId: number,
): Promise<boolean | undefined> {
  const mine = "user_id = ?2 AND micropost_id = ?1";
  const results = await db.write([
    db.prepare({
      sql: `INSERT INTO micropost_bookmarks (user_id, micropost_id, created_at)
         SELECT ?2, ?1, ?3 WHERE ${visiblePostIdSql("?1")}
         ON CONFLICT (user_id, micropost_id) DO UPDATE SET created_at = -1`,
      binds: [postId, userId, Date.now()],
    }),
    db.prepare({
      sql: `DELETE FROM micropost_bookmarks WHERE ${mine} AND created_at = -1`,
      binds: [postId, userId],
    }),
    db.prepare({
      sql: `SELECT EXISTS (SELECT 1 FROM micropost_bookmarks WHERE ${mine}) AS saved
         FROM microposts WHERE id = ?1`,
      binds: [postId, userId],
    }),
  ]);
  const row = results[2]?.results[0] as { saved: number } | undefined;
  return row ? Boolean(row.saved) : undefined;
}

/** The ids of a page of someone's saved posts, newest saved first, and how many they saved. */
export async function bookmarkPostIds(
  db: Database,
  userId: number,
  q: { skip: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  // A saved post that is hidden now (removed by staff) is neither listed nor counted; it comes back
  // to the list if it is restored.
  const visible = visiblePostIdSql("b.micropost_id");
  const [rows, count] = await db.batch<[{ micropost_id: number }, { n: number }]>([
    {
      sql: `SELECT b.micropost_id FROM micropost_bookmarks b WHERE b.user_id = ?1 AND ${visible}
        ORDER BY b.created_at DESC, b.rowid DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, q.limit, q.skip],
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM micropost_bookmarks b WHERE b.user_id = ?1 AND ${visible}`,
      binds: [userId],
    },
  ]);
  return { ids: rows.map((r) => r.micropost_id), total: count[0]?.n ?? 0 };
}
