import { sql } from "drizzle-orm";
import type { ReportCause, UserStatus } from "#shared/enums.ts";
import {
  REPORT_TEXTS_PER_GROUP,
  type ReportAction,
  type ReportStatus,
  type ReportTargetType,
} from "#shared/schemas/admin.ts";
import type { Database } from "#worker/db/database.ts";
import { comments, microposts } from "#worker/db/schema/index.ts";
import { idList, rowOf, selectOf, statement } from "#worker/db/sql.ts";

// The reports queue's SQL: the groups, what a page of them shows, and a resolution's statements.
// (A report filed in its group: features/reports/queries.ts.)

export interface GroupRow {
  id: number;
  target_type: ReportTargetType;
  target_key: string;
  target_id: number | null;
  target_link: string | null;
  reported_user_id: number | null;
  status: ReportStatus;
  total_reports: number;
  action: ReportAction | null;
  note: string | null;
  resolved_by_username: string | null;
  resolved_at: number | null;
  created_at: number;
  updated_at: number;
}

const GROUP_COLUMNS = `id, target_type, target_key, target_id, target_link, reported_user_id, status, total_reports,
  action, note, resolved_by_username, resolved_at, created_at, updated_at`;

/** A page of the groups of one status (OPEN ones by their newest report), and their count. */
export async function groupPage(
  db: Database,
  status: ReportStatus,
  page: { skip: number; limit: number },
): Promise<{ rows: GroupRow[]; total: number }> {
  const [rows, total] = await db.batch<[GroupRow, { n: number }]>([
    {
      sql: `SELECT ${GROUP_COLUMNS} FROM report_groups WHERE status = ?1
            ORDER BY updated_at DESC, id DESC LIMIT ?2 OFFSET ?3`,
      binds: [status, page.limit, page.skip],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM report_groups WHERE status = ?1", binds: [status] },
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export function groupById(db: Database, id: number): Promise<GroupRow | null> {
  return db.first<GroupRow>({ sql: `SELECT ${GROUP_COLUMNS} FROM report_groups WHERE id = ?1`, binds: [id] });
}

/**
 * What a page of groups shows beside them, in one round trip: each group's causes and newest
 * texts, and the posts, comments and people they point at.
 */
export async function groupDetails(db: Database, groups: GroupRow[]) {
  const ids = idList(groups.map((g) => g.id));
  const ofType = (type: ReportTargetType) =>
    idList(groups.filter((g) => g.target_type === type && g.target_id !== null).map((g) => g.target_id!));
  const people = idList(groups.filter((g) => g.reported_user_id !== null).map((g) => g.reported_user_id!));
  const [causes, texts, posts, comments, users] = await db.batch<
    [
      { group_id: number; report_cause: ReportCause; n: number },
      {
        group_id: number;
        report_cause: ReportCause;
        text: string;
        created_at: number;
        username: string | null;
      },
      { id: number; public_id: string; title: string; slug: string; community: string },
      {
        id: number;
        public_id: string;
        body: string;
        post_public_id: string;
        slug: string;
        community: string;
      },
      {
        id: number;
        username: string;
        email: string;
        profile_image: string | null;
        status: UserStatus;
        deleted_at: number | null;
      },
    ]
  >([
    {
      sql: `SELECT group_id, report_cause, count(*) AS n FROM reports WHERE group_id IN (${ids})
            GROUP BY group_id, report_cause ORDER BY n DESC, report_cause`,
    },
    {
      sql: `SELECT r.group_id, r.report_cause, r.text, r.created_at, u.username
            FROM (SELECT *, row_number() OVER (PARTITION BY group_id ORDER BY id DESC) AS n
                  FROM reports WHERE group_id IN (${ids})) r
            LEFT JOIN users u ON u.id = r.reporter_id
            WHERE r.n <= ${REPORT_TEXTS_PER_GROUP} ORDER BY r.group_id, r.id DESC`,
    },
    {
      sql: `SELECT m.id, m.public_id, m.title, m.slug, c.name AS community
            FROM microposts m JOIN communities c ON c.id = m.community_id WHERE m.id IN (${ofType("MICROPOST")})`,
    },
    {
      sql: `SELECT k.id, k.public_id, k.body, m.public_id AS post_public_id, m.slug, c.name AS community
            FROM comments k JOIN microposts m ON m.id = k.micropost_id JOIN communities c ON c.id = m.community_id
            WHERE k.id IN (${ofType("COMMENT")}) AND (k.is_deleted = 0 OR k.removed_at IS NOT NULL)`,
    },
    {
      sql: `SELECT id, username, email, profile_image, status, deleted_at FROM users WHERE id IN (${people})`,
    },
  ]);
  return { causes, texts, posts, comments, users };
}

/**
 * The condition that holds only in the batch whose resolution took effect (our own integers and an
 * enum value), for every statement of that batch.
 */
export function resolutionTookEffect(
  groupId: number,
  now: number,
  adminId: number,
  action: ReportAction,
): string {
  return `EXISTS (SELECT 1 FROM report_groups WHERE id = ${groupId} AND status = 'RESOLVED'
    AND resolved_at = ${now} AND resolved_by_id = ${adminId} AND action = '${action}')`;
}

/** An OPEN group resolved (the first statement changes nothing when it was not OPEN), and its reports. */
export function resolutionStatements(
  db: Database,
  r: {
    groupId: number;
    action: ReportAction;
    note: string;
    admin: { id: number; username: string };
    now: number;
    won: string;
  },
): D1PreparedStatement[] {
  return [
    db.prepare({
      sql: `UPDATE report_groups SET status = 'RESOLVED', action = ?1, note = ?2, resolved_by_id = ?3,
              resolved_by_username = ?4, resolved_at = ?5, updated_at = ?5
            WHERE id = ?6 AND status = 'OPEN'`,
      binds: [r.action, r.note, r.admin.id, r.admin.username, r.now, r.groupId],
    }),
    db.prepare({
      sql: `UPDATE reports SET resolved_at = ?1 WHERE group_id = ?2 AND ${r.won}`,
      binds: [r.now, r.groupId],
    }),
  ];
}

/** A post as its removal (or restoring) needs it. */
export async function postToRemove(db: Database, micropostId: number) {
  const columns = { id: microposts.id, communityId: microposts.communityId, ownerId: microposts.ownerId };
  const raw = await db.first<object>(
    statement(sql`SELECT ${selectOf(columns)} FROM ${microposts} WHERE ${microposts.id} = ${micropostId}`),
  );
  return raw ? rowOf(columns, raw) : null;
}

/** A comment as its removal needs it: one not deleted, or for `restore` one removed. */
export async function commentToRemove(db: Database, commentId: number, restore: boolean) {
  const columns = { id: comments.id, micropostId: comments.micropostId, ownerId: comments.ownerId };
  const state = restore ? sql`${comments.removedAt} IS NOT NULL` : sql`${comments.isDeleted} = 0`;
  const raw = await db.first<object>(
    statement(
      sql`SELECT ${selectOf(columns)} FROM ${comments} WHERE ${comments.id} = ${commentId} AND ${state}`,
    ),
  );
  return raw ? rowOf(columns, raw) : null;
}
