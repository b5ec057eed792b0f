import type { Database } from "#worker/db/database.ts";
import { idList } from "#worker/db/sql.ts";
import { APPEAL_COLUMNS, MODERATION_COLUMNS } from "./moderation-row-queries";
import type { AppealRow, ModerationRow } from "./moderation-rows";

// What a moderation's notice reads (moderation-notices.ts): the decisions with their appeals and
// what they were about, and a person's current suspension.

/** Moderations with their appeals and a glance at the content, for notices. */
export async function moderationsWithAppeals(db: Database, ids: number[]) {
  if (!ids.length) return { moderations: [], appeals: [], excerpts: [] };
  const list = idList(ids);
  const [moderations, appeals, excerpts] = await db.batch<
    [ModerationRow, AppealRow, { id: number; excerpt: string }]
  >([
    { sql: `SELECT ${MODERATION_COLUMNS} FROM moderations WHERE id IN (${list})` },
    { sql: `SELECT ${APPEAL_COLUMNS} FROM appeals WHERE moderation_id IN (${list})` },
    {
      sql: `SELECT d.id, CASE d.target_type
              WHEN 'MICROPOST' THEN (SELECT title FROM microposts WHERE id = d.target_id)
              WHEN 'COMMENT' THEN (SELECT substr(body, 1, 400) FROM comments WHERE id = d.target_id)
            END AS excerpt
            FROM moderations d WHERE d.id IN (${list})`,
    },
  ]);
  return { moderations, appeals, excerpts };
}

const MODERATION_KEYS = [
  "id",
  "user_id",
  "report_group_id",
  "action",
  "target_type",
  "target_id",
  "cause",
  "note",
  "admin_username",
  "reversed_at",
  "created_at",
];
const APPEAL_KEYS = APPEAL_COLUMNS.split(",").map((c) => c.trim());
const pairs = (keys: string[], alias: string) => keys.map((k) => `'${k}', ${alias}.${k}`).join(", ");

/**
 * The moderation `idExpr` names (SQL over the outer row) as three columns of that row, for a list
 * that shows notices beside its items in its own statement: `notice_moderation` and
 * `notice_appeal` (JSON, read by `noticeColumns`) and `notice_excerpt`; all null for no moderation.
 */
export function noticeColumnsSql(idExpr: string): string {
  return `(SELECT json_object(${pairs(MODERATION_KEYS, "d")},
             'community', (SELECT name FROM communities WHERE communities.id = d.community_id))
             FROM moderations d WHERE d.id = ${idExpr}) AS notice_moderation,
          (SELECT json_object(${pairs(APPEAL_KEYS, "a")}) FROM appeals a WHERE a.moderation_id = ${idExpr}) AS notice_appeal,
          (SELECT CASE d.target_type
              WHEN 'MICROPOST' THEN (SELECT title FROM microposts WHERE id = d.target_id)
              WHEN 'COMMENT' THEN (SELECT substr(body, 1, 400) FROM comments WHERE id = d.target_id)
            END FROM moderations d WHERE d.id = ${idExpr}) AS notice_excerpt`;
}

/** The columns of `noticeColumnsSql` as rows, or null when the row names no moderation. */
export function noticeColumns(raw: Record<string, unknown>): {
  moderation: ModerationRow;
  appeal: AppealRow | null;
  excerpt: string | null;
} | null {
  if (typeof raw.notice_moderation !== "string") return null;
  return {
    moderation: JSON.parse(raw.notice_moderation) as ModerationRow,
    appeal: typeof raw.notice_appeal === "string" ? (JSON.parse(raw.notice_appeal) as AppealRow) : null,
    excerpt: typeof raw.notice_excerpt === "string" ? raw.notice_excerpt : null,
  };
}

/** The newest suspension of a person that no appeal reversed. */
export async function currentSuspension(db: Database, userId: number) {
  const moderation = await db.first<ModerationRow>({
    sql: `SELECT ${MODERATION_COLUMNS} FROM moderations
          WHERE user_id = ?1 AND action = 'SUSPEND_USER' AND reversed_at IS NULL ORDER BY id DESC LIMIT 1`,
    binds: [userId],
  });
  if (!moderation) return null;
  const appeal = await db.first<AppealRow>({
    sql: `SELECT ${APPEAL_COLUMNS} FROM appeals WHERE moderation_id = ?1`,
    binds: [moderation.id],
  });
  return { moderation, appeal };
}
