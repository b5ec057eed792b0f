import { and, count, desc, eq, isNull } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import type { FeedOption, FollowTab } from "#shared/enums.ts";
import {
  type DatedPerson,
  type FollowAnswer,
  type JobProfile,
  PEOPLE_MSG,
  type ProfilePostSort,
} from "#shared/schemas/people.ts";
import type { PersonItem, PostItem } from "#shared/schemas/search.ts";
import type { User } from "#shared/schemas/user.ts";
import type { Db } from "#worker/db/client.ts";
import { blocks, follows, microposts, users } from "#worker/db/schema/index.ts";
import { fail } from "#worker/lib/errors.ts";
import { NO_RELATION, ownerColumns, type Relation, toOwner, toUser } from "../accounts/user-json";
import { notify } from "../notifications/service";
import { loadPersonItems, loadPostItems } from "../search/items";

type UserRow = typeof users.$inferSelect;

/** An ACTIVE, not deleted person by username, or a 404. */
export async function findPerson(db: Db, username: string): Promise<UserRow> {
  const row = await db
    .select()
    .from(users)
    .where(and(eq(users.username, username), eq(users.status, "ACTIVE"), isNull(users.deletedAt)))
    .get();
  if (!row) fail(404, PEOPLE_MSG.userNotFound);
  return row;
}

/** How the viewer stands to a person: one round trip for the three questions. */
export async function relationOf(db: Db, viewerId: number | null, personId: number): Promise<Relation> {
  if (viewerId === null) return NO_RELATION;
  if (viewerId === personId) return { ...NO_RELATION, isOwner: true };
  const [following, blocked, blocking] = await db.batch([
    db
      .select({ x: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, personId))),
    db
      .select({ x: blocks.blockerId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, personId))),
    db
      .select({ x: blocks.blockerId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, personId), eq(blocks.blockedId, viewerId))),
  ]);
  return {
    isFollowing: following.length > 0,
    isBlocked: blocked.length > 0,
    isBlocking: blocking.length > 0,
    isOwner: false,
  };
}

/**
 * Refuses (403) when either person blocked the other: a blocked person cannot follow, message,
 * mention or otherwise reach the one who blocked them. Other features call this before they let
 * one person act towards another.
 */
export async function assertCanReach(db: Db, actorId: number, targetId: number): Promise<void> {
  const relation = await relationOf(db, actorId, targetId);
  if (relation.isBlocking) fail(403, PEOPLE_MSG.blockedByThem);
  if (relation.isBlocked) fail(403, PEOPLE_MSG.blockedByYou);
}

/** `GET /api/v1/user`: the profile with the caller's relation to it. */
export async function getProfile(db: Db, username: string, viewerId: number | null): Promise<User> {
  const row = await findPerson(db, username);
  return toUser(row, await relationOf(db, viewerId, row.id));
}

async function followCounts(db: Db, personId: number) {
  const row = await db
    .select({ followers: users.totalFollowers, following: users.totalFollowing })
    .from(users)
    .where(eq(users.id, personId))
    .get();
  return { total_followers: row?.followers ?? 0, total_following: row?.following ?? 0 };
}

// The counters move in the same batch (one D1 transaction) as the follow row, and only when the
// row really appears or goes: each UPDATE checks the row first, so following twice counts once.
const FOLLOW_EXISTS = "EXISTS (SELECT 1 FROM follows WHERE follower_id = ?1 AND followee_id = ?2)";

function followStatements(d1: D1Database, followerId: number, followeeId: number, now: number) {
  return [
    d1
      .prepare(
        `UPDATE users SET total_following = total_following + 1 WHERE id = ?1 AND NOT ${FOLLOW_EXISTS}`,
      )
      .bind(followerId, followeeId),
    d1
      .prepare(
        `UPDATE users SET total_followers = total_followers + 1 WHERE id = ?2 AND NOT ${FOLLOW_EXISTS}`,
      )
      .bind(followerId, followeeId),
    d1
      .prepare(
        "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING RETURNING created_at",
      )
      .bind(followerId, followeeId, now),
  ];
}

function unfollowStatements(d1: D1Database, followerId: number, followeeId: number) {
  return [
    d1
      .prepare(`UPDATE users SET total_following = total_following - 1 WHERE id = ?1 AND ${FOLLOW_EXISTS}`)
      .bind(followerId, followeeId),
    d1
      .prepare(`UPDATE users SET total_followers = total_followers - 1 WHERE id = ?2 AND ${FOLLOW_EXISTS}`)
      .bind(followerId, followeeId),
    d1
      .prepare("DELETE FROM follows WHERE follower_id = ?1 AND followee_id = ?2")
      .bind(followerId, followeeId),
  ];
}

/** `POST .../follow`: idempotent; the followed person hears of it once. */
export async function follow(
  db: Db,
  follower: { id: number; username: string },
  username: string,
): Promise<FollowAnswer> {
  const target = await findPerson(db, username);
  if (target.id === follower.id) fail(400, PEOPLE_MSG.followSelf);
  await assertCanReach(db, follower.id, target.id);
  const results = await db.$client.batch(followStatements(db.$client, follower.id, target.id, Date.now()));
  const isNew = (results[2]?.results.length ?? 0) > 0;
  if (isNew) await notifyNewFollower(db, follower, target.id);
  return { is_following: true, ...(await followCounts(db, target.id)) };
}

/** Following, unfollowing and following again tells them once while the first notice is unread. */
async function notifyNewFollower(db: Db, follower: { id: number; username: string }, targetId: number) {
  const unread = await db.$client
    .prepare(
      "SELECT 1 FROM notifications WHERE user_id = ?1 AND is_read = 0 AND kind = 'FOLLOWER' AND actor_id = ?2 LIMIT 1",
    )
    .bind(targetId, follower.id)
    .first();
  if (unread) return;
  await notify(db, {
    userId: targetId,
    kind: "FOLLOWER",
    actorId: follower.id,
    link: `/user/${follower.username}`,
    text: null,
  });
}

/** `DELETE .../follow`: idempotent too. */
export async function unfollow(db: Db, followerId: number, username: string): Promise<FollowAnswer> {
  const target = await findPerson(db, username);
  if (target.id === followerId) fail(400, PEOPLE_MSG.followSelf);
  await db.$client.batch(unfollowStatements(db.$client, followerId, target.id));
  return { is_following: false, ...(await followCounts(db, target.id)) };
}

/** `POST .../block`: also ends any follow between the two, in the same transaction. */
export async function block(db: Db, blockerId: number, username: string): Promise<{ is_blocked: true }> {
  const target = await findPerson(db, username);
  if (target.id === blockerId) fail(400, PEOPLE_MSG.blockSelf);
  const d1 = db.$client;
  await d1.batch([
    ...unfollowStatements(d1, blockerId, target.id),
    ...unfollowStatements(d1, target.id, blockerId),
    d1
      .prepare(
        "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
      )
      .bind(blockerId, target.id, Date.now()),
  ]);
  return { is_blocked: true };
}

/** `DELETE .../block`. The follows a block ended stay ended. */
export async function unblock(db: Db, blockerId: number, username: string): Promise<{ is_blocked: false }> {
  const target = await findPerson(db, username);
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, target.id)));
  return { is_blocked: false };
}

/**
 * `GET /api/v1/connections`: who follows a person, or whom they follow, newest first. The total is
 * the profile's own counter, so the list and the profile never disagree.
 */
export async function connections(
  db: Db,
  input: { username: string; type: FollowTab; skip: number; limit: number; viewerId: number | null },
): Promise<Page<PersonItem>> {
  const person = await findPerson(db, input.username);
  if (input.viewerId !== null) {
    const relation = await relationOf(db, input.viewerId, person.id);
    if (relation.isBlocking) fail(403, PEOPLE_MSG.blockedByThem);
  }
  const followers = input.type === "followers";
  const rows = await db
    .select({ id: followers ? follows.followerId : follows.followeeId })
    .from(follows)
    .where(followers ? eq(follows.followeeId, person.id) : eq(follows.followerId, person.id))
    .orderBy(desc(follows.createdAt))
    .limit(input.limit)
    .offset(input.skip);
  const list = await loadPersonItems(
    db,
    rows.map((r) => r.id),
    input.viewerId,
  );
  const total = followers ? person.totalFollowers : person.totalFollowing;
  return toPage(list, total, input.limit);
}

/** The people the caller blocked (privacy tab), newest first. */
export async function blockedPeople(
  db: Db,
  userId: number,
  page: { skip: number; limit: number },
): Promise<Page<DatedPerson>> {
  const [rows, total] = await db.batch([
    db
      .select({ at: blocks.createdAt, ...ownerColumns })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId))
      .orderBy(desc(blocks.createdAt))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, userId)),
  ]);
  return toPage(
    rows.map((r) => ({ owner: toOwner(r), created_at: new Date(r.at).toISOString() })),
    total[0]?.n ?? 0,
    page.limit,
  );
}

/** The people who joined with the caller's referral link (referral tab), newest first. */
export async function referredPeople(
  db: Db,
  userId: number,
  page: { skip: number; limit: number },
): Promise<Page<DatedPerson>> {
  const mine = and(eq(users.referrerId, userId), eq(users.status, "ACTIVE"), isNull(users.deletedAt));
  const [rows, total] = await db.batch([
    db
      .select(ownerColumns)
      .from(users)
      .where(mine)
      .orderBy(desc(users.createdAt))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count() }).from(users).where(mine),
  ]);
  return toPage(
    rows.map((r) => ({ owner: toOwner(r), created_at: new Date(r.createdAt).toISOString() })),
    total[0]?.n ?? 0,
    page.limit,
  );
}

/** `PATCH .../setting/default-micropost-sort`. */
export async function setDefaultSort(db: Db, userId: number, sort: FeedOption) {
  await db.update(users).set({ defaultMicropostSort: sort }).where(eq(users.id, userId));
  return { default_micropost_sort: sort };
}

export async function getJobProfile(db: Db, userId: number): Promise<JobProfile> {
  const row = await db
    .select({ title: users.jobTitle, skills: users.jobSkills })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return toJobProfile(row?.title ?? null, row?.skills ?? null);
}

export async function setJobProfile(
  db: Db,
  userId: number,
  input: { job_title: string; job_skills: string[] },
): Promise<JobProfile> {
  const title = input.job_title || null;
  const skills = input.job_skills.length ? JSON.stringify(input.job_skills) : null;
  await db.update(users).set({ jobTitle: title, jobSkills: skills }).where(eq(users.id, userId));
  return toJobProfile(title, skills);
}

function toJobProfile(title: string | null, skills: string | null): JobProfile {
  let list: string[] = [];
  try {
    const parsed: unknown = skills ? JSON.parse(skills) : [];
    if (Array.isArray(parsed)) list = parsed.filter((s): s is string => typeof s === "string");
  } catch {
    list = [];
  }
  return { job_title: title, job_skills: list };
}

/**
 * `GET /api/v1/user/micropost/list`: a person's published posts, newest or most voted first. Read
 * through the owner index, so the cost follows the person's posts, not the whole table.
 */
export async function userPosts(
  db: Db,
  input: { username: string; sort: ProfilePostSort; skip: number; limit: number; viewerId: number | null },
): Promise<Page<PostItem>> {
  const person = await findPerson(db, input.username);
  if (input.viewerId !== null && input.viewerId !== person.id) {
    const relation = await relationOf(db, input.viewerId, person.id);
    if (relation.isBlocking) fail(403, PEOPLE_MSG.blockedByThem);
  }
  const mine = and(eq(microposts.ownerId, person.id), eq(microposts.isDraft, false));
  const order =
    input.sort === "TOP"
      ? [desc(microposts.totalVotes), desc(microposts.publishedAt), desc(microposts.id)]
      : [desc(microposts.publishedAt), desc(microposts.id)];
  const [rows, total] = await db.batch([
    db
      .select({ id: microposts.id })
      .from(microposts)
      .where(mine)
      .orderBy(...order)
      .limit(input.limit)
      .offset(input.skip),
    db.select({ n: count() }).from(microposts).where(mine),
  ]);
  const list = await loadPostItems(
    db,
    rows.map((r) => r.id),
    input.viewerId,
  );
  return toPage(list, total[0]?.n ?? 0, input.limit);
}
