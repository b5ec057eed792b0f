import type { Deps } from "#worker/deps.ts";
import {
  commentHideStatements,
  commentRestoreStatements,
  postHideStatements,
  postRestoreStatements,
} from "#worker/lib/post-removal-queries.ts";

// Removing a reported post or comment hides it (kept for the appeal and the audit): the posts
// feature's own hide statements, without the author check, so the removal, the group's resolution
// and the audit row land in one batch. `won` is a condition that holds only in the batch whose
// resolution took effect, so a second admin resolving the same group at the same moment removes
// nothing. A reversed appeal restores with the matching statements.

export async function postRemoval(deps: Deps, micropostId: number, won: string, restore = false) {
  const row = await deps.db.first<{ id: number; community_id: number; owner_id: number }>({
    sql: "SELECT id, community_id, owner_id FROM microposts WHERE id = ?1",
    binds: [micropostId],
  });
  if (!row) return null;
  const target = { id: row.id, communityId: row.community_id, ownerId: row.owner_id };
  return {
    ownerId: row.owner_id,
    statements: (restore ? postRestoreStatements : postHideStatements)(deps.db, target, won),
  };
}

export async function commentRemoval(deps: Deps, commentId: number, won: string, restore = false) {
  const row = await deps.db.first<{ id: number; micropost_id: number; owner_id: number }>({
    sql: `SELECT id, micropost_id, owner_id FROM comments WHERE id = ?1
          AND ${restore ? "removed_at IS NOT NULL" : "is_deleted = 0"}`,
    binds: [commentId],
  });
  if (!row) return null;
  const target = { id: row.id, micropostId: row.micropost_id };
  return {
    ownerId: row.owner_id,
    statements: (restore ? commentRestoreStatements : commentHideStatements)(deps.db, target, won),
  };
}
