import type { Deps, Events, OnlyIf, Told } from "#worker/deps.ts";
import { toUnreadData } from "#worker/lib/user-json.ts";
import {
  type InsertedNotification,
  noticeChecked,
  noticeCheckStatement,
  postEditedNoticeStatement,
  toNotificationRow,
} from "./queries";
import { type NewNotification, notify, prepared, sendNotice, settingOf } from "./service";

// Who hears of what happened elsewhere (deps.ts `Events`, docs/decisions/196): the features where
// things happen say what happened, and this is where it becomes notifications. createDeps
// connects it; no feature imports it.

/**
 * The notifications of one social write (a comment, a vote, a follow), which the recipients' inbox
 * objects keep (docs/decisions/210): one statement each in the writer's batch checks the kind's
 * setting, the blocks and `onlyIf` and reads the actor. Once the batch committed, each notice that
 * passed goes to its person's inbox with its idempotency key (the kind, the actor, where it leads
 * and the write's time), straight away or, when that call fails, through the queue. Nobody hears
 * of their own action.
 */
function toldToInbox(
  deps: Deps,
  notices: Array<NewNotification & { actorId: number }>,
  now: number,
  onlyIf: OnlyIf,
): Told {
  const told = notices.filter((n) => n.actorId !== n.userId).map(prepared);
  return {
    statements: told.map((n) =>
      noticeCheckStatement(
        deps.db,
        { ...n, actorId: n.actorId as number },
        settingOf(n.kind),
        now,
        onlyIf.sql,
        onlyIf.binds,
      ),
    ),
    after: async (results) => {
      for (const [i, n] of told.entries()) {
        const checked = noticeChecked(results[i]);
        if (!checked) continue;
        await sendNotice(deps, n.userId, {
          notice: {
            key: `${n.kind}:${n.actorId}:${n.link ?? ""}:${now}`,
            kind: n.kind,
            actorId: n.actorId,
            link: n.link,
            text: n.text,
            createdAt: now,
            // Following, unfollowing and following again tells them once while the first is unread.
            oncePerUnreadActor: n.kind === "FOLLOWER",
          },
          actor: checked.actor,
          muted: checked.muted,
          session: checked.session,
          // With phrases muted, D1's count leaves some out: the inbox reads it again.
          unread: checked.muted
            ? null
            : {
                counts: toUnreadData(checked.unread.notifications, checked.unread.threads),
                countedAt: checked.unread.countedAt,
              },
        });
      }
    },
  };
}

export function notificationEvents(deps: Deps): Events {
  return {
    // The parent's author hears of a reply, the post's author of a comment (once, if they are one).
    commentWritten: (e) =>
      toldToInbox(
        deps,
        [
          ...(e.parentOwnerId !== null ? [{ userId: e.parentOwnerId, kind: "REPLY" as const }] : []),
          ...(e.parentOwnerId === null || e.parentOwnerId !== e.postOwnerId
            ? [{ userId: e.postOwnerId, kind: "COMMENT" as const }]
            : []),
        ].map((n) => ({ ...n, actorId: e.actorId, link: e.link, text: e.text })),
        e.now,
        e.onlyIf,
      ),
    postUpvoted: (e) =>
      toldToInbox(
        deps,
        [{ userId: e.ownerId, kind: "UPVOTE", actorId: e.actorId, link: e.link, text: e.title }],
        e.now,
        e.onlyIf,
      ),
    followed: (e) =>
      toldToInbox(
        deps,
        [{ userId: e.personId, kind: "FOLLOWER", actorId: e.followerId, link: e.link, text: null }],
        e.now,
        e.onlyIf,
      ),
    // The people who commented hear of it once an hour (an edit that changed nothing tells nobody).
    postEdited: async (e) => {
      const [written] = await deps.db.write([
        postEditedNoticeStatement(deps.db, { id: e.postId, link: e.link, title: e.title }, e.actorId, e.now),
      ]);
      for (const n of (written?.results ?? []) as InsertedNotification[])
        await deps.live.notification(toNotificationRow(n));
    },
    // A person hears of a post or a comment once, however often an edit takes their name out and
    // puts it back: a mention that leads where one of theirs already leads is not written again.
    mentioned: async (e) => {
      for (const userId of e.userIds)
        await notify(deps, {
          userId,
          kind: "MENTION",
          actorId: e.actorId,
          link: e.link,
          text: e.text,
          once: true,
        });
    },
    // The owner hears of a new member.
    communityJoined: async (e) => {
      await notify(deps, {
        userId: e.ownerId,
        kind: "COMMUNITY",
        actorId: e.actorId,
        link: e.link,
        text: e.text,
      });
    },
  };
}
