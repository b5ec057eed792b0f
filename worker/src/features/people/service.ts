import { type Page, toPage } from "#shared/api.ts";
import type { FeedOption, FollowTab } from "#shared/enums.ts";
import { type DatedPerson, type FollowAnswer, type JobProfile, PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { PersonItem } from "#shared/schemas/search.ts";
import type { User } from "#shared/schemas/user.ts";
import type { users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { toOwner } from "#worker/lib/owners.ts";
import { hitRateLimit, rateCounter } from "#worker/lib/rate-limits.ts";
import { iso } from "#worker/lib/time.ts";
import { actionCounters } from "#worker/lib/trust.ts";
import { NO_RELATION, toUser } from "#worker/lib/user-json.ts";
import {
  activePerson,
  blockedPage,
  blockStatement,
  connectionPage,
  deleteBlock,
  FOLLOW_IS_NEW,
  followCountsStatement,
  followNamedStatements,
  jobProfileRow,
  personAndBlocksStatement,
  personWithRelation,
  referredPage,
  unfollowNamedStatements,
  unfollowStatements,
  updateUser,
} from "./queries";

type UserRow = typeof users.$inferSelect;

/** Follow, block and profile edits: generous for people, a wall for scripts. */
export const ACTIONS_PER_MINUTE = { max: 60, windowMs: 60_000 };
/** The per-minute limit's key: one count for every action of a person here. */
export const actionsKey = (userId: number) => `people:${userId}`;

/** An ACTIVE, not deleted person by username, or a 404. */
async function findPerson({ db }: Deps, username: string): Promise<UserRow> {
  const row = await activePerson(db, username);
  if (!row) fail(404, PEOPLE_MSG.userNotFound);
  return row;
}

/** `GET /api/v1/user`: the profile with the caller's relation to it. */
export async function getProfile(deps: Deps, username: string, viewerId: number | null): Promise<User> {
  // The person and how the viewer stands to them in one round trip (the token check's too).
  const { row, relation } = await personWithRelation(deps.db, username, viewerId);
  if (!row) fail(404, PEOPLE_MSG.userNotFound);
  if (viewerId === row.id) return toUser(row, { ...NO_RELATION, isOwner: true });
  return toUser(
    row,
    relation
      ? {
          isFollowing: relation.following === 1,
          isBlocked: relation.blocked === 1,
          isBlocking: relation.blocking === 1,
          isOwner: false,
        }
      : NO_RELATION,
  );
}

/**
 * Why the person a follow names (as `personAndBlocksStatement` read them) cannot be followed by
 * `actorId`: a 404, 400 or 403; nothing when they can.
 */
function refuseUnreachable(
  person: { id: number; blockers: string | null } | undefined,
  actorId: number,
): void {
  if (!person) fail(404, PEOPLE_MSG.userNotFound);
  const targetId = Number(person.id);
  if (targetId === actorId) fail(400, PEOPLE_MSG.followSelf);
  const by = new Set((person.blockers ?? "").split(",").filter(Boolean).map(Number));
  if (by.has(targetId)) fail(403, PEOPLE_MSG.blockedByThem);
  if (by.has(actorId)) fail(403, PEOPLE_MSG.blockedByYou);
}

/**
 * `POST .../follow`: idempotent; the followed person hears of it once. One round trip after the
 * caller's checks (the token check rides in it): the limits' counters, the person and the blocks,
 * the follow and its counters (written only when the limits let it through and the person can be
 * followed, as SQL finds them), the notice's check and the counts answered. The limits are judged
 * first, then the person, as if each were a round trip of its own.
 */
export async function follow(
  deps: Deps,
  follower: Pick<AuthUser, "id" | "trust">,
  username: string,
): Promise<FollowAnswer> {
  const { db } = deps;
  const rate = { key: actionsKey(follower.id), rule: ACTIONS_PER_MINUTE };
  const limits = await actionCounters(deps, follower, rate, "follow");
  const now = Date.now();
  const told = deps.events.followed({
    followerId: follower.id,
    username,
    link: (who) => `/user/${who.username}`,
    now,
    onlyIf: { sql: FOLLOW_IS_NEW },
  });
  const written = followNamedStatements(db, follower.id, username, now, limits.held(4));
  const results = await db.write([
    ...limits.statements,
    db.prepare(personAndBlocksStatement(username, follower.id)),
    ...written,
    ...told.statements,
    followCountsStatement(db, follower.id, username),
  ]);
  const counted = limits.statements.length;
  await limits.judge(results.slice(0, counted));
  refuseUnreachable(
    results[counted]?.results[0] as { id: number; blockers: string | null } | undefined,
    follower.id,
  );
  const notices = counted + 1 + written.length;
  await told.after(results.slice(notices, notices + told.statements.length));
  return answerOf(results.at(-1));
}

/** A follow's or an unfollow's answer, from the counts its batch read last (`followCountsStatement`). */
function answerOf(result: D1Result | undefined): FollowAnswer {
  const counts = result?.results[0] as
    | { total_followers: number; total_following: number; is_following: number }
    | undefined;
  return {
    is_following: Boolean(counts?.is_following),
    total_followers: counts?.total_followers ?? 0,
    total_following: counts?.total_following ?? 0,
  };
}

/**
 * `DELETE .../follow`: idempotent too. One round trip, as a follow's (the token check rides in it):
 * the per-minute counter, the person, the unfollow (written only when the limit let it through) and
 * the counts answered; the limit is judged first, then the person.
 */
export async function unfollow(deps: Deps, followerId: number, username: string): Promise<FollowAnswer> {
  const { db } = deps;
  const limit = rateCounter(db, actionsKey(followerId), ACTIONS_PER_MINUTE);
  const written = unfollowNamedStatements(db, followerId, username, limit.held(3));
  const results = await db.write([
    ...limit.statements,
    db.prepare(personAndBlocksStatement(username, followerId)),
    ...written,
    followCountsStatement(db, followerId, username),
  ]);
  const counted = limit.statements.length;
  await limit.judge(results.slice(0, counted));
  const person = results[counted]?.results[0] as { id: number } | undefined;
  if (!person) fail(404, PEOPLE_MSG.userNotFound);
  if (Number(person.id) === followerId) fail(400, PEOPLE_MSG.followSelf);
  return answerOf(results.at(-1));
}

/** `POST .../block`: also ends any follow between the two, in the same transaction. */
export async function block(deps: Deps, blockerId: number, username: string): Promise<{ is_blocked: true }> {
  const { db } = deps;
  await hitRateLimit(db, actionsKey(blockerId), ACTIONS_PER_MINUTE);
  const target = await findPerson(deps, username);
  if (target.id === blockerId) fail(400, PEOPLE_MSG.blockSelf);
  await db.write([
    ...unfollowStatements(db, blockerId, target.id),
    ...unfollowStatements(db, target.id, blockerId),
    blockStatement(db, blockerId, target.id, Date.now()),
  ]);
  // Neither one's open tabs show the other online any more (after the answer).
  await deps.live.partnersParted(blockerId, target.id);
  return { is_blocked: true };
}

/** `DELETE .../block`. The follows a block ended stay ended. */
export async function unblock(
  deps: Deps,
  blockerId: number,
  username: string,
): Promise<{ is_blocked: false }> {
  await hitRateLimit(deps.db, actionsKey(blockerId), ACTIONS_PER_MINUTE);
  const target = await findPerson(deps, username);
  await deleteBlock(deps.db, blockerId, target.id);
  return { is_blocked: false };
}

/**
 * `GET /api/v1/connections`: who follows a person, or whom they follow, newest first. The total is
 * the profile's own counter, so the list and the profile never disagree.
 */
export async function connections(
  deps: Deps,
  input: { username: string; type: FollowTab; skip: number; limit: number; viewerId: number | null },
): Promise<Page<PersonItem>> {
  const { person, rows } = await connectionPage(deps.db, {
    username: input.username,
    followers: input.type === "followers",
    viewerId: input.viewerId ?? 0,
    skip: input.skip,
    limit: input.limit,
  });
  if (!person) fail(404, PEOPLE_MSG.userNotFound);
  if (input.viewerId !== null && input.viewerId !== person.id && person.blocksViewer)
    fail(403, PEOPLE_MSG.blockedByThem);
  const list = rows.map((r) => ({ owner: toOwner(r.owner), is_following: r.isFollowing }));
  const total = input.type === "followers" ? person.totalFollowers : person.totalFollowing;
  return toPage(list, total, input.limit);
}

/** The people the caller blocked (privacy tab), newest first. */
export async function blockedPeople(
  { db }: Deps,
  userId: number,
  page: { skip: number; limit: number },
): Promise<Page<DatedPerson>> {
  const [rows, total] = await blockedPage(db, userId, page);
  return toPage(
    rows.map((r) => ({ owner: toOwner(r), created_at: iso(r.at) })),
    total[0]?.n ?? 0,
    page.limit,
  );
}

/** The people who joined with the caller's referral link (referral tab), newest first. */
export async function referredPeople(
  { db }: Deps,
  userId: number,
  page: { skip: number; limit: number },
): Promise<Page<DatedPerson>> {
  const [rows, total] = await referredPage(db, userId, page);
  return toPage(
    rows.map((r) => ({ owner: toOwner(r), created_at: iso(r.createdAt) })),
    total[0]?.n ?? 0,
    page.limit,
  );
}

/** `PATCH .../setting/default-micropost-sort`. */
export async function setDefaultSort({ db }: Deps, userId: number, sort: FeedOption) {
  await updateUser(db, userId, { defaultMicropostSort: sort });
  return { default_micropost_sort: sort };
}

export async function getJobProfile({ db }: Deps, userId: number): Promise<JobProfile> {
  const row = await jobProfileRow(db, userId);
  return toJobProfile(row?.title ?? null, row?.skills ?? null);
}

export async function setJobProfile(
  { db }: Deps,
  userId: number,
  input: { job_title: string; job_skills: string[] },
): Promise<JobProfile> {
  const title = input.job_title || null;
  const skills = input.job_skills.length ? JSON.stringify(input.job_skills) : null;
  await updateUser(db, userId, { jobTitle: title, jobSkills: skills });
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
