import { eq } from "drizzle-orm";
import type { NotificationKind } from "../../../../shared/src/enums";
import type { Db } from "../../db/client";
import { notifications, users } from "../../db/schema";

/** Which user setting switches each kind of notification (part 2 §3 "User setting flags"). */
const SETTING_OF: Record<NotificationKind, keyof typeof users.$inferSelect> = {
  FOLLOWER: "notifyFollower",
  MENTION: "notifyMention",
  COMMENT: "notifyComment",
  REPLY: "notifyComment",
  UPVOTE: "notifyUpvote",
  REFERRAL: "notifyReferral",
  COMMUNITY: "notifyCommunity",
};

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  actorId: number | null;
  /** Where a click leads: a post link, a profile. */
  link: string | null;
  text: string | null;
}

/**
 * Notifies a user unless they switched that kind off, or it is their own action. Returns whether
 * a notification was written. Callers that write in a batch can use `notificationInsert` instead.
 */
export async function notify(db: Db, input: NewNotification): Promise<boolean> {
  if (input.actorId !== null && input.actorId === input.userId) return false;
  const setting = SETTING_OF[input.kind];
  const row = await db.select({ on: users[setting] }).from(users).where(eq(users.id, input.userId)).get();
  if (!row || row.on !== true) return false;
  await db.insert(notifications).values(input);
  return true;
}
