import { sql } from "drizzle-orm";
import type { ReportCause } from "#shared/enums.ts";
import type { AppealDecision, AppealStatus } from "#shared/schemas/moderation.ts";
import type { Database } from "#worker/db/database.ts";
import { appeals } from "#worker/db/schema/index.ts";
import { idList, type Statement, statement } from "#worker/db/sql.ts";
import { APPEAL_COLUMNS, MODERATION_COLUMNS } from "#worker/lib/moderation-row-queries.ts";
import type { AppealRow, ModerationRow } from "#worker/lib/moderation-rows.ts";

// The SQL of appeals as staff read and decide them.

/**
 * A page of appeals in one status and their total: OPEN oldest first (first come, first answered),
 * DECIDED newest first.
 */
export function appealListStatements(
  status: AppealStatus,
  page: { skip: number; limit: number },
): Statement[] {
  const order =
    status === "OPEN" ? sql`${appeals.id} ASC` : sql`${appeals.decidedAt} DESC, ${appeals.id} DESC`;
  return [
    statement(
      sql`SELECT ${sql.raw(APPEAL_COLUMNS)} FROM ${appeals} WHERE ${appeals.status} = ${status}
        ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.skip}`,
      { isList: true },
    ),
    statement(sql`SELECT count(*) AS n FROM ${appeals} WHERE ${appeals.status} = ${status}`),
  ];
}

/** One appeal by id. */
export function findAppeal(db: Database, id: number): Promise<AppealRow | null> {
  return db.first<AppealRow>(
    statement(sql`SELECT ${sql.raw(APPEAL_COLUMNS)} FROM ${appeals} WHERE ${appeals.id} = ${id}`),
  );
}

/** Each appeal's decision, person, content as it was and the reports behind it, in two round trips. */
export async function appealContext(db: Database, rows: AppealRow[]) {
  const moderationIds = idList(rows.map((r) => r.moderation_id));
  const userIds = idList(rows.map((r) => r.user_id));
  const [moderations, people] = await db.batch<
    [ModerationRow, { id: number; username: string; status: string; trust_level: number }]
  >([
    { sql: `SELECT ${MODERATION_COLUMNS} FROM moderations WHERE id IN (${moderationIds})` },
    { sql: `SELECT id, username, status, trust_level FROM users WHERE id IN (${userIds})` },
  ]);
  const ofType = (type: string) =>
    idList(moderations.filter((m) => m.target_type === type).map((m) => m.target_id));
  const groupIds = idList(
    moderations.filter((m) => m.report_group_id !== null).map((m) => m.report_group_id!),
  );
  const [posts, comments, groups, causes, texts] = await db.batch<
    [
      {
        id: number;
        title: string;
        body: string;
        public_id: string;
        slug: string;
        community: string;
        removed_at: number | null;
      },
      {
        id: number;
        body: string;
        removed_at: number | null;
        public_id: string;
        post_public_id: string;
        slug: string;
        community: string;
      },
      { id: number; total_reports: number },
      { group_id: number; report_cause: ReportCause; n: number },
      { group_id: number; report_cause: ReportCause; text: string },
    ]
  >([
    {
      sql: `SELECT m.id, m.title, m.body, m.public_id, m.slug, c.name AS community, m.removed_at
            FROM microposts m JOIN communities c ON c.id = m.community_id WHERE m.id IN (${ofType("MICROPOST")})`,
    },
    {
      sql: `SELECT k.id, k.body, k.removed_at, k.public_id, m.public_id AS post_public_id, m.slug, c.name AS community
            FROM comments k JOIN microposts m ON m.id = k.micropost_id JOIN communities c ON c.id = m.community_id
            WHERE k.id IN (${ofType("COMMENT")})`,
    },
    { sql: `SELECT id, total_reports FROM report_groups WHERE id IN (${groupIds})` },
    {
      sql: `SELECT group_id, report_cause, count(*) AS n FROM reports WHERE group_id IN (${groupIds})
            GROUP BY group_id, report_cause ORDER BY n DESC, report_cause`,
    },
    {
      sql: `SELECT group_id, report_cause, text FROM
              (SELECT *, row_number() OVER (PARTITION BY group_id ORDER BY id DESC) AS n
               FROM reports WHERE group_id IN (${groupIds}))
            WHERE n <= 5 ORDER BY group_id, id DESC`,
    },
  ]);
  return { moderations, people, posts, comments, groups, causes, texts };
}

/** Holds only in the batch whose decision took effect (our own integers and an enum value). */
export function appealWonCondition(appealId: number, now: number, decision: AppealDecision): string {
  return `EXISTS (SELECT 1 FROM appeals WHERE id = ${appealId} AND status = 'DECIDED'
    AND decided_at = ${now} AND decision = '${decision}')`;
}

export function reverseModerationStatement(
  db: Database,
  moderationId: number,
  now: number,
  won: string,
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE moderations SET reversed_at = ?1 WHERE id = ?2 AND reversed_at IS NULL AND ${won}`,
    binds: [now, moderationId],
  });
}

export function decideAppealStatement(
  db: Database,
  input: { id: number; decision: AppealDecision; note: string; admin: string; now: number },
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE appeals SET status = 'DECIDED', decision = ?1, note = ?2, decided_by_username = ?3, decided_at = ?4
          WHERE id = ?5 AND status = 'OPEN'`,
    binds: [input.decision, input.note, input.admin, input.now, input.id],
  });
}
