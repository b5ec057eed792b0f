import type { Database } from "#worker/db/database.ts";
import { idList } from "#worker/db/sql.ts";
import { APPEAL_COLUMNS, type AppealRow, MODERATION_COLUMNS, type ModerationRow } from "./moderation-rows";

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
