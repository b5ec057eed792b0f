import { and, eq } from "drizzle-orm";
import type { ModLogAction, ModTargetType } from "#shared/schemas/community-moderation.ts";
import type { Database } from "#worker/db/database.ts";
import { reportGroups } from "#worker/db/schema/index.ts";
import { columnsOf, type Statement, statement } from "#worker/db/sql.ts";
import { ownerWithId } from "#worker/lib/owners.ts";

// The SQL of a community's moderation: who may act, the targets, the log, bans, flairs and the
// reports about its content. Every action's statements are written so the log row, the notice and
// any other record land only when the action itself changed something: each follows the statement
// before it with `WHERE changes() > 0` (one D1 batch runs its statements in order on one connection).

export interface Authority {
  id: number;
  name: string;
  owner_id: number | null;
  role: "OWNER" | "MODERATOR" | "MEMBER" | null;
  staff: number;
}

/** The community by name, with the caller's role there and whether they are staff. */
export function authorityOf(db: Database, name: string, userId: number): Promise<Authority | null> {
  return db.first<Authority>(authorityStatement(name, userId));
}

/** `authorityOf`'s statement: `?1` the community's name, `?2` the caller. */
function authorityStatement(name: string, userId: number): Statement {
  return {
    sql: `SELECT c.id, c.name, c.owner_id,
            (SELECT role FROM community_members WHERE community_id = c.id AND user_id = ?2) AS role,
            (SELECT is_staff FROM users WHERE id = ?2) AS staff
          FROM communities c WHERE lower(c.name) = lower(?1)`,
    binds: [name, userId],
  };
}

/** The community named `?1`, as SQL for a statement of the same batch as the community's row. */
const COMMUNITY_ID = "(SELECT id FROM communities WHERE lower(name) = lower(?1))";
const COMMUNITY_BY_NAME = "SELECT id, name FROM communities WHERE lower(name) = lower(?1)";
type CommunityRef = { id: number; name: string };

/** The community by name and the rows of `page` (its `?1` the same name), in one round trip. */
async function communityWith<T>(
  db: Database,
  name: string,
  page: Statement,
): Promise<{ community: CommunityRef | null; rows: T[] }> {
  const [[community], rows] = await db.batch<[CommunityRef, T]>([
    { sql: COMMUNITY_BY_NAME, binds: [name] },
    page,
  ]);
  return { community: community ?? null, rows };
}

/** The community's owner and moderators, with the community (null: none of that name). */
export function communityModerators(db: Database, name: string) {
  return communityWith<Record<string, unknown>>(db, name, moderatorsStatement(name));
}

/** The community's flairs, with the community (null: none of that name). */
export function communityFlairs(db: Database, name: string) {
  return communityWith<FlairRow>(db, name, {
    sql: `SELECT id, community_id, name, colour FROM community_flairs WHERE community_id = ${COMMUNITY_ID} ORDER BY id`,
    binds: [name],
    isList: true,
  });
}

export function personByName(db: Database, username: string, communityId: number) {
  return db.first<{ id: number; username: string; role: string | null }>({
    sql: `SELECT u.id, u.username,
            (SELECT role FROM community_members WHERE community_id = ?2 AND user_id = u.id) AS role
          FROM users u WHERE u.username = ?1 AND u.deleted_at IS NULL`,
    binds: [username, communityId],
  });
}

export interface PostTarget {
  id: number;
  owner_id: number;
  community_id: number;
  is_draft: number;
  removed_at: number | null;
  is_pinned: number;
  locked_at: number | null;
}

export function postInCommunity(db: Database, publicId: string, communityId: number) {
  return db.first<PostTarget>({
    sql: `SELECT id, owner_id, community_id, is_draft, removed_at, is_pinned, locked_at FROM microposts
          WHERE public_id = ?1 AND community_id = ?2`,
    binds: [publicId, communityId],
  });
}

export function commentInCommunity(db: Database, publicId: string, communityId: number) {
  return db.first<{
    id: number;
    micropost_id: number;
    owner_id: number;
    is_deleted: number;
    removed_at: number | null;
  }>({
    sql: `SELECT k.id, k.micropost_id, k.owner_id, k.is_deleted, k.removed_at FROM comments k
            JOIN microposts m ON m.id = k.micropost_id
            WHERE k.public_id = ?1 AND m.community_id = ?2`,
    binds: [publicId, communityId],
  });
}

/** Whether the newest live decision about this content was staff's (a moderator may not undo it). */
export function staffDecided(db: Database, targetType: "MICROPOST" | "COMMENT", targetId: number) {
  return db.first<{ community_id: number | null }>({
    sql: `SELECT community_id FROM moderations WHERE target_type = ?1 AND target_id = ?2
            AND action = 'REMOVE_CONTENT' AND reversed_at IS NULL ORDER BY id DESC LIMIT 1`,
    binds: [targetType, targetId],
  });
}

export function pinnedCount(db: Database, communityId: number) {
  return db.first<{ n: number }>({
    sql: "SELECT count(*) AS n FROM microposts WHERE community_id = ?1 AND is_pinned = 1 AND is_draft = 0",
    binds: [communityId],
  });
}

export interface LogInput {
  communityId: number;
  moderatorId: number;
  moderator: string;
  action: ModLogAction;
  targetType: ModTargetType;
  target: string;
  reason: string;
  now: number;
}

/** The log row, written only when the statement before it changed something (unless `always`). */
export function logStatement(db: Database, log: LogInput, always = false): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT INTO community_mod_log (community_id, moderator_id, moderator_username, action, target_type,
            target, reason, created_at)
          SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 ${always ? "" : "WHERE changes() > 0"}`,
    binds: [
      log.communityId,
      log.moderatorId,
      log.moderator,
      log.action,
      log.targetType,
      log.target,
      log.reason,
      log.now,
    ],
  });
}

/**
 * After the log row: the decision about the author (kept for their appeal to staff; its id comes
 * back, for their MODERATION notice naming the community, which their inbox keeps once the batch
 * committed: docs/decisions/231); then the staff queue's open reports about the content are
 * resolved by it.
 */
export function removalRecordStatements(
  db: Database,
  input: {
    userId: number;
    communityId: number;
    targetType: "MICROPOST" | "COMMENT";
    targetId: number;
    reason: string;
    moderator: string;
    now: number;
  },
): D1PreparedStatement[] {
  return [
    db.prepare({
      sql: `INSERT INTO moderations (user_id, action, target_type, target_id, note, community_id,
              moderator_username, created_at)
            SELECT ?1, 'REMOVE_CONTENT', ?2, ?3, ?4, ?5, ?6, ?7 WHERE changes() > 0 RETURNING id`,
      binds: [
        input.userId,
        input.targetType,
        input.targetId,
        input.reason,
        input.communityId,
        input.moderator,
        input.now,
      ],
    }),
    db.prepare(
      statement(
        db.orm
          .update(reportGroups)
          .set({
            status: "RESOLVED",
            action: "REMOVE_CONTENT",
            note: input.reason,
            resolvedByUsername: input.moderator,
            resolvedAt: input.now,
            updatedAt: input.now,
          })
          .where(
            and(
              eq(reportGroups.targetKey, `${input.targetType}:${input.targetId}`),
              eq(reportGroups.status, "OPEN"),
            ),
          ),
      ),
    ),
  ];
}

/** A moderator's restore reverses their community's live decision about the content. */
export function reverseCommunityDecision(
  db: Database,
  input: { targetType: "MICROPOST" | "COMMENT"; targetId: number; communityId: number; now: number },
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE moderations SET reversed_at = ?4 WHERE target_type = ?1 AND target_id = ?2
            AND community_id = ?3 AND reversed_at IS NULL`,
    binds: [input.targetType, input.targetId, input.communityId, input.now],
  });
}

/** The community named `name` and a page of its moderation log with the log's length, in one round trip. */
export async function communityModLog(db: Database, name: string, skip: number, limit: number) {
  type Entry = {
    id: number;
    action: ModLogAction;
    moderator_username: string;
    target_type: ModTargetType;
    target: string;
    reason: string;
    created_at: number;
  };
  const [[community], rows, total] = await db.batch<[CommunityRef, Entry, { n: number }]>([
    { sql: COMMUNITY_BY_NAME, binds: [name] },
    {
      sql: `SELECT id, action, moderator_username, target_type, target, reason, created_at FROM community_mod_log
            WHERE community_id = ${COMMUNITY_ID} ORDER BY id DESC LIMIT ?2 OFFSET ?3`,
      binds: [name, limit, skip],
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM community_mod_log WHERE community_id = ${COMMUNITY_ID}`,
      binds: [name],
    },
  ]);
  return { community: community ?? null, rows, total: total[0]?.n ?? 0 };
}

/** The owner and the moderators, the owner first. */
function moderatorsStatement(name: string): Statement {
  return {
    sql: `SELECT ${columnsOf(ownerWithId, "u")}, cm.role AS m_role, cm.created_at AS m_created_at
          FROM community_members cm JOIN users u ON u.id = cm.user_id
          WHERE cm.community_id = (SELECT id FROM communities WHERE lower(name) = lower(?1))
            AND cm.role IN ('OWNER', 'MODERATOR')
          ORDER BY cm.role = 'OWNER' DESC, cm.created_at, u.id`,
    binds: [name],
    isList: true,
  };
}

export function moderatorCount(db: Database, communityId: number) {
  return db.first<{ n: number }>({
    sql: "SELECT count(*) AS n FROM community_members WHERE community_id = ?1 AND role = 'MODERATOR'",
    binds: [communityId],
  });
}

/**
 * The community named `name` with the caller's authority there (`authorityOf`), and its bans in
 * force, in one round trip: the service shows the bans only to those who may moderate.
 */
export async function authorityWithBans(db: Database, name: string, userId: number, now: number) {
  const [[authority], bans] = await db.batch<[Authority, Record<string, unknown>]>([
    authorityStatement(name, userId),
    {
      sql: `SELECT ${columnsOf(ownerWithId, "u")}, b.reason AS b_reason, b.ends_at AS b_ends_at,
            b.created_at AS b_created_at
          FROM community_bans b JOIN users u ON u.id = b.user_id
          WHERE b.community_id = ${COMMUNITY_ID} AND (b.ends_at IS NULL OR b.ends_at > ?2)
          ORDER BY b.created_at DESC LIMIT 500`,
      binds: [name, now],
      isList: true,
    },
  ]);
  return { authority: authority ?? null, bans };
}

// Flairs

export interface FlairRow {
  id: number;
  community_id: number;
  name: string;
  colour: string;
}

export function flairsOf(db: Database, communityId: number) {
  return db.all<FlairRow>({
    sql: "SELECT id, community_id, name, colour FROM community_flairs WHERE community_id = ?1 ORDER BY id",
    binds: [communityId],
  });
}

export function flairById(db: Database, id: number) {
  return db.first<FlairRow & { community: string }>({
    sql: `SELECT f.id, f.community_id, f.name, f.colour, c.name AS community FROM community_flairs f
          JOIN communities c ON c.id = f.community_id WHERE f.id = ?1`,
    binds: [id],
  });
}

// Reports about the community's content

export interface ModReportRow {
  id: number;
  status: "OPEN" | "RESOLVED";
  target_type: "MICROPOST" | "COMMENT";
  total_reports: number;
  updated_at: number;
  public_id: string;
  excerpt: string;
  removed: number;
  author: string | null;
  post_public_id: string;
  slug: string;
}

/** Report groups about the community's posts and comments; the community is `COMMUNITY_ID` (`?1`). */
const OF_COMMUNITY = `(g.target_type = 'MICROPOST' AND g.target_id IN (SELECT id FROM microposts WHERE community_id = ${COMMUNITY_ID}))
  OR (g.target_type = 'COMMENT' AND g.target_id IN (SELECT k.id FROM comments k JOIN microposts pm ON pm.id = k.micropost_id
      WHERE pm.community_id = ${COMMUNITY_ID}))`;
/** The page's groups: `?1` the community's name, `?2` the status, `?3` the limit, `?4` the skip. */
const PAGE_ORDER = `WHERE g.status = ?2 AND (${OF_COMMUNITY}) ORDER BY g.updated_at DESC, g.id DESC LIMIT ?3 OFFSET ?4`;

export type ReportText = { group_id: number; report_cause: string; text: string; rule: string | null };

/**
 * The community named `q.name` with the caller's authority there (`authorityOf`), and a page of
 * the reports about its content with their total and the reporters' words, in one round trip: the
 * service shows them only to those who may moderate.
 */
export async function authorityWithReports(
  db: Database,
  q: { name: string; userId: number; status: string; skip: number; limit: number },
) {
  const binds = [q.name, q.status, q.limit, q.skip];
  const [[authority], rows, total, texts] = await db.batch<
    [Authority, ModReportRow, { n: number }, ReportText]
  >([
    authorityStatement(q.name, q.userId),
    {
      sql: `SELECT g.id, g.status, g.target_type, g.total_reports, g.updated_at,
              coalesce(m.public_id, k.public_id) AS public_id,
              coalesce(m.title, substr(k.body, 1, 160)) AS excerpt,
              (coalesce(m.removed_at, k.removed_at) IS NOT NULL) AS removed,
              u.username AS author,
              coalesce(m.public_id, km.public_id) AS post_public_id,
              coalesce(m.slug, km.slug) AS slug
            FROM report_groups g
            LEFT JOIN microposts m ON g.target_type = 'MICROPOST' AND m.id = g.target_id
            LEFT JOIN comments k ON g.target_type = 'COMMENT' AND k.id = g.target_id
            LEFT JOIN microposts km ON km.id = k.micropost_id
            LEFT JOIN users u ON u.id = coalesce(m.owner_id, k.owner_id)
            ${PAGE_ORDER}`,
      binds,
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM report_groups g WHERE g.status = ?2 AND (${OF_COMMUNITY})`,
      binds: [q.name, q.status],
    },
    {
      sql: `SELECT group_id, report_cause, text, rule FROM reports
          WHERE group_id IN (SELECT g.id FROM report_groups g ${PAGE_ORDER}) ORDER BY id DESC LIMIT 200`,
      binds,
    },
  ]);
  return { authority: authority ?? null, rows, total: total[0]?.n ?? 0, texts };
}

// The actions' own statements (each followed by its log row in the service's batch).

/** Appoint (`MODERATOR`, while fewer than `max`) or dismiss (`MEMBER`) a member. */
export function roleStatement(
  communityId: number,
  userId: number,
  role: "MODERATOR" | "MEMBER",
  max: number,
): Statement {
  return role === "MODERATOR"
    ? {
        sql: `UPDATE community_members SET role = 'MODERATOR' WHERE community_id = ?1 AND user_id = ?2 AND role = 'MEMBER'
                AND (SELECT count(*) FROM community_members WHERE community_id = ?1 AND role = 'MODERATOR') < ?3`,
        binds: [communityId, userId, max],
      }
    : {
        sql: `UPDATE community_members SET role = 'MEMBER' WHERE community_id = ?1 AND user_id = ?2 AND role = 'MODERATOR'`,
        binds: [communityId, userId],
      };
}

/** Pin (while fewer than `max` are pinned) or unpin a post. */
export function pinStatement(postId: number, communityId: number, pinned: boolean, max: number): Statement {
  return pinned
    ? {
        sql: `UPDATE microposts SET is_pinned = 1 WHERE id = ?1 AND is_pinned = 0 AND
                (SELECT count(*) FROM microposts WHERE community_id = ?2 AND is_pinned = 1 AND is_draft = 0) < ?3`,
        binds: [postId, communityId, max],
      }
    : { sql: "UPDATE microposts SET is_pinned = 0 WHERE id = ?1 AND is_pinned = 1", binds: [postId] };
}

export function lockStatement(postId: number, locked: boolean, now: number): Statement {
  return locked
    ? {
        sql: "UPDATE microposts SET locked_at = ?2 WHERE id = ?1 AND locked_at IS NULL",
        binds: [postId, now],
      }
    : {
        sql: "UPDATE microposts SET locked_at = NULL WHERE id = ?1 AND locked_at IS NOT NULL",
        binds: [postId],
      };
}

/** A ban, or a new end and reason for one in force. */
export function banStatement(ban: {
  communityId: number;
  userId: number;
  reason: string;
  endsAt: number | null;
  by: number;
  now: number;
}): Statement {
  return {
    sql: `INSERT INTO community_bans (community_id, user_id, reason, ends_at, banned_by_id, created_at)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6)
          ON CONFLICT (community_id, user_id) DO UPDATE SET reason = excluded.reason, ends_at = excluded.ends_at,
            banned_by_id = excluded.banned_by_id, created_at = excluded.created_at`,
    binds: [ban.communityId, ban.userId, ban.reason, ban.endsAt, ban.by, ban.now],
  };
}

/** Lifts a ban in force (one that ran out is not lifted again). */
export function unbanStatement(communityId: number, userId: number, now: number): Statement {
  return {
    sql: "DELETE FROM community_bans WHERE community_id = ?1 AND user_id = ?2 AND (ends_at IS NULL OR ends_at > ?3)",
    binds: [communityId, userId, now],
  };
}

/** A new flair, while the community has fewer than `max`; answers it. */
export function flairInsertStatement(
  communityId: number,
  name: string,
  colour: string,
  max: number,
): Statement {
  return {
    sql: `INSERT INTO community_flairs (community_id, name, colour, created_at)
          SELECT ?1, ?2, ?3, ?4 WHERE (SELECT count(*) FROM community_flairs WHERE community_id = ?1) < ?5
          RETURNING id, name, colour`,
    binds: [communityId, name, colour, Date.now(), max],
  };
}

export function flairUpdateStatement(id: number, name: string, colour: string): Statement {
  return {
    sql: "UPDATE community_flairs SET name = ?2, colour = ?3 WHERE id = ?1",
    binds: [id, name, colour],
  };
}

/** Its posts carry no flair any more, then it goes (the reference has no ON DELETE action). */
export function flairDeleteStatements(id: number): Statement[] {
  return [
    { sql: "UPDATE microposts SET flair_id = NULL WHERE flair_id = ?1", binds: [id] },
    { sql: "DELETE FROM community_flairs WHERE id = ?1", binds: [id] },
  ];
}

/** The decision `removalRecordStatements` recorded, from its first statement's result (null: none). */
export function removalRecorded(result: D1Result | undefined): number | null {
  const id = (result?.results?.[0] as { id?: unknown } | undefined)?.id;
  return typeof id === "number" ? id : null;
}
