import { and, count, eq } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import type { NotificationKind } from "#shared/enums.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { notifications, type users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { INBOX_NOTICE_ID_BASE, type NoticeDelivery, noticeJson } from "#worker/lib/inbox-notices.ts";
import { noticeOf } from "#worker/lib/moderation-notices.ts";
import type { ActiveMute } from "#worker/lib/mute-match.ts";
import { knownMutes, mutesOf, readWithMutes } from "#worker/lib/mutes.ts";
import { toOwner } from "#worker/lib/owners.ts";
import { glance } from "#worker/lib/plain-text.ts";
import { inboxStub } from "#worker/lib/sockets/stubs.ts";
import { iso } from "#worker/lib/time.ts";
import { toUnreadData } from "#worker/lib/user-json.ts";
import {
  NOT_TOLD_YET,
  notificationPage,
  notificationStatements,
  notificationWritten,
  unreadCounts,
  type WrittenNotification,
} from "./queries";

/**
 * Which of the person's settings (`notify_*` columns) switches each kind of notification off; null
 * for money matters, which no setting silences.
 */
const SETTING_OF: Record<NotificationKind, keyof typeof users.$inferSelect | null> = {
  FOLLOWER: "notifyFollower",
  MENTION: "notifyMention",
  COMMENT: "notifyComment",
  REPLY: "notifyComment",
  UPVOTE: "notifyUpvote",
  REFERRAL: "notifyReferral",
  COMMUNITY: "notifyCommunity",
  SERVICE_ORDER: null,
  PAYMENT_FAILED: null,
  MODERATION: null,
  EXPORT_READY: null,
  REACTION: "notifyUpvote",
  POST_EDITED: "notifyComment",
};

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  actorId: number | null;
  /** Where a click leads: a post link, a profile. */
  link: string | null;
  text: string | null;
  /** Written only if the person has no notification of this kind leading to `link` yet (mentions). */
  once?: boolean;
}

/** Excerpts are for a glance: a notification's text is cut to this many characters. */
const TEXT_MAX = 160;

/**
 * Notifies a user unless they switched that kind off, it is their own action, or one of the two
 * blocked the other (a blocked person cannot reach the blocker). Returns whether a notification was
 * written.
 */
export async function notify(deps: Deps, input: NewNotification): Promise<boolean> {
  if (input.actorId !== null && input.actorId === input.userId) return false;
  const { db } = deps;
  const now = Date.now();
  const once = input.once ? NOT_TOLD_YET : "";
  const results = await db.write(
    notificationStatements(db, prepared(input), SETTING_OF[input.kind], now, once),
  );
  return tellWritten(deps, notificationWritten(results));
}

/** The input as it is stored: the text cut to an excerpt. */
export function prepared<T extends { text: string | null }>(input: T): T {
  return { ...input, text: input.text ? excerpt(input.text) : null };
}

/** Which setting switches a kind off, for callers that batch `notificationStatements` themselves. */
export function settingOf(kind: NotificationKind) {
  return SETTING_OF[kind];
}

/**
 * After the batch with `notificationStatements` committed: the person's open tabs get the
 * notification with the actor and the counts read in that batch (after the answer, never in the
 * actor's way). Answers whether a notification was written.
 */
async function tellWritten(deps: Deps, written: WrittenNotification | null): Promise<boolean> {
  if (!written) return false;
  const { unread } = written;
  await deps.live.notification(written.row, {
    actor: written.actor,
    unread: unread
      ? { counts: toUnreadData(unread.notifications, unread.threads), countedAt: unread.countedAt }
      : null,
  });
  return true;
}

/** The queue's message of a notice whose inbox could not be reached at once (docs/decisions/210). */
export interface NoticeJob {
  kind: "notice";
  userId: number;
  delivery: NoticeDelivery;
}

/**
 * A social write's notice goes to the person's inbox (docs/decisions/210), which keeps it once
 * (its idempotency key) and tells their tabs. When the call fails, the queue takes it and retries
 * until the inbox has it; a notice that arrives twice is kept once.
 */
export async function sendNotice(deps: Deps, userId: number, delivery: NoticeDelivery): Promise<void> {
  try {
    await inboxStub(deps, userId).addNotice(userId, delivery);
  } catch (error) {
    console.error("notice: the inbox call failed, queued", error);
    const job: NoticeJob = { kind: "notice", userId, delivery };
    await deps.env.JOBS.send(job);
  }
}

/** The queue delivers a notice (`sendNotice`); a throw sends it back to be retried. */
export async function deliverNoticeJob(deps: Deps, job: NoticeJob): Promise<void> {
  await inboxStub(deps, job.userId).addNotice(job.userId, job.delivery);
}

/** Plain text for a glance: tags dropped, spaces folded, cut with an ellipsis. */
function excerpt(text: string): string {
  return glance(text, TEXT_MAX);
}

/**
 * `GET .../notification/list`: newest first, all or only the unread ones. The notices the person's
 * inbox keeps (docs/decisions/210) and the notifications still in D1 are read as one list: the
 * inbox answers its newest `skip + limit` (one call), and one D1 round trip reads D1's newest as
 * many with their actors and notices, the inbox's actors and which of its links lead to a post
 * nobody may see now (left out, as D1's are).
 */
export async function listNotifications(
  deps: Deps,
  userId: number,
  input: { skip: number; limit: number; unread: boolean },
): Promise<Page<Notification>> {
  const window = input.skip + input.limit;
  const { list, total } = await readWithMutes(deps, userId, "NOTIFICATIONS", async (mutes) => {
    const kept = await inboxStub(deps, userId).notices(userId, {
      limit: window,
      unread: input.unread,
      mutes,
    });
    const page = await notificationPage(
      deps.db,
      userId,
      { skip: 0, limit: window, unread: input.unread },
      mutes,
      {
        actorIds: [...new Set(kept.rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))],
        links: [...new Set(kept.rows.flatMap((r) => (r.link === null ? [] : [r.link])))],
        moderationIds: kept.rows.flatMap((r) => (r.moderationId === null ? [] : [r.moderationId])),
      },
    );
    const fromD1 = page.rows.map(({ row: r, actor, notice }) => ({
      id: r.id,
      kind: r.kind as NotificationKind,
      actor: r.actorId === null || !actor ? null : toOwner(actor),
      link: r.link,
      text: r.text,
      is_read: r.isRead,
      created_at: iso(r.createdAt),
      moderation:
        r.moderationId === null || !notice
          ? null
          : noticeOf(notice.moderation, notice.appeal, notice.excerpt),
      at: r.createdAt,
    }));
    // A notice whose actor's account is gone, or that leads to a hidden post, is not shown.
    const shown = kept.rows.filter(
      (r) => (r.actorId === null || page.actors.has(r.actorId)) && !(r.link && page.hiddenLinks.has(r.link)),
    );
    const fromInbox = shown.map((r) => {
      const notice = r.moderationId === null ? undefined : page.notices.get(r.moderationId);
      const moderation = notice ? noticeOf(notice.moderation, notice.appeal, notice.excerpt) : null;
      return {
        ...noticeJson(r, r.actorId === null ? null : (page.actors.get(r.actorId) ?? null), moderation),
        at: r.createdAt,
      };
    });
    const merged = [...fromD1, ...fromInbox].sort((a, b) => b.at - a.at || b.id - a.id);
    return {
      list: merged.slice(input.skip, window).map(({ at: _, ...n }) => n),
      total: page.total + kept.total - (kept.rows.length - shown.length),
    };
  });
  return toPage(list, total, input.limit);
}

/**
 * `PATCH .../notification/read`: one notification, or all of them, in D1 and in the person's inbox
 * (docs/decisions/210). D1's part goes first (the request's token check rides in it), so a revoked
 * session changes nothing in the inbox. Answers what is left unread.
 */
export async function markRead(
  deps: Deps,
  userId: number,
  id: number | undefined,
): Promise<{ updated: number; unread_notifications: number }> {
  const { db } = deps;
  const inbox = inboxStub(deps, userId);
  const mine = and(eq(notifications.userId, userId), eq(notifications.isRead, false));
  if (id !== undefined && id >= INBOX_NOTICE_ID_BASE) {
    const [left] = await db.orm.batch([db.orm.select({ n: count() }).from(notifications).where(mine)]);
    const kept = await inbox.readNotices(userId, id - INBOX_NOTICE_ID_BASE);
    // Already read is fine; someone else's notification, or none, is not found.
    if (!kept.found) fail(404, "Notification not found");
    if (kept.updated > 0) await deps.live.unread(userId);
    return { updated: kept.updated, unread_notifications: (left[0]?.n ?? 0) + kept.unread };
  }
  const [updated, left] = await db.orm.batch([
    db.orm
      .update(notifications)
      .set({ isRead: true })
      .where(id === undefined ? mine : and(mine, eq(notifications.id, id)))
      .returning({ id: notifications.id }),
    db.orm.select({ n: count() }).from(notifications).where(mine),
  ]);
  if (id !== undefined && updated.length === 0) {
    // Already read is fine; someone else's notification, or none, is not found.
    const own = await db.orm
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .get();
    if (!own) fail(404, "Notification not found");
  }
  const kept =
    id === undefined
      ? await inbox.readNotices(userId, undefined)
      : { updated: 0, unread: await inbox.unreadNotices(userId) };
  const changed = updated.length + kept.updated;
  if (changed > 0) await deps.live.unread(userId);
  return { updated: changed, unread_notifications: (left[0]?.n ?? 0) + kept.unread };
}

/**
 * Unread notifications and chat threads with unread messages, in one statement (what the person
 * muted there is not counted, as their lists leave it out), with when D1 counted them (its clock,
 * in ms), for the live inbox's ordering.
 */
export async function unreadDataAt(
  deps: Deps,
  userId: number,
  inboxUnread?: (mutes: ActiveMute[]) => number,
): Promise<{ counts: UnreadData; countedAt: number }> {
  // The notices the person's inbox keeps (docs/decisions/210) are counted there, beside D1's read.
  const kept = (mutes: ActiveMute[]) =>
    inboxUnread ? Promise.resolve(inboxUnread(mutes)) : inboxStub(deps, userId).unreadNotices(userId, mutes);
  // Counted as if nothing were muted while the request's token check (which brings the phrases) is
  // still to come: it rides in the same round trip, and a second count follows only when it names
  // phrases for these places (docs/decisions/156).
  const known = {
    notifications: knownMutes(deps, userId, "NOTIFICATIONS"),
    chats: knownMutes(deps, userId, "CHAT_REQUESTS"),
  };
  let [read, inInbox] = await Promise.all([
    unreadCounts(deps.db, userId, { notifications: known.notifications ?? [], chats: known.chats ?? [] }),
    kept(known.notifications ?? []),
  ]);
  if (known.notifications === null || known.chats === null) {
    const mutes = await mutesOf(deps, userId);
    if (mutes.NOTIFICATIONS.length > 0 || mutes.CHAT_REQUESTS.length > 0)
      [read, inInbox] = await Promise.all([
        unreadCounts(deps.db, userId, { notifications: mutes.NOTIFICATIONS, chats: mutes.CHAT_REQUESTS }),
        mutes.NOTIFICATIONS.length > 0 ? kept(mutes.NOTIFICATIONS) : Promise.resolve(inInbox),
      ]);
  }
  return { counts: toUnreadData(read.notifications + inInbox, read.threads), countedAt: read.countedAt };
}
