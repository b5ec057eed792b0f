import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { blocks, communities, users } from "#worker/db/schema/index.ts";
import { columnsOf, keysOf, rowOf, type Statement } from "#worker/db/sql.ts";
import { type OwnerRow, ownerColumns, ownerWithId } from "#worker/lib/owners.ts";
import { type Counters, readCounted } from "#worker/lib/rate-limits.ts";

// People's statements: a profile and how the viewer stands to it, the suggestions' reads (two index
// walks, communities by members and people by followers, that stop after a handful of rows),
// follows and blocks with their counters, and the lists of people.

/** A page of the people the user blocked, newest first, and how many there are. */
export function blockedPage(db: Database, userId: number, page: { skip: number; limit: number }) {
  return db.orm.batch([
    db.orm
      .select({ at: blocks.createdAt, ...ownerColumns })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId))
      .orderBy(desc(blocks.createdAt))
      .limit(page.limit)
      .offset(page.skip),
    db.orm.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, userId)),
  ]);
}

/** A page of the ACTIVE people who joined with the user's referral link, newest first, and the total. */
export function referredPage(db: Database, userId: number, page: { skip: number; limit: number }) {
  const mine = and(eq(users.referrerId, userId), eq(users.status, "ACTIVE"), isNull(users.deletedAt));
  return db.orm.batch([
    db.orm
      .select(ownerColumns)
      .from(users)
      .where(mine)
      .orderBy(desc(users.createdAt))
      .limit(page.limit)
      .offset(page.skip),
    db.orm.select({ n: count() }).from(users).where(mine),
  ]);
}

/** The user's job title and skills (JSON). */
export async function jobProfileRow(db: Database, userId: number) {
  // Through a batch: the request's token check rides in the same round trip (docs/decisions/156).
  const [[row]] = await db.orm.batch([
    db.orm.select({ title: users.jobTitle, skills: users.jobSkills }).from(users).where(eq(users.id, userId)),
  ]);
  return row;
}

/** Sets some of the user's own fields (a setting, the job profile). */
export async function updateUser(
  db: Database,
  userId: number,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.orm.update(users).set(changes).where(eq(users.id, userId));
}

/** The user's row. */
export async function userById(db: Database, userId: number, counters?: Counters) {
  const [[raw]] = await readCounted<[object]>(db, counters, [
    { sql: `SELECT ${columnsOf(users, "u")} FROM users u WHERE u.id = ?1`, binds: [userId] },
  ]);
  return raw ? rowOf(users, raw) : null;
}

/** Sets some of the user's own fields and answers the row as it is now. */
export function updateUserReturning(
  db: Database,
  userId: number,
  changes: Partial<typeof users.$inferInsert>,
) {
  return db.orm.update(users).set(changes).where(eq(users.id, userId)).returning().get();
}

const USER_KEYS = keysOf(users);

/**
 * An ACTIVE person by username and how the viewer stands to them (following them, blocking them,
 * blocked by them), in one round trip: what a profile shows. `relation` is null for a visitor.
 */
export async function personWithRelation(db: Database, username: string, viewerId: number | null) {
  type Relation = { following: number; blocked: number; blocking: number };
  // One statement: the person, the viewer's relation and the token check (docs/decisions/234).
  const [[raw], relations = []] = (await db.readFolded(
    [
      {
        sql: `SELECT ${columnsOf(users, "u")} FROM users u
        WHERE u.username = ?1 AND u.status = 'ACTIVE' AND u.deleted_at IS NULL`,
        keys: USER_KEYS,
      },
      ...(viewerId === null
        ? []
        : [
            {
              sql: `SELECT
                EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ?2 AND f.followee_id = u.id) AS following,
                EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?2 AND b.blocked_id = u.id) AS blocked,
                EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?2) AS blocking
              FROM users u WHERE u.username = ?1`,
              keys: ["following", "blocked", "blocking"],
            },
          ]),
    ],
    viewerId === null ? [username] : [username, viewerId],
  )) as [Array<Record<string, unknown>>, Relation[]?];
  return { row: raw ? rowOf(users, raw) : null, relation: relations[0] ?? null };
}

/**
 * A page of an ACTIVE person's followers (`followers`) or of whom they follow, newest first, each
 * with whether the viewer follows them, and the person with whether they block the viewer: in one
 * round trip, the request's token check riding in it (docs/decisions/156). `viewerId` 0 for a
 * visitor. The page is read whatever the answer; the caller shows it only when it may.
 */
export async function connectionPage(
  db: Database,
  q: { username: string; followers: boolean; viewerId: number; skip: number; limit: number },
): Promise<{
  person: { id: number; totalFollowers: number; totalFollowing: number; blocksViewer: boolean } | null;
  rows: Array<{ owner: OwnerRow & { id: number }; isFollowing: boolean }>;
}> {
  const person = "(SELECT id FROM users WHERE username = ?1 AND status = 'ACTIVE' AND deleted_at IS NULL)";
  const [side, other] = q.followers ? ["followee_id", "follower_id"] : ["follower_id", "followee_id"];
  const [[found], rows] = await db.batch<
    [
      { id: number; total_followers: number; total_following: number; blocks_viewer: number },
      Record<string, unknown>,
    ]
  >([
    {
      sql: `SELECT u.id, u.total_followers, u.total_following,
              EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?2) AS blocks_viewer
            FROM users u WHERE u.id = ${person}`,
      binds: [q.username, q.viewerId],
    },
    {
      sql: `SELECT ${columnsOf(ownerWithId, "u")},
              EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = ?2 AND v.followee_id = u.id) AS is_following
            FROM follows f JOIN users u ON u.id = f.${other}
            WHERE f.${side} = ${person}
            ORDER BY f.created_at DESC, f.${other} DESC LIMIT ?3 OFFSET ?4`,
      binds: [q.username, q.viewerId, q.limit, q.skip],
      isList: true,
    },
  ]);
  return {
    person: found
      ? {
          id: Number(found.id),
          totalFollowers: Number(found.total_followers),
          totalFollowing: Number(found.total_following),
          blocksViewer: Boolean(found.blocks_viewer),
        }
      : null,
    rows: rows.map((raw) => ({ owner: rowOf(ownerWithId, raw), isFollowing: Boolean(raw.is_following) })),
  };
}

/**
 * Communities the person is not a member of and that say what they are about (a description), the
 * most members first.
 */
export function suggestedCommunitiesStatement(userId: number, limit: number): Statement & { isList: true } {
  return {
    sql: `SELECT ${columnsOf(communities, "c")} FROM communities c
      WHERE trim(coalesce(c.description, '')) <> ''
        AND NOT EXISTS (SELECT 1 FROM community_members cm WHERE cm.community_id = c.id AND cm.user_id = ?1)
      ORDER BY c.total_members DESC, c.id DESC LIMIT ${Math.trunc(limit)}`,
    binds: [userId],
    isList: true,
  };
}

/**
 * Active people who have published a post, whom the person neither follows nor blocks (nor is
 * blocked by), the most followed first: not accounts made minutes ago with nothing to read.
 */
export function suggestedPeopleStatement(userId: number, limit: number): Statement & { isList: true } {
  return {
    sql: `SELECT ${columnsOf(ownerWithId, "u")} FROM users u
      WHERE u.status = 'ACTIVE' AND u.deleted_at IS NULL AND u.id <> ?1 AND u.total_microposts > 0
        AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ?1 AND f.followee_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ?1 AND b.blocked_id = u.id)
          OR (b.blocker_id = u.id AND b.blocked_id = ?1))
      ORDER BY u.total_followers DESC, u.id DESC LIMIT ${Math.trunc(limit)}`,
    binds: [userId],
    isList: true,
  };
}

// ----- Follows and blocks -----

/**
 * The person named, with the ids of whoever blocked whom between them and the actor (comma
 * separated, or null), in one statement: no row when no active person has that name. With
 * `counts`, also their follower counters and whether the actor follows them (a follow's answer,
 * read at the end of its batch: `FollowCountsRow`).
 */
export function personAndBlocksStatement(username: string, actorId: number, counts = false): Statement {
  return {
    sql: counts ? PERSON_WITH_COUNTS : PERSON_AND_BLOCKS,
    binds: [username, actorId],
  };
}

/** `personAndBlocksStatement`'s SELECT, with `columns` after the blockers. */
const personSql = (columns: string) => `SELECT u.id AS id, (SELECT group_concat(b.blocker_id) FROM blocks b
    WHERE (b.blocker_id = u.id AND b.blocked_id = ?2) OR (b.blocker_id = ?2 AND b.blocked_id = u.id)) AS blockers${columns}
  FROM users u WHERE u.username = ?1 AND u.status = 'ACTIVE' AND u.deleted_at IS NULL`;
const PERSON_AND_BLOCKS = personSql("");
const PERSON_WITH_COUNTS = personSql(`, u.total_followers, u.total_following,
    EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ?2 AND f.followee_id = u.id) AS is_following`);

/** What `personAndBlocksStatement` adds with `counts`. */
export interface FollowCountsRow {
  total_followers: number;
  total_following: number;
  is_following: number;
}

// The counters move in the same batch (one D1 transaction) as the follow row, and only when the
// row really appears or goes: each UPDATE checks the row first, so following twice counts once.

/** The person a follow names (?2, their username): an active account, not deleted. */
const FOLLOWED = "(SELECT id FROM users WHERE username = ?2 AND status = 'ACTIVE' AND deleted_at IS NULL)";
/** The follower (?1) may follow them: someone else, and neither one blocked the other. */
const REACHABLE = `${FOLLOWED} <> ?1 AND NOT EXISTS (SELECT 1 FROM blocks
    WHERE (blocker_id = ?1 AND blocked_id = ${FOLLOWED}) OR (blocker_id = ${FOLLOWED} AND blocked_id = ?1))`;

/**
 * A follow of the person named by username, for the batch that also counts it against the limits
 * and reads the person: the follow row and both counters, written only when the person can be
 * followed and `held` (the limits' guard, SQL whose binds start at ?4) holds, so a refused or
 * missing follow changes nothing (the same batch's reads say which answer it gets).
 */
export function followNamedStatements(
  db: Database,
  followerId: number,
  username: string,
  now: number,
  held: Statement,
): D1PreparedStatement[] {
  const binds = [followerId, username, now, ...(held.binds ?? [])];
  return [
    db.prepare({
      sql: `UPDATE users SET total_following = total_following + (id = ?1),
              total_followers = total_followers + (id <> ?1)
            WHERE id IN (?1, ${FOLLOWED}) AND ${REACHABLE} AND (${held.sql})
              AND NOT EXISTS (SELECT 1 FROM follows WHERE follower_id = ?1 AND followee_id = ${FOLLOWED})`,
      binds,
    }),
    db.prepare({
      sql: `INSERT INTO follows (follower_id, followee_id, created_at)
            SELECT ?1, ${FOLLOWED}, ?3 WHERE ${REACHABLE} AND (${held.sql})
            ON CONFLICT DO NOTHING RETURNING created_at`,
      binds,
    }),
  ];
}

/**
 * The follow of `follower` by `followee` ended (SQL naming each, and `held` a guard): both counters
 * move back and the row goes, only when it is there and `held` holds.
 */
function endFollowSql(follower: string, followee: string, held: string): string[] {
  return [
    `UPDATE users SET total_following = total_following - (id = ${follower}),
        total_followers = total_followers - (id = ${followee})
      WHERE id IN (${follower}, ${followee}) AND ${follower} <> ${followee} AND (${held})
        AND EXISTS (SELECT 1 FROM follows WHERE follower_id = ${follower} AND followee_id = ${followee})`,
    `DELETE FROM follows WHERE follower_id = ${follower} AND followee_id = ${followee} AND (${held})`,
  ];
}

/**
 * An unfollow of the person named by username (?2) by ?1, for the batch that also counts it against
 * the per-minute limit and reads the person: written only when `held` (the limit's guard, SQL whose
 * binds start at ?3) holds.
 */
export function unfollowNamedStatements(
  db: Database,
  followerId: number,
  username: string,
  held: Statement,
): D1PreparedStatement[] {
  const binds = [followerId, username, ...(held.binds ?? [])];
  return endFollowSql("?1", FOLLOWED, held.sql).map((sql) => db.prepare({ sql, binds }));
}

/**
 * A block of the person named by username (?2) by ?1, for the batch that also counts it and reads
 * the person: the follows between the two end and the block row is made (once), only when the
 * person is someone else and `held` (SQL whose binds start at ?4) holds.
 */
export function blockNamedStatements(
  db: Database,
  blockerId: number,
  username: string,
  now: number,
  held: Statement,
): D1PreparedStatement[] {
  const binds = [blockerId, username, now, ...(held.binds ?? [])];
  return [
    ...endFollowSql("?1", FOLLOWED, held.sql),
    ...endFollowSql(FOLLOWED, "?1", held.sql),
    `INSERT INTO blocks (blocker_id, blocked_id, created_at)
       SELECT ?1, ${FOLLOWED}, ?3 WHERE ${FOLLOWED} <> ?1 AND (${held.sql})
       ON CONFLICT DO NOTHING`,
  ].map((sql) => db.prepare({ sql, binds }));
}

/** An unblock of the person named by username (?2) by ?1, when `held` (binds from ?3) holds. */
export function unblockNamedStatement(
  db: Database,
  blockerId: number,
  username: string,
  held: Statement,
): D1PreparedStatement {
  return db.prepare({
    sql: `DELETE FROM blocks WHERE blocker_id = ?1 AND blocked_id = ${FOLLOWED} AND (${held.sql})`,
    binds: [blockerId, username, ...(held.binds ?? [])],
  });
}

/** The person a follow names (its notice's `FoundPerson`), by their username at ?1. */
export const FOLLOWED_PERSON = "p.username = ?1";

/**
 * The FOLLOWER notification's extra condition (see the `followed` event, which names the person
 * `p`): the follow row was made by this very batch (its created_at is the batch's `now`). The person's inbox keeps it only when
 * no unread FOLLOWER notice of the follower's is there already (docs/decisions/210): following,
 * unfollowing and following again tells them once while the first notice is unread.
 */
export const FOLLOW_IS_NEW =
  "(SELECT created_at FROM follows WHERE follower_id = ?3 AND followee_id = p.id) = ?6";
