import type { Database } from "#worker/db/database.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { RetryLater } from "#worker/lib/errors.ts";
import { type CountRow, countStatement, windowRow } from "#worker/lib/rate-limit-queries.ts";
import {
  allOf,
  type Condition,
  type Counters,
  NO_COUNTERS,
  type RateRule,
  rateCounter,
} from "#worker/lib/rate-limits.ts";
import { DAY, HOUR } from "#worker/lib/time.ts";
import {
  levelBelow,
  NEW_DAYS,
  RECENT_UPHELD_DAYS,
  REGULAR_DAYS,
  trustFacts,
  trustLevelStatement,
  upheldSinceCount,
  withinLevelAllowance,
} from "#worker/lib/trust-queries.ts";

// Trust levels: 0 new, 1 member, 2 regular. A person is new for their first 3 days, while they have
// fewer than 3 posts and comments, or after an upheld moderation in the last 30 days; regular after
// 30 days and 50 contributions with no upheld moderation in 90 days; a member otherwise. The level
// is stored on the person (kept current when contributions or decisions change, and lazily when an
// age threshold passes), never worked out per request; each write path's daily allowance follows it.
// The thresholds and the statement that applies them: trust-queries.ts.

/** The person acting: their id, and their level when the auth middleware read it. */
type TrustUser = Pick<AuthUser, "id" | "trust">;

/**
 * After a contribution (a post, a comment): a new person may have just become a member. For the end
 * of the batch that writes the contribution (after its counts), or none for a regular.
 */
export function trustAfterContribution(
  db: Database,
  user: TrustUser,
  now = Date.now(),
): D1PreparedStatement[] {
  if (user.trust && user.trust.level >= 2) return [];
  return [trustLevelStatement(db, user.id, now)];
}

/** The write paths whose allowance depends on the level. */
export type TrustAction =
  | "post"
  | "comment"
  | "conversation"
  | "community"
  | "upload"
  | "report"
  | "job"
  | "service"
  | "follow"
  | "edit"
  | "reaction";

/**
 * Per window (a day unless TRUST_WINDOWS says otherwise), by level (0, 1, and 2 where regulars have
 * an allowance too); a level past the list has only each path's own limit.
 */
const TRUST_LIMITS: Record<TrustAction, readonly number[]> = {
  post: [5, 20],
  comment: [30, 100],
  conversation: [3, 20],
  community: [2, 5],
  upload: [20, 60],
  report: [5, 20],
  job: [2, 5],
  service: [2, 5],
  follow: [50, 200],
  /** Edits of published posts and comments (each stores a version): docs/decisions/136. */
  edit: [20, 60, 200],
  /** Reactions added (taking one back is free): docs/decisions/140. */
  reaction: [100, 500],
};

/** The allowances counted per hour rather than per day. */
const TRUST_WINDOWS: Partial<Record<TrustAction, number>> = { edit: HOUR };
const windowOf = (action: TrustAction) => TRUST_WINDOWS[action] ?? DAY;
/** Whether a person of that level has an allowance for the action (else only the path's own limit). */
const limited = (action: TrustAction, level: number) => level < TRUST_LIMITS[action].length;

const DOING: Record<TrustAction, (n: number) => string> = {
  post: (n) => `publish ${n} posts`,
  comment: (n) => `write ${n} comments`,
  conversation: (n) => `start ${n} conversations`,
  community: (n) => `create ${n} communities`,
  upload: (n) => `upload ${n} files`,
  report: (n) => `send ${n} reports`,
  job: (n) => `post ${n} jobs`,
  service: (n) => `offer ${n} services`,
  follow: (n) => `follow or block ${n} times`,
  edit: (n) => `edit posts and comments ${n} times`,
  reaction: (n) => `react ${n} times`,
};

type TrustReason = "AGE" | "CONTRIBUTIONS" | "REPORT" | "MEMBER" | "REGULAR";
const WHO: Record<TrustReason, string> = {
  AGE: "New accounts",
  CONTRIBUTIONS: "Accounts with fewer than 3 posts and comments",
  REPORT: "Accounts with a recent upheld report",
  MEMBER: "Members",
  REGULAR: "Regulars",
};

/** "18:40 UTC": when an hourly allowance comes back. */
function timeOfDay(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 16)} UTC`;
}

/** "Friday 28 November" (UTC); the sites show the date in the reader's language from `until`. */
function dayName(ms: number): string {
  return new Date(ms).toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
}

/** The person's level as last worked out: the auth middleware's, or read when it has none. */
async function knownTrust(
  { db }: Deps,
  user: TrustUser,
  now: number,
): Promise<NonNullable<TrustUser["trust"]>> {
  if (user.trust) return user.trust;
  // A token check still on its way (docs/decisions/156) brings the level with it.
  await db.settleRider();
  if (user.trust) return user.trust;
  const row = await trustFacts(db, user.id);
  return { level: row?.trustLevel ?? 0, at: row?.trustLevelAt ?? 0, joinedAt: row?.createdAt ?? now };
}

/** Whether an age threshold passed (or a day went by) since a level below 2 was worked out. */
function isStale(trust: NonNullable<TrustUser["trust"]>, now: number): boolean {
  const crossed = (threshold: number) => trust.at < threshold && threshold <= now;
  return (
    trust.level < 2 &&
    (crossed(trust.joinedAt + NEW_DAYS * DAY) ||
      crossed(trust.joinedAt + REGULAR_DAYS * DAY) ||
      now - trust.at >= DAY)
  );
}

/** The level `trustLevelStatement` returned (none when staff set it by hand: `kept`). */
function levelFrom(result: D1Result | undefined, kept: number): number {
  return (result?.results[0] as { trust_level: number } | undefined)?.trust_level ?? kept;
}

/** The person's level, recomputed first when an age threshold passed since it was last worked out. */
async function currentLevel(
  deps: Deps,
  user: TrustUser,
  now: number,
): Promise<{ level: number; joinedAt: number }> {
  const { db } = deps;
  const trust = await knownTrust(deps, user, now);
  if (!isStale(trust, now)) return { level: trust.level, joinedAt: trust.joinedAt };
  const [result] = await db.write([trustLevelStatement(db, user.id, now)]);
  const level = levelFrom(result, trust.level);
  user.trust = { level, at: now, joinedAt: trust.joinedAt };
  return { level, joinedAt: trust.joinedAt };
}

const trustKey = (action: TrustAction, userId: number) => `trust:${action}:${userId}`;
const allowance = (action: TrustAction, level: number) =>
  TRUST_LIMITS[action][Math.min(level, TRUST_LIMITS[action].length - 1)]!;

/**
 * Counts one `action` by the person against their level's allowance; past it, a 429 whose detail
 * says why and until when, with the same facts in `limit` for the sites to word.
 */
export async function hitTrustLimit(deps: Deps, user: TrustUser, action: TrustAction, now = Date.now()) {
  const { level, joinedAt } = await currentLevel(deps, user, now);
  if (!limited(action, level)) return;
  const { db } = deps;
  const [result] = await db.write([countStatement(db, trustKey(action, user.id), windowOf(action), now)]);
  await judgeTrust(deps, user.id, action, { level, joinedAt }, result, now);
}

/**
 * An action's own rate limit (none: `rate` null), then its daily allowance by level, as counters
 * for the batch of its first read (`readCounted`): the keys, windows and 429s of `hitRateLimit`
 * then `hitTrustLimit`. A level gone stale is worked out again in that batch; a hit the rate limit
 * refuses, or one by a regular, is not counted toward the day (the SQL checks both). With `onlyIf`,
 * neither counts unless it holds: an action that checked its target before its limits (a post's
 * community, a draft of one's own) still changes nothing when the target is missing.
 */
export async function actionCounters(
  deps: Deps,
  user: TrustUser,
  rate: { key: string; rule: RateRule } | null,
  action: TrustAction,
  { now = Date.now(), onlyIf }: { now?: number; onlyIf?: Condition } = {},
): Promise<Counters> {
  const { db } = deps;
  const limit = rate ? rateCounter(db, rate.key, rate.rule, now, onlyIf) : NO_COUNTERS;
  if (!user.trust && db.riderWaiting) return countersBeforeLevel(deps, user, limit, action, now, onlyIf);
  const trust = await knownTrust(deps, user, now);
  if (!limited(action, trust.level)) return limit;
  const stale = isStale(trust, now);
  const count = allowanceCount(db, user.id, limit, action, now, onlyIf);
  const relevel = stale ? [trustLevelStatement(db, user.id, now)] : [];
  return {
    statements: [...relevel, ...limit.statements, count],
    held: bothHeld(limit, user.id, action),
    async judge(results) {
      let level = trust.level;
      if (stale) {
        level = levelFrom(results[0], trust.level);
        user.trust = { level, at: now, joinedAt: trust.joinedAt };
      }
      await limit.judge(results.slice(relevel.length, relevel.length + limit.statements.length));
      if (!limited(action, level)) return;
      await judgeTrust(deps, user.id, action, { level, joinedAt: trust.joinedAt }, results.at(-1), now);
    },
  };
}

/**
 * `Counters.held` of `actionCounters`: the path's own limit let the hit through, and the day's
 * count is within the allowance of the level stored after the batch's re-levelling (the level
 * `judge` reads: the token check's or the re-levelling's, from the same transaction).
 */
function bothHeld(limit: Counters, userId: number, action: TrustAction): Condition {
  return (n) =>
    allOf(n, [
      limit.held,
      (m) => withinLevelAllowance(userId, trustKey(action, userId), TRUST_LIMITS[action], m),
    ]);
}

/**
 * The hit of the person's allowance for `action` that `actionCounters` and `countersBeforeLevel`
 * put last in their batch: it counts only when the action's own limit let it through, the stored
 * level (after any re-levelling earlier in the batch) has an allowance, and `onlyIf` holds.
 */
function allowanceCount(
  db: Database,
  userId: number,
  limit: Counters,
  action: TrustAction,
  now: number,
  onlyIf: Condition | undefined,
): D1PreparedStatement {
  const levels = TRUST_LIMITS[action].length;
  return countStatement(
    db,
    trustKey(action, userId),
    windowOf(action),
    now,
    allOf(4, [limit.held, (n) => levelBelow(userId, levels, n), ...(onlyIf ? [onlyIf] : [])]),
  );
}

/**
 * `actionCounters` for a batch that carries the token check (docs/decisions/156, 186): the level
 * is not known when the batch is built, so SQL decides what the level would have: the level is
 * worked out again only when it went stale (`onlyIfStale`), and the day's count moves only below
 * the levels with an allowance (`levelBelow`, after that re-levelling in the same transaction).
 * The token check's rows come back in the same batch, before `judge` reads the level.
 */
function countersBeforeLevel(
  deps: Deps,
  user: TrustUser,
  limit: Counters,
  action: TrustAction,
  now: number,
  onlyIf: Condition | undefined,
): Counters {
  const { db } = deps;
  const relevel = trustLevelStatement(db, user.id, now, { onlyIfStale: true });
  const count = allowanceCount(db, user.id, limit, action, now, onlyIf);
  return {
    statements: [relevel, ...limit.statements, count],
    held: bothHeld(limit, user.id, action),
    async judge(results) {
      const read = user.trust ?? { level: 0, at: now, joinedAt: now };
      const level = levelFrom(results[0], read.level);
      if (results[0]?.results.length) user.trust = { level, at: now, joinedAt: read.joinedAt };
      await limit.judge(results.slice(1, 1 + limit.statements.length));
      if (!limited(action, level)) return;
      await judgeTrust(deps, user.id, action, { level, joinedAt: read.joinedAt }, results.at(-1), now);
    },
  };
}

/** The 429 for a count past the level's allowance: why, and from when there is more. */
async function judgeTrust(
  { db }: Deps,
  userId: number,
  action: TrustAction,
  { level, joinedAt }: { level: number; joinedAt: number },
  result: D1Result | undefined,
  now: number,
): Promise<void> {
  const max = allowance(action, level);
  const row = result?.results[0] as CountRow | undefined;
  if (!row || row.count <= max) return;
  const window = windowOf(action);
  const reset = row.window_start + window;
  let reason: TrustReason = level >= 2 ? "REGULAR" : "MEMBER";
  let until = reset;
  if (level === 0) {
    const ageEnds = joinedAt + NEW_DAYS * DAY;
    if (ageEnds > now) {
      reason = "AGE";
      until = ageEnds;
    } else {
      const upheld = await upheldSinceCount(db, userId, now - RECENT_UPHELD_DAYS * DAY);
      reason = upheld ? "REPORT" : "CONTRIBUTIONS";
    }
  }
  // An hourly allowance comes back within the hour, whatever keeps the person new.
  if (window < DAY) until = reset;
  const per = window < DAY ? "an hour" : "a day";
  const from = window < DAY ? timeOfDay(until) : dayName(until);
  const detail = `${WHO[reason]} can ${DOING[action](max)} ${per}; more from ${from}.`;
  throw new RetryLater(Math.max(1, Math.ceil((reset - now) / 1000)), detail, {
    limit: {
      action,
      max,
      trust_level: level,
      reason,
      until: new Date(until).toISOString(),
      ...(window < DAY ? { per: "hour" } : {}),
      // When the count starts again (the person may act again), apart from when the allowance grows.
      retry_at: new Date(reset).toISOString(),
    },
  });
}

/**
 * What is left of the person's daily allowance for `action`: null for a level without one.
 * The count is the one `hitTrustLimit` keeps; a day that has passed counts as none used.
 */
export async function allowanceLeft<A extends TrustAction>(
  deps: Deps,
  user: TrustUser,
  action: A,
  now = Date.now(),
) {
  const { level } = await currentLevel(deps, user, now);
  if (!limited(action, level)) return null;
  const max = allowance(action, level);
  const window = windowOf(action);
  const current = await windowRow(deps.db, trustKey(action, user.id), now - window);
  const used = Math.min(max, current?.count ?? 0);
  return {
    action,
    max,
    used,
    left: max - used,
    trust_level: level,
    renews_at: current ? new Date(current.window_start + window).toISOString() : null,
  };
}
