import type { Deps } from "#worker/deps.ts";

// Removing a reported post or comment. These are the statements of the posts feature's own delete
// (posts/service.ts deletePost, posts/comments.ts deleteComment) with the same guards, so counters
// move exactly as when the author deletes; they are built here, without the author check, so the
// removal, the group's resolution and the audit row land in one batch. `won` is a condition that
// holds only in the batch whose resolution took effect, so a second admin resolving the same group
// at the same moment removes nothing.

export async function postRemoval(deps: Deps, micropostId: number, won: string) {
  const { db } = deps;
  const row = await db.first<{ id: number; community_id: number; owner_id: number }>({
    sql: "SELECT id, community_id, owner_id FROM microposts WHERE id = ?1",
    binds: [micropostId],
  });
  if (!row) return { statements: [], files: [] };
  const files = await db.all<{ file: string }>({
    sql: "SELECT file FROM micropost_files WHERE micropost_id = ?1",
    binds: [row.id],
  });
  const stillPublished = "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 0)";
  return {
    statements: [
      db.prepare({
        sql: `UPDATE communities SET total_microposts = total_microposts - 1 WHERE id = ?1 AND ${stillPublished} AND ${won}`,
        binds: [row.community_id, row.id],
      }),
      db.prepare({
        sql: `UPDATE users SET total_microposts = total_microposts - 1 WHERE id = ?1 AND ${stillPublished} AND ${won}`,
        binds: [row.owner_id, row.id],
      }),
      db.prepare({ sql: `DELETE FROM microposts WHERE id = ?1 AND ${won}`, binds: [row.id] }),
    ],
    files: files.map((f) => f.file),
  };
}

export async function commentRemoval(deps: Deps, commentId: number, won: string) {
  const { db } = deps;
  const row = await db.first<{ id: number; micropost_id: number; parent_id: number | null; depth: number }>({
    sql: "SELECT id, micropost_id, parent_id, depth FROM comments WHERE id = ?1 AND is_deleted = 0",
    binds: [commentId],
  });
  if (!row) return { statements: [], files: [] };
  // A comment with replies becomes a placeholder so the replies keep their place; one without goes.
  const alive = "EXISTS (SELECT 1 FROM comments WHERE id = ?1 AND is_deleted = 0)";
  const leaf = "(SELECT total_replies FROM comments WHERE id = ?1) = 0";
  return {
    statements: [
      db.prepare({
        sql: `UPDATE microposts SET total_comments = total_comments - 1,
                total_top_comments = total_top_comments - (CASE WHEN ?3 = 0 AND ${leaf} THEN 1 ELSE 0 END)
              WHERE id = ?2 AND ${alive} AND ${won}`,
        binds: [row.id, row.micropost_id, row.depth],
      }),
      db.prepare({
        sql: `UPDATE comments SET total_replies = total_replies - 1 WHERE id = ?2 AND ${alive} AND ${leaf} AND ${won}`,
        binds: [row.id, row.parent_id],
      }),
      db.prepare({
        sql: `UPDATE comments SET is_deleted = 1, body = '', updated_at = ?2
              WHERE id = ?1 AND is_deleted = 0 AND total_replies > 0 AND ${won}`,
        binds: [row.id, Date.now()],
      }),
      db.prepare({
        sql: `DELETE FROM comments WHERE id = ?1 AND is_deleted = 0 AND total_replies = 0 AND ${won}`,
        binds: [row.id],
      }),
    ],
    files: [] as string[],
  };
}
