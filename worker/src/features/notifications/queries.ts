import type { NotificationKind } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";
import { notifications, users } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf } from "#worker/db/sql.ts";
import type { FoundPerson } from "#worker/deps.ts";
import type { CarriedSession } from "#worker/lib/inbox-notices.ts";
import { noticeColumns, noticeColumnsSql } from "#worker/lib/moderation-notice-queries.ts";
import { type ActiveMute, notMutedSql } from "#worker/lib/mute-match.ts";
import type { NotificationRow } from "#worker/lib/notification-row.ts";
import { type OwnerRow, ownerColumns, ownerWithId } from "#worker/lib/owners.ts";
import { linkedPostNotHiddenSql } from "#worker/lib/post-visibility-queries.ts";
import { mayHoldSession } from "#worker/lib/sessions.ts";

/** A notification row as its insert returns it, in the database's names. */
export interface InsertedNotification {
  id: number;
  user_id: number;
  kind: string;
  actor_id: number | null;
  link: string | null;
  text: string | null;
  created_at: number;
}

/** What a notice says and to whom, as a writer hands it over. */
interface NoticeInput {
  userId: number;
  kind: NotificationKind;
  actorId: number | null;
  link: string | null;
  text: string | null;
}

/**
 * What the three statements of `notificationStatements` answer, read back by `notificationWritten`:
 * the row (none when a setting, a block or `onlyIf` kept it from being written), the actor as
 * others see them, and the person's unread counts right after it.
 */
export interface WrittenNotification {
  row: NotificationRow;
  actor: OwnerRow | null;
  /**
   * The unread counts as the bell shows them, taken in the same transaction (at `countedAt`, D1's
   * clock); null when the person mutes phrases (their counts leave muted notifications out, which
   * only `unreadDataAt` does).
   */
  unread: { notifications: number; threads: number; countedAt: number } | null;
}

/**
 * `onlyIf` for a notification a person gets once: none of theirs of that kind leads there yet (?1
 * the person, ?2 the kind, ?4 the link).
 */
export const NOT_TOLD_YET =
  "NOT EXISTS (SELECT 1 FROM notifications WHERE user_id = ?1 AND kind = ?2 AND link IS ?4)";

/**
 * One notification in one D1 round trip (to add to a `db.write` batch): the row is inserted only
 * when the person has not switched that kind off (`setting`, a users column) and neither one
 * blocked the other; `onlyIf` is one more SQL condition over ?1 (the person), ?3 (the actor),
 * ?6 (`now`, the row's created_at) and ?7 on (`onlyIfBinds`, in order). The actor and the person's unread counts are read in the same
 * batch, after the insert, so what the person's tabs are told needs no other read.
 */
export function notificationStatements(
  db: Database,
  input: NoticeInput,
  setting: keyof typeof users.$inferSelect | null,
  now: number,
  onlyIf = "",
  onlyIfBinds: unknown[] = [],
): D1PreparedStatement[] {
  const settingOn = setting ? ` AND ${users[setting].name} = 1` : "";
  return [
    db.prepare({
      sql: `INSERT INTO notifications (user_id, kind, actor_id, link, text, is_read, created_at)
            SELECT ?1, ?2, ?3, ?4, ?5, 0, ?6
             WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1${settingOn})
               AND NOT EXISTS (SELECT 1 FROM blocks
                                WHERE (blocker_id = ?1 AND blocked_id = ?3) OR (blocker_id = ?3 AND blocked_id = ?1))
               ${onlyIf ? `AND ${onlyIf}` : ""}
            RETURNING id, user_id, kind, actor_id, link, text, created_at`,
      binds: [input.userId, input.kind, input.actorId, input.link, input.text, now, ...onlyIfBinds],
    }),
    db.prepare({
      sql: `SELECT ${columnsOf(ownerColumns, "u")} FROM users u WHERE u.id = ?1`,
      binds: [input.actorId ?? 0],
    }),
    db.prepare({
      sql: `SELECT (SELECT count(*) FROM notifications n WHERE n.user_id = ?1 AND n.is_read = 0) AS notifications,
                   (SELECT count(*) FROM chat_thread_users me JOIN chat_threads t ON t.id = me.thread_id
                     WHERE me.user_id = ?1 AND me.total_unread_messages > 0) AS threads,
                   EXISTS (SELECT 1 FROM muted_words w
                            WHERE w.user_id = ?1 AND (w.expires_at IS NULL OR w.expires_at > ?2)) AS muted,
                   ${COUNTED_AT} AS counted_at`,
      binds: [input.userId, now],
    }),
  ];
}

/**
 * A notice that goes to the person's inbox (docs/decisions/210), checked in the writer's batch with
 * one statement: it answers the actor as others see them, whether the person mutes any phrase and
 * their unread counts in D1 (for the inbox to add its own to, with no read of its own), only when
 * the person has not switched that kind off (`setting`), neither one blocked the other and `onlyIf`
 * holds (SQL over `p` the person, ?1 too when named by id, ?3 the actor, ?6 `now`, ?7 on
 * `onlyIfBinds`; ?2, ?4 and ?5 are the kind, the link and the text, as in `notificationStatements`).
 * The person is named by id, or found by SQL (`FoundPerson`): ?1 either way.
 */
export function noticeCheckStatement(
  db: Database,
  input: Omit<NoticeInput, "userId"> & { actorId: number } & ({ userId: number } | { to: FoundPerson }),
  setting: keyof typeof users.$inferSelect | null,
  now: number,
  onlyIf = "",
  onlyIfBinds: unknown[] = [],
): D1PreparedStatement {
  const byId = "userId" in input;
  return db.prepare({
    // One found by SQL is never the actor (nobody hears of their own action).
    sql: noticeCheckSql(byId ? "p.id = ?1" : `${input.to.sql} AND p.id <> ?3`, setting, onlyIf),
    binds: [
      byId ? input.userId : input.to.bind,
      input.kind,
      input.actorId,
      input.link,
      input.text,
      now,
      ...onlyIfBinds,
    ],
  });
}

/**
 * The check of `noticeCheckStatement` over every person `recipients` (SQL over `p`, the person)
 * names: a row each, with the person's id (`user_id`). `onlyIf` may name the person as `p.id`.
 */
function noticeCheckSql(recipients: string, setting: keyof typeof users.$inferSelect | null, onlyIf: string) {
  const settingOn = setting ? ` AND p.${users[setting].name} = 1` : "";
  return `SELECT p.id AS user_id, ${columnsOf(ownerColumns, "u")},
                 EXISTS (SELECT 1 FROM muted_words w
                          WHERE w.user_id = p.id AND (w.expires_at IS NULL OR w.expires_at > ?6)) AS muted,
                 (SELECT count(*) FROM notifications n WHERE n.user_id = p.id AND n.is_read = 0) AS notifications,
                 (SELECT count(*) FROM chat_thread_users me JOIN chat_threads t ON t.id = me.thread_id
                   WHERE me.user_id = p.id AND me.total_unread_messages > 0) AS threads,
                 ${COUNTED_AT} AS counted_at,
                 p.token_version AS p_version, p.status AS p_status, p.deleted_at AS p_deleted_at,
                 EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p.id) AS pushable
            FROM users u JOIN users p ON ${recipients}${settingOn}
           WHERE u.id = ?3
             AND NOT EXISTS (SELECT 1 FROM blocks
                              WHERE (blocker_id = p.id AND blocked_id = ?3) OR (blocker_id = ?3 AND blocked_id = p.id))
             ${onlyIf ? `AND ${onlyIf}` : ""}`;
}

/** What `noticeCheckStatement` answered for one person. */
export interface CheckedNotice {
  userId: number;
  actor: OwnerRow;
  muted: boolean;
  unread: { notifications: number; threads: number; countedAt: number };
  /** The person's account as the batch read it (the inbox's session check uses it). */
  session: CarriedSession;
  /** Whether they have a push subscription: without one, only the e-mail can reach them away. */
  pushable: boolean;
}

/** What `noticeCheckStatement` answered: null when the notice is not to be sent. */
export function noticeChecked(result: D1Result | undefined): CheckedNotice | null {
  return noticesChecked(result)[0] ?? null;
}

/** What a check over several people answered: one for each person to tell. */
export function noticesChecked(result: D1Result | undefined): CheckedNotice[] {
  return ((result?.results ?? []) as Array<Record<string, unknown>>).map((raw) => ({
    userId: Number(raw.user_id),
    actor: rowOf(ownerColumns, raw),
    muted: Boolean(raw.muted),
    unread: {
      notifications: Number(raw.notifications),
      threads: Number(raw.threads),
      countedAt: Number(raw.counted_at),
    },
    session: {
      version: Number(raw.p_version),
      live: mayHoldSession({
        status: String(raw.p_status),
        deletedAt: raw.p_deleted_at === null ? null : Number(raw.p_deleted_at),
      }),
    },
    pushable: Boolean(raw.pushable),
  }));
}

/**
 * After a post's edit (features/posts/queries/posts.ts `editPostStatements`), the POST_EDITED
 * notices its commenters' inboxes keep (docs/decisions/223): one statement answers, for each
 * person who has a comment on the post (not the editor; not someone who switched comment
 * notifications off or is on either side of a block with them), what `noticeCheckStatement`
 * answers, unless the edit at `now` changed nothing (the post's `edited_at` is not `now`) or D1
 * still has one about this post for them from the last hour (the inbox keeps to the same hour).
 */
export function postEditedCheckStatement(
  db: Database,
  post: { id: number; link: string; title: string },
  editorId: number,
  now: number,
): D1PreparedStatement {
  return db.prepare({
    sql: noticeCheckSql(
      `p.id IN (SELECT c.owner_id FROM comments c WHERE c.micropost_id = ?7 AND c.is_deleted = 0) AND p.id <> ?3`,
      "notifyComment",
      `EXISTS (SELECT 1 FROM microposts m WHERE m.id = ?7 AND m.edited_at = ?6)
       AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = p.id AND n.kind = ?2
                         AND n.link = ?4 AND n.created_at > ?6 - 3600000)`,
    ),
    binds: [null, "POST_EDITED", editorId, post.link, post.title, now, post.id],
  });
}

/**
 * When counts are taken, by D1's clock, inside the statement: D1 runs one transaction at a time, so
 * counts taken later carry a later (or equal) time, whichever Worker or object asked.
 */
const COUNTED_AT = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";

/**
 * Unread notifications and chat threads with unread messages, in one statement, leaving out what
 * `muted` and `mutedChats` (the person's muted phrases there) hide; with when D1 counted them.
 */
export async function unreadCounts(
  db: Database,
  userId: number,
  mutes: { notifications: ActiveMute[]; chats: ActiveMute[] },
): Promise<{ notifications: number; threads: number; countedAt: number }> {
  const muted = notMutedSql("n.text", mutes.notifications, 2);
  const chats = notMutedSql("t.last_message_text", mutes.chats, 2 + (muted.binds?.length ?? 0));
  // Through a batch: a request's token check rides in the same round trip (docs/decisions/156).
  const [[row]] = await db.batch<[{ notifications: number; threads: number; counted_at: number }]>([
    {
      sql: `SELECT (SELECT count(*) FROM notifications n WHERE n.user_id = ?1 AND n.is_read = 0${muted.sql}) AS notifications,
                 (SELECT count(*) FROM chat_thread_users me JOIN chat_threads t ON t.id = me.thread_id
                   WHERE me.user_id = ?1 AND me.total_unread_messages > 0${chats.sql}) AS threads,
                 ${COUNTED_AT} AS counted_at`,
      binds: [userId, ...(muted.binds ?? []), ...(chats.binds ?? [])],
    },
  ]);
  return {
    notifications: Number(row?.notifications ?? 0),
    threads: Number(row?.threads ?? 0),
    countedAt: Number(row?.counted_at ?? 0),
  };
}

/** Reads back the three results of `notificationStatements`; null when nothing was written. */
export function notificationWritten(results: D1Result[]): WrittenNotification | null {
  const [inserted, actor, counts] = results as [D1Result, D1Result, D1Result];
  const raw = inserted.results[0] as InsertedNotification | undefined;
  if (!raw) return null;
  const actorRaw = actor.results[0];
  const c = counts.results[0] as
    | { notifications: number; threads: number; muted: number; counted_at: number }
    | undefined;
  return {
    row: {
      id: Number(raw.id),
      userId: Number(raw.user_id),
      kind: raw.kind,
      actorId: raw.actor_id === null ? null : Number(raw.actor_id),
      link: raw.link,
      text: raw.text,
      createdAt: Number(raw.created_at),
    },
    actor: raw.actor_id !== null && actorRaw ? rowOf(ownerColumns, actorRaw) : null,
    unread:
      c && !c.muted
        ? {
            notifications: Number(c.notifications),
            threads: Number(c.threads),
            countedAt: Number(c.counted_at),
          }
        : null,
  };
}

/** A notification of the list, with who caused it and the notice of its moderation. */
export interface NotificationPageRow {
  row: typeof notifications.$inferSelect;
  actor: OwnerRow | null;
  notice: ReturnType<typeof noticeColumns>;
}

const NOTIFICATION_COLUMNS = columnsOf(notifications, "n");

/**
 * A page of the person's notifications, newest first (`unread`: only the unread ones), each with
 * its actor and its moderation's notice, and how many there are: one round trip, the request's
 * token check riding in it (docs/decisions/156). Muted phrases are left out where the page is read
 * and counted, so pages stay full; a notification that leads to a post nobody may see now (removed
 * by staff) is not shown, while a moderation notice, which tells the author about that very post, is.
 */
export async function notificationPage(
  db: Database,
  userId: number,
  page: { skip: number; limit: number; unread: boolean },
  mutes: ActiveMute[],
  kept: { actorIds: number[]; links: string[]; moderationIds?: number[] } = { actorIds: [], links: [] },
): Promise<{
  rows: NotificationPageRow[];
  total: number;
  actors: Map<number, OwnerRow>;
  hiddenLinks: Set<string>;
  notices: Map<number, NonNullable<NotificationPageRow["notice"]>>;
}> {
  const muted = notMutedSql("n.text", mutes, 2);
  const where = `n.user_id = ?1${page.unread ? " AND n.is_read = 0" : ""}${muted.sql}
    AND (n.kind = 'MODERATION' OR ${linkedPostNotHiddenSql("n.link")})`;
  const binds = [userId, ...(muted.binds ?? [])];
  const at = binds.length;
  const [rows, [count], actorRows, hidden, keptNotices] = await db.batch<
    [
      Record<string, unknown>,
      { n: number },
      Record<string, unknown>,
      { link: string },
      Record<string, unknown>,
    ]
  >([
    {
      sql: `SELECT ${NOTIFICATION_COLUMNS}, ${columnsOf(ownerColumns, "a", "a_")}, ${noticeColumnsSql("n.moderation_id")}
            FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
            WHERE ${where} ORDER BY n.created_at DESC, n.id DESC LIMIT ?${at + 1} OFFSET ?${at + 2}`,
      binds: [...binds, page.limit, page.skip],
      isList: true,
    },
    { sql: `SELECT count(*) AS n FROM notifications n WHERE ${where}`, binds },
    // For the notices the inbox keeps (docs/decisions/210): their actors, and the links that lead
    // to a post nobody may see now.
    {
      sql: `SELECT ${columnsOf(ownerWithId, "u")} FROM users u WHERE u.id IN (SELECT value FROM json_each(?1))`,
      binds: [JSON.stringify(kept.actorIds)],
    },
    {
      sql: `SELECT l.value AS link FROM json_each(?1) l WHERE NOT (${linkedPostNotHiddenSql("l.value")})`,
      binds: [JSON.stringify(kept.links)],
    },
    // The decisions its MODERATION notices tell of (docs/decisions/231), as D1's rows read them.
    {
      sql: `SELECT m.value AS moderation_id, ${noticeColumnsSql("m.value")} FROM json_each(?1) m`,
      binds: [JSON.stringify(kept.moderationIds ?? [])],
    },
  ]);
  const notices = new Map<number, NonNullable<NotificationPageRow["notice"]>>();
  for (const raw of keptNotices) {
    const notice = noticeColumns(raw);
    if (notice) notices.set(Number(raw.moderation_id), notice);
  }
  const actors = new Map<number, OwnerRow>();
  for (const raw of actorRows) {
    const row = rowOf(ownerWithId, raw);
    actors.set(Number(row.id), row);
  }
  return {
    actors,
    notices,
    hiddenLinks: new Set(hidden.map((h) => h.link)),
    rows: rows.map((raw) => ({
      row: rowOf(notifications, raw),
      actor: raw.a_username === null || raw.a_username === undefined ? null : rowOf(ownerColumns, raw, "a_"),
      notice: noticeColumns(raw),
    })),
    total: Number(count?.n ?? 0),
  };
}
