import { TALLY_ONLY } from "#worker/db/changes.ts";
import type { Database } from "#worker/db/database.ts";

// Votes on posts.

/**
 * Toggles a vote in one batch: the vote row and the count change together, and which way they go
 * is decided inside the transaction, so many toggles at once by the same person always leave the
 * count equal to the number of vote rows. Its last statement reads the count and the vote as they
 * are after it (`votedAfterToggle`). The caller adds the notification to the same batch. The
 * writes change a tally only (`TALLY_ONLY`): a visitor's kept copy of a page keeps its second.
 */
export function toggleVoteStatements(db: Database, postId: number, userId: number, now: number) {
  const mine = "micropost_id = ?1 AND user_id = ?2";
  return [
    // A new vote goes in; an existing one is marked (created_at = -1) to be taken out below.
    db.prepare({
      sql: `${TALLY_ONLY}INSERT INTO micropost_votes (micropost_id, user_id, created_at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM microposts WHERE id = ?1)
         ON CONFLICT (micropost_id, user_id) DO UPDATE SET created_at = -1`,
      binds: [postId, userId, now],
    }),
    db.prepare({
      sql: `${TALLY_ONLY}UPDATE microposts SET total_votes = total_votes +
           (CASE WHEN (SELECT created_at FROM micropost_votes WHERE ${mine}) = -1 THEN -1 ELSE 1 END)
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine})`,
      binds: [postId, userId],
    }),
    db.prepare({
      sql: `${TALLY_ONLY}DELETE FROM micropost_votes WHERE ${mine} AND created_at = -1`,
      binds: [postId, userId],
    }),
    db.prepare({
      sql: `SELECT total_votes, EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine}) AS user_voted
         FROM microposts WHERE id = ?1`,
      binds: [postId, userId],
    }),
  ];
}

/** What the last of `toggleVoteStatements` read: the post's votes and whether the caller's stands. */
export function votedAfterToggle(
  results: D1Result[],
): { total_votes: number; user_voted: number } | undefined {
  return results[3]?.results[0] as { total_votes: number; user_voted: number } | undefined;
}

/**
 * The UPVOTE notification's extra condition (see `notificationStatements`), the post's id as ?7:
 * the caller's vote on it was put in by this very batch (its created_at is the batch's `now`).
 */
export const VOTE_IS_NEW =
  "EXISTS (SELECT 1 FROM micropost_votes WHERE micropost_id = ?7 AND user_id = ?3 AND created_at = ?6)";
