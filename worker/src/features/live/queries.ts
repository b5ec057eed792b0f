import type { Database } from "#worker/db/database.ts";
import type { Deps } from "#worker/deps.ts";
import { visiblePostSql } from "#worker/lib/post-visibility-queries.ts";

/** Chat partners told when a person comes online or leaves: the most recently active ones. */
const PRESENCE_MAX_PARTNERS = 200;

/** Who a person is, for presence, and the partners whose inboxes hear of them. */
export interface PresenceCircle {
  /** Null when the account is gone. */
  username: string | null;
  /** The person's "Show when I'm online" setting. */
  showOnline: boolean;
  /** Partner ids, most recent thread first (told the person left when they start hiding). */
  partners: number[];
}

/**
 * One D1 round trip: the person and, among the people they share a personal chat thread with in
 * which messages went both ways (each one wrote at least once: docs/decisions/135), those who show
 * being online, are active and are not blocked either way (at most
 * PRESENCE_MAX_PARTNERS, the most recently active threads first).
 */
export async function presenceCircle({ db }: Deps, userId: number): Promise<PresenceCircle> {
  const [owner, partners] = await db.batch<
    [{ username: string; show_online: number; active: number }, { id: number }]
  >([
    {
      sql: `SELECT username, show_online, (status = 'ACTIVE' AND deleted_at IS NULL) AS active
              FROM users WHERE id = ?1`,
      binds: [userId],
    },
    {
      sql: `SELECT o.user_id AS id FROM chat_thread_users me
              JOIN chat_threads t ON t.id = me.thread_id AND t.chat_thread_type = 'PERSONAL'
              JOIN chat_thread_users o ON o.thread_id = me.thread_id AND o.user_id != me.user_id
              JOIN users u ON u.id = o.user_id
             WHERE me.user_id = ?1 AND me.sent_at IS NOT NULL AND o.sent_at IS NOT NULL
               AND u.show_online = 1 AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM blocks b
                                WHERE (b.blocker_id = ?1 AND b.blocked_id = u.id)
                                   OR (b.blocker_id = u.id AND b.blocked_id = ?1))
             ORDER BY me.last_activity_at DESC LIMIT ?2`,
      binds: [userId, PRESENCE_MAX_PARTNERS],
      isList: true,
    },
  ]);
  const row = owner[0];
  const showOnline = Boolean(row?.show_online) && Boolean(row?.active);
  return {
    username: row?.username ?? null,
    showOnline,
    partners: partners.map((p) => Number(p.id)),
  };
}

/** A visible post's comment and vote counts, or null when it is not visible (or not there). */
export function visiblePostTotals(
  db: Database,
  postPublicId: string,
): Promise<{ total_comments: number; total_votes: number } | null> {
  return db.first<{ total_comments: number; total_votes: number }>({
    sql: `SELECT total_comments, total_votes FROM microposts m WHERE m.public_id = ?1 AND ${visiblePostSql("m")}`,
    binds: [postPublicId],
  });
}

/** The people `userId` blocked or was blocked by. */
export function blockedEitherWay(db: Database, userId: number): Promise<Array<{ id: number }>> {
  return db.all<{ id: number }>({
    sql: `SELECT blocked_id AS id FROM blocks WHERE blocker_id = ?1
          UNION SELECT blocker_id AS id FROM blocks WHERE blocked_id = ?1`,
    binds: [userId],
  });
}
