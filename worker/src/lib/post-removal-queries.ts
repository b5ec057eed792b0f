import type { Database } from "#worker/db/database.ts";

// Hiding a post or comment and bringing it back: staff's removals (features/admin/reports,
// features/admin/appeals) and a community's moderators' (features/community-moderation) run the
// same statements, so a removal hides one way wherever it comes from (docs/decisions/135). In
// `lib/` because both features write them in their own batches; `guard` is a condition written
// in the code (never client input) that the whole batch's effect depends on.

/**
 * The community's and the author's post counts moved by one (`delta`) while `when` holds for the
 * post (SQL over ?2, its id) and `guard` for the batch: what a post leaving the site (hidden here,
 * deleted by its author in features/posts) or coming back does to the counters.
 */
export function postCountStatements(
  db: Database,
  row: { id: number; communityId: number; ownerId: number },
  delta: 1 | -1,
  when: string,
  guard = "1",
): D1PreparedStatement[] {
  const move = delta > 0 ? "+ 1" : "- 1";
  return [
    db.prepare({
      sql: `UPDATE communities SET total_microposts = total_microposts ${move} WHERE id = ?1 AND ${when} AND ${guard}`,
      binds: [row.communityId, row.id],
    }),
    db.prepare({
      sql: `UPDATE users SET total_microposts = total_microposts ${move} WHERE id = ?1 AND ${when} AND ${guard}`,
      binds: [row.ownerId, row.id],
    }),
  ];
}

/**
 * Hides a published post: it becomes `is_draft = 1` with `removed_at` set, so feeds, search
 * (the FTS triggers) and the site totals drop it as they drop a draft, and the community's and
 * author's post counts fall by one. Nothing is deleted, so a reversed decision brings it back.
 */
export function postHideStatements(
  db: Database,
  row: { id: number; communityId: number; ownerId: number },
  guard = "1",
): D1PreparedStatement[] {
  const shown = "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 0 AND removed_at IS NULL)";
  return [
    ...postCountStatements(db, row, -1, shown, guard),
    db.prepare({
      sql: `UPDATE microposts SET is_draft = 1, removed_at = ?2
         WHERE id = ?1 AND is_draft = 0 AND removed_at IS NULL AND ${guard}`,
      binds: [row.id, Date.now()],
    }),
  ];
}

/** Brings a hidden post back where it was (its published time kept), counters and search too. */
export function postRestoreStatements(
  db: Database,
  row: { id: number; communityId: number; ownerId: number },
  guard = "1",
): D1PreparedStatement[] {
  const hidden = "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND removed_at IS NOT NULL)";
  return [
    ...postCountStatements(db, row, 1, hidden, guard),
    db.prepare({
      sql: `UPDATE microposts SET is_draft = 0, removed_at = NULL WHERE id = ?1 AND removed_at IS NOT NULL AND ${guard}`,
      binds: [row.id],
    }),
  ];
}

/**
 * Hides a comment: it stays in the thread as a tombstone (`is_deleted = 1`, so its replies keep
 * their place and the list totals stay exact), its body is kept for the appeal, search drops it
 * (the FTS trigger) and the post's comment count falls by one.
 */
export function commentHideStatements(
  db: Database,
  row: { id: number; micropostId: number },
  guard = "1",
): D1PreparedStatement[] {
  const alive = "EXISTS (SELECT 1 FROM comments WHERE id = ?1 AND is_deleted = 0)";
  return [
    db.prepare({
      sql: `UPDATE microposts SET total_comments = total_comments - 1 WHERE id = ?2 AND ${alive} AND ${guard}`,
      binds: [row.id, row.micropostId],
    }),
    db.prepare({
      sql: `UPDATE comments SET is_deleted = 1, removed_at = ?2 WHERE id = ?1 AND is_deleted = 0 AND ${guard}`,
      binds: [row.id, Date.now()],
    }),
  ];
}

/** Brings a hidden comment back: its body shows again, the count and search follow. */
export function commentRestoreStatements(
  db: Database,
  row: { id: number; micropostId: number },
  guard = "1",
): D1PreparedStatement[] {
  const hidden = "EXISTS (SELECT 1 FROM comments WHERE id = ?1 AND removed_at IS NOT NULL)";
  return [
    db.prepare({
      sql: `UPDATE microposts SET total_comments = total_comments + 1 WHERE id = ?2 AND ${hidden} AND ${guard}`,
      binds: [row.id, row.micropostId],
    }),
    db.prepare({
      sql: `UPDATE comments SET is_deleted = 0, removed_at = NULL WHERE id = ?1 AND removed_at IS NOT NULL AND ${guard}`,
      binds: [row.id],
    }),
  ];
}
