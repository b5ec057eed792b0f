import type { NotificationKind } from "#shared/enums.ts";
import type { ModerationNotice } from "#shared/schemas/moderation.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { type OwnerRow, toOwner } from "./owners";
import { iso } from "./time";

// Notifications of social writes kept in the recipient's Inbox object, not in D1
// (docs/decisions/210): what the writer, the queue, the inbox and the notifications feature share.

/**
 * The API numbers a notice its inbox keeps from here up (the inbox's own id added), so it never
 * meets the id of a notification still in D1, and marking one read knows where it lives.
 */
export const INBOX_NOTICE_ID_BASE = 1_000_000_000_000;

/** A notice as the inbox keeps it. */
export interface NoticeRow {
  id: number;
  kind: string;
  actorId: number | null;
  link: string | null;
  text: string | null;
  isRead: boolean;
  createdAt: number;
  /** The decision a MODERATION notice tells of (docs/decisions/231). */
  moderationId: number | null;
}

/** A notice to keep: its idempotency key and what it says. */
export interface NewNotice {
  key: string;
  kind: string;
  actorId: number | null;
  link: string | null;
  text: string | null;
  createdAt: number;
  /** Kept only if no unread notice of this kind from this actor is there already (follows). */
  oncePerUnreadActor?: boolean;
  /**
   * Kept only if no notice of this kind leading to the same link was kept in the `quietMs` before
   * `createdAt` (reactions and edits: one an hour per item).
   */
  quietMs?: number;
  /** The decision a MODERATION notice tells of. */
  moderationId?: number;
  /** Already kept under this key: marked unread and moved to `createdAt` (an answered appeal). */
  reopen?: boolean;
}

/**
 * A notification of a social write on its way to the recipient's inbox (docs/decisions/210), from
 * the writer right after its batch or from the queue when that call failed: the notice with its
 * idempotency key, the actor as others see them (for the live frame), whether the person mutes
 * any phrase (then the frame's copy is not put into their lists as it is) and their unread counts
 * in D1 read in the writer's batch (null: the inbox reads them).
 */
export interface NoticeDelivery {
  notice: NewNotice;
  actor: OwnerRow | null;
  muted: boolean;
  unread: { counts: UnreadData; countedAt: number } | null;
  /** The person's account as the writer's batch read it, for the inbox's session check (no read of its own). */
  session?: CarriedSession;
  /**
   * False when the writer's batch saw nothing an away job could do with this notice (no push
   * subscription, a kind the e-mail does not carry): with no tab open, no job is queued.
   */
  away?: boolean;
  /** A MODERATION notice's card as the live frame shows it (read by the sender). */
  moderation?: ModerationNotice | null;
}

/**
 * The recipient's account as a producer's D1 batch read it: the token version their sessions must
 * hold, and whether the account may hold one at all (docs/decisions/228).
 */
export interface CarriedSession {
  version: number;
  live: boolean;
}

/** A kept notice as the API shows it (`id` in the inbox's range: notifications/service.ts). */
export function noticeJson(
  row: NoticeRow,
  actor: OwnerRow | null,
  moderation: ModerationNotice | null = null,
): Notification {
  return {
    id: INBOX_NOTICE_ID_BASE + row.id,
    kind: row.kind as NotificationKind,
    actor: actor ? toOwner(actor) : null,
    link: row.link,
    text: row.text,
    is_read: row.isRead,
    created_at: iso(row.createdAt),
    moderation,
  };
}
