import type { Database } from "#worker/db/database.ts";
import { APPEAL_COLUMNS } from "#worker/lib/moderation-row-queries.ts";
import type { AppealRow, ModerationRow } from "#worker/lib/moderation-rows.ts";

// The SQL of a person's own moderations and appeals (what is shared with staff's screens is in
// lib/moderation-queries.ts).

/** The newest decision about a person's own post, by its public id (what its page shows them). */
export async function postModeration(db: Database, userId: number, postPublicId: string) {
  return db.first<ModerationRow>({
    sql: `SELECT d.id, d.user_id, d.report_group_id, d.action, d.target_type, d.target_id, d.cause, d.note,
            d.admin_username, d.reversed_at, d.created_at,
            (SELECT name FROM communities WHERE communities.id = d.community_id) AS community
          FROM moderations d
          JOIN microposts m ON m.id = d.target_id
          WHERE d.user_id = ?1 AND d.target_type = 'MICROPOST' AND m.public_id = ?2 AND m.owner_id = ?1
          ORDER BY d.id DESC LIMIT 1`,
    binds: [userId, postPublicId],
  });
}

/** The person's appeal of a decision, OPEN; null when the decision already has one. */
export async function insertAppeal(
  db: Database,
  appeal: { moderationId: number; userId: number; text: string },
): Promise<AppealRow | null> {
  const [inserted] = await db.write([
    db.prepare({
      sql: `INSERT INTO appeals (moderation_id, user_id, text, status, note, created_at)
            VALUES (?1, ?2, ?3, 'OPEN', '', ?4)
            ON CONFLICT (moderation_id) DO NOTHING
            RETURNING ${APPEAL_COLUMNS}`,
      binds: [appeal.moderationId, appeal.userId, appeal.text, Date.now()],
    }),
  ]);
  return (inserted?.results[0] as AppealRow | undefined) ?? null;
}
