import type { Deps } from "#worker/deps.ts";
import {
  commentHideStatements,
  commentRestoreStatements,
  postHideStatements,
  postRestoreStatements,
} from "#worker/lib/post-removal-queries.ts";
import { commentToRemove, postToRemove } from "./queries";

// Removing a reported post or comment hides it (kept for the appeal and the audit): the posts
// feature's own hide statements, without the author check, so the removal, the group's resolution
// and the audit row land in one batch. `won` is a condition that holds only in the batch whose
// resolution took effect, so a second admin resolving the same group at the same moment removes
// nothing. A reversed appeal restores with the matching statements.

export async function postRemoval(deps: Deps, micropostId: number, won: string, restore = false) {
  const target = await postToRemove(deps.db, micropostId);
  if (!target) return null;
  return {
    ownerId: target.ownerId,
    statements: (restore ? postRestoreStatements : postHideStatements)(deps.db, target, won),
  };
}

export async function commentRemoval(deps: Deps, commentId: number, won: string, restore = false) {
  const row = await commentToRemove(deps.db, commentId, restore);
  if (!row) return null;
  const target = { id: row.id, micropostId: row.micropostId };
  return {
    ownerId: row.ownerId,
    statements: (restore ? commentRestoreStatements : commentHideStatements)(deps.db, target, won),
  };
}
