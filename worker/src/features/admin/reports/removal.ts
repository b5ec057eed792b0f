import type { Deps } from "#worker/deps.ts";
import { commentDeleteStatements, postDeleteStatements } from "../../posts/queries";

// Removing a reported post or comment: the posts feature's own delete statements (the same counter
// guards as when the author deletes), without the author check, so the removal, the group's
// resolution and the audit row land in one batch. `won` is a condition that holds only in the
// batch whose resolution took effect, so a second admin resolving the same group at the same
// moment removes nothing.

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
  return {
    statements: postDeleteStatements(
      db,
      { id: row.id, communityId: row.community_id, ownerId: row.owner_id },
      won,
    ),
    files: files.map((f) => f.file),
  };
}

export async function commentRemoval(deps: Deps, commentId: number, won: string) {
  const { db } = deps;
  const row = await db.first<{ id: number; micropost_id: number; parent_id: number | null; depth: number }>({
    sql: "SELECT id, micropost_id, parent_id, depth FROM comments WHERE id = ?1 AND is_deleted = 0",
    binds: [commentId],
  });
  if (!row) return { statements: [], files: [] as string[] };
  return {
    statements: commentDeleteStatements(
      db,
      { id: row.id, micropostId: row.micropost_id, parentId: row.parent_id, depth: row.depth },
      won,
    ),
    files: [] as string[],
  };
}
