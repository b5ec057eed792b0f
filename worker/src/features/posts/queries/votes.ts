import { TALLY_ONLY } from "#worker/db/changes.ts";
import type { Database } from "#worker/db/database.ts";
import { BAN_ENDS_SQL } from "#worker/lib/community-ban-queries.ts";
import { VISIBLE } from "./rows";

// Votes on posts.

/**
 * The post a vote names by public id (?1) when the voter (?2) may vote on it at ?3: published and
 * visible, in a community that exists, neither the author nor the voter blocking the other, and the
 * voter not banned from its community. NULL otherwise, so the vote's writes change nothing (the
 * same batch's read, `postForActorStatement`, says which answer it gets).
 */
const VOTABLE = `(SELECT m.id FROM microposts m WHERE m.public_id = ?1 AND ${VISIBLE}
    AND EXISTS (SELECT 1 FROM communities c WHERE c.id = m.community_id)
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE m.owner_id <> ?2
      AND ((b.blocker_id = m.owner_id AND b.blocked_id = ?2) OR (b.blocker_id = ?2 AND b.blocked_id = m.owner_id)))
    AND ${BAN_ENDS_SQL("m.community_id", "?2", "?3")} IS NULL)`;

/**
 * Toggles a vote on the post named by public id in one batch, written only when the voter may vote
 * on it (VOTABLE): the vote row and the count change together, and which way they go is decided
 * inside the transaction, so many toggles at once by the same person always leave the count equal
 * to the number of vote rows. Its last statement reads the count and the vote as they are after it
 * (`votedAfterToggle`). The caller adds the post's read and the notification to the same batch. The
 * writes change a tally only (`TALLY_ONLY`): a visitor's kept copy of a page keeps its second.
 */
export function toggleVoteStatements(db: Database, postPublicId: string, userId: number, now: number) {
  const mine = "micropost_id = microposts.id AND user_id = ?2";
  const binds = [postPublicId, userId, now];
  return [
    // A new vote goes in; an existing one is marked (created_at = -1) to be taken out below.
    db.prepare({
      sql: `${TALLY_ONLY}INSERT INTO micropost_votes (micropost_id, user_id, created_at)
         SELECT id, ?2, ?3 FROM (SELECT ${VOTABLE} AS id) WHERE id IS NOT NULL
         ON CONFLICT (micropost_id, user_id) DO UPDATE SET created_at = -1`,
      binds,
    }),
    db.prepare({
      sql: `${TALLY_ONLY}UPDATE microposts SET total_votes = total_votes +
           (CASE WHEN (SELECT created_at FROM micropost_votes WHERE ${mine}) = -1 THEN -1 ELSE 1 END)
         WHERE id = ${VOTABLE} AND EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine})`,
      binds,
    }),
    // Only this batch marks a vote, so the mark is taken out whatever the post's state now.
    db.prepare({
      sql: `${TALLY_ONLY}DELETE FROM micropost_votes
         WHERE micropost_id = (SELECT id FROM microposts WHERE public_id = ?1) AND user_id = ?2 AND created_at = -1`,
      binds: [postPublicId, userId],
    }),
    db.prepare({
      sql: `SELECT total_votes, EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine}) AS user_voted
         FROM microposts WHERE public_id = ?1`,
      binds: [postPublicId, userId],
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
 * The UPVOTE notification's extra condition (see `noticeCheckStatement`), the post's public id as
 * ?7: the caller's vote on it was put in by this very batch (its created_at is the batch's `now`).
 */
export const VOTE_IS_NEW = `EXISTS (SELECT 1 FROM micropost_votes
  WHERE micropost_id = (SELECT id FROM microposts WHERE public_id = ?7) AND user_id = ?3 AND created_at = ?6)`;

/** The author of the post a vote names (its notice's `FoundPerson`), by the post's public id at ?1. */
export const VOTED_POST_AUTHOR = "p.id = (SELECT owner_id FROM microposts WHERE public_id = ?1)";
