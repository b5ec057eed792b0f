import { and, count, eq } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import type { NotificationKind } from "#shared/enums.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { notifications, type users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { noticeOf } from "#worker/lib/moderation-notices.ts";
import { knownMutes, mutesOf, readWithMutes } from "#worker/lib/mutes.ts";
import { toOwner } from "#worker/lib/owners.ts";
import { glance } from "#worker/lib/plain-text.ts";
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
export function prepared(input: NewNotification): NewNotification {
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
export async function tellWritten(deps: Deps, written: WrittenNotification | null): Promise<boolean> {
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

/** Plain text for a glance: tags dropped, spaces folded, cut with an ellipsis. */
function excerpt(text: string): string {
  return glance(text, TEXT_MAX);
}

/** `GET .../notification/list`: newest first, all or only the unread ones. */
export async function listNotifications(
  deps: Deps,
  userId: number,
  input: { skip: number; limit: number; unread: boolean },
): Promise<Page<Notification>> {
  const { rows, total } = await readWithMutes(deps, userId, "NOTIFICATIONS", (mutes) =>
    notificationPage(deps.db, userId, input, mutes),
  );
  const list = rows.map(({ row: r, actor, notice }) => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    actor: r.actorId === null || !actor ? null : toOwner(actor),
    link: r.link,
    text: r.text,
    is_read: r.isRead,
    created_at: iso(r.createdAt),
    moderation:
      r.moderationId === null || !notice ? null : noticeOf(notice.moderation, notice.appeal, notice.excerpt),
  }));
  return toPage(list, total, input.limit);
}

/** `PATCH .../notification/read`: one notification, or all of them. Answers what is left unread. */
export async function markRead(
  deps: Deps,
  userId: number,
  id: number | undefined,
): Promise<{ updated: number; unread_notifications: number }> {
  const { db } = deps;
  const mine = and(eq(notifications.userId, userId), eq(notifications.isRead, false));
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
  if (updated.length > 0) await deps.live.unread(userId);
  return { updated: updated.length, unread_notifications: left[0]?.n ?? 0 };
}

/**
 * Unread notifications and chat threads with unread messages, in one statement (what the person
 * muted there is not counted, as their lists leave it out), with when D1 counted them (its clock,
 * in ms), for the live inbox's ordering.
 */
export async function unreadDataAt(
  deps: Deps,
  userId: number,
): Promise<{ counts: UnreadData; countedAt: number }> {
  // Counted as if nothing were muted while the request's token check (which brings the phrases) is
  // still to come: it rides in the same round trip, and a second count follows only when it names
  // phrases for these places (docs/decisions/156).
  const known = {
    notifications: knownMutes(deps, userId, "NOTIFICATIONS"),
    chats: knownMutes(deps, userId, "CHAT_REQUESTS"),
  };
  let read = await unreadCounts(deps.db, userId, {
    notifications: known.notifications ?? [],
    chats: known.chats ?? [],
  });
  if (known.notifications === null || known.chats === null) {
    const mutes = await mutesOf(deps, userId);
    if (mutes.NOTIFICATIONS.length > 0 || mutes.CHAT_REQUESTS.length > 0)
      read = await unreadCounts(deps.db, userId, {
        notifications: mutes.NOTIFICATIONS,
        chats: mutes.CHAT_REQUESTS,
      });
  }
  return { counts: toUnreadData(read.notifications, read.threads), countedAt: read.countedAt };
}
