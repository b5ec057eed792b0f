import type { ModerationAction, ModerationTarget } from "#shared/schemas/moderation.ts";
import type { Database } from "#worker/db/database.ts";
import { MODERATION_COLUMNS } from "./moderation-row-queries";
import type { AppealRow, ModerationRow } from "./moderation-rows";
import type { NotificationRow } from "./notification-row";

// The SQL of moderation decisions that the moderation feature and staff's screens (reports,
// appeals) both run: recording a decision, finding one, the card its notice shows. Below the
// features, so staff's screens import no feature for it.

export type { AppealRow, ModerationRow };

/**
 * The statement that records a decision about a person in the batch of the decision: the
 * moderation (its cause the one most reporters gave), only when `won` holds. The person's notice
 * goes to their inbox once the batch committed (docs/decisions/231).
 */
export function moderationStatement(
  db: Database,
  input: {
    userId: number;
    groupId: number;
    action: ModerationAction;
    targetType: ModerationTarget;
    targetId: number;
    note: string;
    admin: string;
    now: number;
  },
  won: string,
): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT INTO moderations (user_id, report_group_id, action, target_type, target_id, cause, note,
            admin_username, created_at)
          SELECT ?1, ?2, ?3, ?4, ?5,
            (SELECT report_cause FROM reports WHERE group_id = ?2 GROUP BY report_cause
             ORDER BY count(*) DESC, report_cause LIMIT 1), ?6, ?7, ?8
          WHERE ${won}`,
    binds: [
      input.userId,
      input.groupId,
      input.action,
      input.targetType,
      input.targetId,
      input.note,
      input.admin,
      input.now,
    ],
  });
}

export async function findModeration(db: Database, id: number): Promise<ModerationRow | null> {
  return db.first<ModerationRow>({
    sql: `SELECT ${MODERATION_COLUMNS} FROM moderations WHERE id = ?1`,
    binds: [id],
  });
}

/**
 * The answer to an appeal reaches the person on the card of the decision it answers: that card is
 * marked unread and moves to the top, so one decision reads as one story (removed, appealed,
 * decided) instead of a second card beside the first. This is the card D1 still keeps (one made
 * before the inbox kept them, docs/decisions/231), only when `won` holds; the inbox reopens its
 * own after the batch.
 */
export function decisionAnsweredStatement(
  db: Database,
  input: { userId: number; moderationId: number; now: number },
  won: string,
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE notifications SET is_read = 0, created_at = ?3
          WHERE user_id = ?1 AND kind = 'MODERATION' AND moderation_id = ?2 AND ${won}`,
    binds: [input.userId, input.moderationId, input.now],
  });
}

/** A moderation notice as the live updates carry it. */
type ModerationCard = NotificationRow & { moderationId: number };

/** The card of one decision that D1 still keeps (made before the inbox kept them), if any. */
export function moderationCard(db: Database, userId: number, moderationId: number) {
  return db.first<ModerationCard>({
    sql: `SELECT id, user_id AS userId, kind, actor_id AS actorId, link, text, created_at AS createdAt,
            moderation_id AS moderationId
          FROM notifications WHERE user_id = ?1 AND kind = 'MODERATION' AND moderation_id = ?2
          ORDER BY created_at DESC, id DESC LIMIT 1`,
    binds: [userId, moderationId],
  });
}

/** The decision a report group's resolution made, if it made one. */
export async function findGroupModeration(db: Database, groupId: number): Promise<ModerationRow | null> {
  return db.first<ModerationRow>({
    sql: `SELECT ${MODERATION_COLUMNS} FROM moderations WHERE report_group_id = ?1`,
    binds: [groupId],
  });
}
