import { type Page, toPage } from "#shared/api.ts";
import type { FeedOption, FollowTab } from "#shared/enums.ts";
import { type DatedPerson, type FollowAnswer, type JobProfile, PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { PersonItem } from "#shared/schemas/search.ts";
import type { User } from "#shared/schemas/user.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { toOwner } from "#worker/lib/owners.ts";
import { type Counters, rateCounter } from "#worker/lib/rate-limits.ts";
import { iso } from "#worker/lib/time.ts";
import { actionCounters } from "#worker/lib/trust.ts";
import { NO_RELATION, toUser } from "#worker/lib/user-json.ts";
import {
  blockedPage,
  blockNamedStatements,
  connectionPage,
  FOLLOW_IS_NEW,
  FOLLOWED_PERSON,
  type FollowCountsRow,
  followNamedStatements,
  jobProfileRow,
  personAndBlocksStatement,
  personWithRelation,
  referredPage,
  unblockNamedStatement,
  unfollowNamedStatements,
  updateUser,
} from "./queries";

/** Follow, block and profile edits: generous for people, a wall for scripts. */
export const ACTIONS_PER_MINUTE = { max: 60, windowMs: 60_000 };
/** The per-minute limit's key: one count for every action of a person here. */
export const actionsKey = (userId: number) => `people:${userId}`;

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

/** The person a write names, as its batch read them: their id, and who blocked whom between the two. */
interface NamedPerson {
  id: number;
  /** The ids of whoever blocked the other: the person, the actor, both or neither. */
  blockers: Set<number>;
}

/**
 * A write on the person named by username in one round trip (the token check rides in it):
 * `limit`'s counters, the person with the blocks between them and the actor, then `statements`
 * (guarded in SQL by `limit.held` and by the person, so what the answer refuses was not written).
 * With `counts` (a follow's, an unfollow's: its writes change no block) the person is read last,
 * with their counters as the writes left them, one statement for both (`answer`). The limit is
 * judged first, then the person must exist (404), as if each were a round trip of its own.
 * Answers the person and the results of `statements`.
 */
async function namedWrite(
  { db }: Deps,
  limit: Counters,
  username: string,
  actorId: number,
  statements: D1PreparedStatement[],
  counts = false,
): Promise<{ person: NamedPerson; results: D1Result[]; answer: FollowAnswer }> {
  const person = db.prepare(personAndBlocksStatement(username, actorId, counts));
  const results = await db.write(
    counts ? [...limit.statements, ...statements, person] : [...limit.statements, person, ...statements],
  );
  const counted = limit.statements.length;
  await limit.judge(results.slice(0, counted));
  const row = (counts ? results.at(-1) : results[counted])?.results[0] as
    | ({ id: number; blockers: string | null } & Partial<FollowCountsRow>)
    | undefined;
  if (!row) fail(404, PEOPLE_MSG.userNotFound);
  const blockers = new Set((row.blockers ?? "").split(",").filter(Boolean).map(Number));
  return {
    person: { id: Number(row.id), blockers },
    results: counts ? results.slice(counted, -1) : results.slice(counted + 1),
    answer: {
      is_following: Boolean(row.is_following),
      total_followers: row.total_followers ?? 0,
      total_following: row.total_following ?? 0,
    },
  };
}

/**
 * `POST .../follow`: idempotent; the followed person hears of it once. One round trip: the limits'
 * counters (the per-minute one and the day's allowance), the follow and its counters (written only
 * when the limits let it through and the person can be followed, as SQL finds them), the notice's
 * check, then the person with the blocks and the counts answered, one statement (docs/decisions/239).
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
    person: { sql: FOLLOWED_PERSON, bind: username },
    link: (who) => `/user/${who.username}`,
    now,
    onlyIf: { sql: FOLLOW_IS_NEW },
  });
  const written = followNamedStatements(db, follower.id, username, now, limits.held(4));
  const { person, results, answer } = await namedWrite(
    deps,
    limits,
    username,
    follower.id,
    [...written, ...told.statements],
    true,
  );
  if (person.id === follower.id) fail(400, PEOPLE_MSG.followSelf);
  if (person.blockers.has(person.id)) fail(403, PEOPLE_MSG.blockedByThem);
  if (person.blockers.has(follower.id)) fail(403, PEOPLE_MSG.blockedByYou);
  await told.after(results.slice(written.length, written.length + told.statements.length));
  return answer;
}

/** `DELETE .../follow`: idempotent too. One round trip, as a follow's, with the per-minute limit. */
export async function unfollow(deps: Deps, followerId: number, username: string): Promise<FollowAnswer> {
  const { db } = deps;
  const limit = rateCounter(db, actionsKey(followerId), ACTIONS_PER_MINUTE);
  const { person, answer } = await namedWrite(
    deps,
    limit,
    username,
    followerId,
    unfollowNamedStatements(db, followerId, username, limit.held(3)),
    true,
  );
  if (person.id === followerId) fail(400, PEOPLE_MSG.followSelf);
  return answer;
}

/**
 * `POST .../block`: also ends any follow between the two, in the same transaction. One round trip:
 * the per-minute counter, the person, and the block with the follows it ends (written only when the
 * limit let it through and the person is someone else).
 */
export async function block(deps: Deps, blockerId: number, username: string): Promise<{ is_blocked: true }> {
  const { db } = deps;
  const limit = rateCounter(db, actionsKey(blockerId), ACTIONS_PER_MINUTE);
  const { person } = await namedWrite(
    deps,
    limit,
    username,
    blockerId,
    blockNamedStatements(db, blockerId, username, Date.now(), limit.held(4)),
  );
  if (person.id === blockerId) fail(400, PEOPLE_MSG.blockSelf);
  // Neither one's open tabs show the other online any more (after the answer).
  await deps.live.partnersParted(blockerId, person.id);
  return { is_blocked: true };
}

/** `DELETE .../block`. The follows a block ended stay ended. One round trip, as a block's. */
export async function unblock(
  deps: Deps,
  blockerId: number,
  username: string,
): Promise<{ is_blocked: false }> {
  const limit = rateCounter(deps.db, actionsKey(blockerId), ACTIONS_PER_MINUTE);
  await namedWrite(deps, limit, username, blockerId, [
    unblockNamedStatement(deps.db, blockerId, username, limit.held(3)),
  ]);
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
