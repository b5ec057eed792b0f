import type { Deps, Events, OnlyIf, Told } from "#worker/deps.ts";
import {
  type InsertedNotification,
  notificationStatements,
  notificationWritten,
  postEditedNoticeStatement,
  toNotificationRow,
} from "./queries";
import { type NewNotification, notify, prepared, settingOf, tellWritten } from "./service";

// Who hears of what happened elsewhere (deps.ts `Events`, docs/decisions/196): the features where
// things happen say what happened, and this is where it becomes notifications. createDeps
// connects it; no feature imports it.

/**
 * The notifications of one write, for its batch: each is written only when its setting, the
 * blocks and `onlyIf` allow (`notificationStatements`); nobody hears of their own action. After the
 * batch, each written one reaches the person's open tabs.
 */
function toldInBatch(deps: Deps, notices: NewNotification[], now: number, onlyIf: OnlyIf): Told {
  const lists = notices
    .filter((n) => n.actorId === null || n.actorId !== n.userId)
    .map((n) =>
      notificationStatements(deps.db, prepared(n), settingOf(n.kind), now, onlyIf.sql, onlyIf.binds),
    );
  return {
    statements: lists.flat(),
    after: async (results) => {
      let at = 0;
      for (const statements of lists) {
        await tellWritten(deps, notificationWritten(results.slice(at, at + statements.length)));
        at += statements.length;
      }
    },
  };
}

export function notificationEvents(deps: Deps): Events {
  return {
    // The parent's author hears of a reply, the post's author of a comment (once, if they are one).
    commentWritten: (e) =>
      toldInBatch(
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
      toldInBatch(
        deps,
        [{ userId: e.ownerId, kind: "UPVOTE", actorId: e.actorId, link: e.link, text: e.title }],
        e.now,
        e.onlyIf,
      ),
    followed: (e) =>
      toldInBatch(
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
