import type { Database } from "#worker/db/database.ts";
import { communities } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf, type Statement } from "#worker/db/sql.ts";
import { BAN_ENDS_SQL } from "#worker/lib/community-ban-queries.ts";
import type { CommunityRow } from "#worker/lib/community-json.ts";
import { type Condition, type Counters, readCounted } from "#worker/lib/rate-limits.ts";

// What a new post reads before it is written: the people it mentions, its community, whether its
// author is verified, a ban, a flair.

/** A community by its name in any case, as `findCommunity` reads it. */
export function communityByName(name: string): Statement {
  return {
    sql: `SELECT ${columnsOf(communities, "c")} FROM communities c WHERE lower(c.name) = lower(?1)`,
    binds: [name],
  };
}

/** Staff, verified users and verified businesses are verified: their posts are in the VERIFIED feed. */
export function verifiedStatement(userId: number): Statement {
  return {
    sql: "SELECT (is_staff OR is_verified_user OR is_verified_business) AS verified FROM users WHERE id = ?1",
    binds: [userId],
  };
}

export type Mentioned = Map<string, { id: number; username: string }>;

/** The people named with @ that exist; none to look for: null. Typed and lowercase forms both hit the index. */
export function usersByNamesStatement(names: string[]): Statement | null {
  if (names.length === 0) return null;
  const candidates = [...new Set(names.flatMap((n) => [n, n.toLowerCase()]))];
  return {
    sql: `SELECT id, username FROM users WHERE username IN (${candidates.map((_, i) => `?${i + 1}`).join(",")})
      AND deleted_at IS NULL`,
    binds: candidates,
  };
}

export const mentionedMap = (rows: Array<{ id: number; username: string }>): Mentioned =>
  new Map(rows.map((r) => [r.username.toLowerCase(), r]));

/** The people named with @ that exist, by lowercase name. */
export async function usersByNames(db: Database, names: string[]): Promise<Mentioned> {
  const statement = usersByNamesStatement(names);
  return mentionedMap(statement ? await db.all<{ id: number; username: string }>(statement) : []);
}

/**
 * A post's mentions are told only when this batch published it (?7, its public id; ?6, the
 * batch's `now`, its `published_at`).
 */
export const POST_PUBLISHED_NOW =
  "EXISTS (SELECT 1 FROM microposts WHERE public_id = ?7 AND is_draft = 0 AND published_at = ?6)";

/** Holds while a community of that name exists: a post to a missing one counts toward no limit. */
export const communityNamed =
  (name: string): Condition =>
  (n) => ({ sql: `EXISTS (SELECT 1 FROM communities WHERE lower(name) = lower(?${n}))`, binds: [name] });

/**
 * What a new post reads before it is written, in one round trip with its limits' counters in front
 * (judged before these are looked at): the community by name (null: none), whether the author is
 * verified, and the people its body names with @ that exist.
 */
export async function readForNewPost(
  db: Database,
  input: { communityName: string; userId: number; mentions: string[]; flairId?: number | null },
  limits?: Counters,
): Promise<{
  community: CommunityRow | null;
  verified: boolean;
  mentioned: Mentioned;
  banEnds: number | null;
  flairCommunityId: number | null;
}> {
  const mentions = usersByNamesStatement(input.mentions);
  type Mention = { id: number; username: string };
  const [[community], [verified], [ban], [flair], people = []] = await readCounted<
    [
      Record<string, unknown>,
      { verified: number },
      { ends: number | null },
      { community_id: number },
      Mention,
    ]
  >(db, limits, [
    communityByName(input.communityName),
    verifiedStatement(input.userId),
    {
      sql: `SELECT ${BAN_ENDS_SQL("(SELECT id FROM communities WHERE lower(name) = lower(?1))", "?2", "?3")} AS ends`,
      binds: [input.communityName, input.userId, Date.now()],
    },
    flairCommunityStatement(input.flairId ?? 0),
    ...(mentions ? [mentions] : []),
  ]);
  return {
    community: community ? rowOf(communities, community) : null,
    verified: Boolean(verified?.verified),
    mentioned: mentionedMap(people),
    banEnds: ban?.ends ?? null,
    flairCommunityId: flair?.community_id ?? null,
  };
}

/** The community a flair belongs to, as `community_id` (no row: no such flair). */
export const flairCommunityStatement = (flairId: number): Statement => ({
  sql: "SELECT community_id FROM community_flairs WHERE id = ?1",
  binds: [flairId],
});

/** Sets or clears a post's flair. */
export function setFlairStatement(db: Database, postId: number, flairId: number | null): D1PreparedStatement {
  return db.prepare({ sql: "UPDATE microposts SET flair_id = ?2 WHERE id = ?1", binds: [postId, flairId] });
}
