import { isEmailKind } from "#shared/schemas/push.ts";
import type { Deps, Events, FoundPerson, OnlyIf, Told } from "#worker/deps.ts";
import { moderationNotices } from "#worker/lib/moderation-notices.ts";
import { toUnreadData } from "#worker/lib/user-json.ts";
import {
  type CheckedNotice,
  NOT_TOLD_YET,
  noticeChecked,
  noticeCheckStatement,
  noticesChecked,
  postEditedCheckStatement,
} from "./queries";
import { type NewNotification, prepared, sendNotice, settingOf } from "./service";

// Who hears of what happened elsewhere (deps.ts `Events`, docs/decisions/196): the features where
// things happen say what happened, and this is where it becomes notifications. createDeps
// connects it; no feature imports it.

/** One hour, the quiet time of a reaction's notice per item. */
const HOUR_MS = 60 * 60 * 1000;

/**
 * A notice of a write on its way to the recipient's inbox. The recipient is named by id, or found
 * by SQL in the write's batch (`to`: a follow's, a vote's; never a notice told `once`).
 */
type InboxNotice = Omit<NewNotification, "userId"> & {
  actorId: number;
  /** Told at most once in this long per kind and link (reactions). */
  quietMs?: number;
  /**
   * Where it leads and its text, once the batch is back, instead of `link` and `text`: from the
   * actor as the batch read them (a follow's: the follower's profile, sent before the token check
   * brought their username), or from what the write's own reads found (a vote's: the post).
   */
  resolve?: (actor: { username: string }) => { link: string | null; text: string | null };
} & ({ userId: number } | { to: FoundPerson });

/**
 * The inbox's idempotency key of a notice: a repeated delivery of the same write carries the same
 * key and is kept once. A notice told once per link (`once`: mentions) has the link for its key,
 * so an edit that names the person again keeps nothing new; every other carries the kind, the
 * actor, where it leads and the write's time.
 */
function noticeKey(n: InboxNotice, now: number): string {
  return n.once ? `${n.kind}:${n.link ?? ""}` : `${n.kind}:${n.actorId}:${n.link ?? ""}:${now}`;
}

/**
 * The notifications of one write (a comment, a vote, a follow, a mention, a join, a reaction),
 * which the recipients' inbox objects keep (docs/decisions/210, 223): one statement each in the
 * writer's batch checks the kind's setting, the blocks and `onlyIf` (with `once`, also that no
 * notice of that kind leading there is still in D1 from before) and reads the actor. Once the
 * batch committed, each notice that passed goes to its person's inbox with its idempotency key
 * (`noticeKey`), straight away or, when that call fails, through the queue. Nobody hears of their
 * own action.
 */
function toldToInbox(deps: Deps, notices: InboxNotice[], now: number, onlyIf: OnlyIf): Told {
  // One found by SQL is not the actor: its check sees to it (`noticeCheckStatement`).
  const told = notices.filter((n) => !("userId" in n) || n.actorId !== n.userId).map(prepared);
  return {
    statements: told.map((n) =>
      noticeCheckStatement(
        deps.db,
        n,
        settingOf(n.kind),
        now,
        [n.once ? NOT_TOLD_YET : "", onlyIf.sql].filter(Boolean).join(" AND "),
        onlyIf.binds,
      ),
    ),
    after: async (results) => {
      for (const [i, n] of told.entries()) {
        const checked = noticeChecked(results[i]);
        if (!checked) continue;
        const late = n.resolve ? prepared(n.resolve(checked.actor)) : { link: n.link, text: n.text };
        await sendChecked(deps, { ...n, ...late, userId: checked.userId }, checked, now);
      }
    },
  };
}

/** A notice that passed its check goes to its person's inbox with its idempotency key. */
async function sendChecked(
  deps: Deps,
  n: InboxNotice & { userId: number },
  checked: CheckedNotice,
  now: number,
): Promise<void> {
  await sendNotice(deps, n.userId, {
    notice: {
      key: noticeKey(n, now),
      kind: n.kind,
      actorId: n.actorId,
      link: n.link,
      text: n.text,
      createdAt: now,
      // Following, unfollowing and following again tells them once while the first is unread.
      oncePerUnreadActor: n.kind === "FOLLOWER",
      quietMs: n.quietMs,
    },
    actor: checked.actor,
    muted: checked.muted,
    session: checked.session,
    away: checked.pushable || isEmailKind(n.kind),
    // With phrases muted, D1's count leaves some out: the inbox reads it again.
    unread: checked.muted
      ? null
      : {
          counts: toUnreadData(checked.unread.notifications, checked.unread.threads),
          countedAt: checked.unread.countedAt,
        },
  });
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
        [
          {
            to: e.author,
            kind: "UPVOTE",
            actorId: e.actorId,
            link: null,
            text: null,
            resolve: () => {
              const post = e.post();
              return { link: post.link, text: post.title };
            },
          },
        ],
        e.now,
        e.onlyIf,
      ),
    followed: (e) =>
      toldToInbox(
        deps,
        [
          {
            to: e.person,
            kind: "FOLLOWER",
            actorId: e.followerId,
            link: null,
            text: null,
            resolve: (follower) => ({ link: e.link(follower), text: null }),
          },
        ],
        e.now,
        e.onlyIf,
      ),
    // The people who commented hear of it once an hour per post (an edit that changed nothing
    // tells nobody); their inboxes keep it (docs/decisions/223).
    postEdited: (e) => {
      const post = { id: e.postId, link: e.link, title: e.title };
      const text = prepared({
        userId: 0,
        kind: "POST_EDITED",
        actorId: e.actorId,
        link: e.link,
        text: e.title,
      }).text;
      return {
        statements: [postEditedCheckStatement(deps.db, post, e.actorId, e.now)],
        after: async ([checked]) => {
          for (const person of noticesChecked(checked))
            await sendChecked(
              deps,
              {
                userId: person.userId,
                kind: "POST_EDITED",
                actorId: e.actorId,
                link: e.link,
                text,
                quietMs: HOUR_MS,
              },
              person,
              e.now,
            );
        },
      };
    },
    // A person hears of a post or a comment once, however often an edit takes their name out and
    // puts it back: a mention that leads where one of theirs already leads is not kept again.
    mentioned: (e) =>
      toldToInbox(
        deps,
        e.userIds.map((userId) => ({
          userId,
          kind: "MENTION" as const,
          actorId: e.actorId,
          link: e.link,
          text: e.text,
          once: true,
        })),
        e.now,
        e.onlyIf,
      ),
    // The owner hears of a new member.
    communityJoined: (e) =>
      toldToInbox(
        deps,
        [{ userId: e.ownerId, kind: "COMMUNITY", actorId: e.actorId, link: e.link, text: e.text }],
        e.now,
        e.onlyIf,
      ),
    // The referrer hears of each newcomer they invited once.
    referred: (e) =>
      toldToInbox(
        deps,
        [
          {
            userId: e.referrerId,
            kind: "REFERRAL",
            actorId: e.newcomerId,
            link: e.link,
            text: null,
            once: true,
          },
        ],
        e.now,
        { sql: "" },
      ),
    // The author of what was reacted to hears of it once an hour per item.
    reacted: (e) =>
      toldToInbox(
        deps,
        [
          {
            userId: e.ownerId,
            kind: "REACTION",
            actorId: e.actorId,
            link: e.link,
            text: e.text,
            quietMs: HOUR_MS,
          },
        ],
        e.now,
        e.onlyIf,
      ),
    // The person hears that their data archive is ready; the key is the archive's, so a job the
    // queue delivers again is kept once (docs/decisions/231).
    archiveReady: (e) =>
      sendNotice(deps, e.userId, {
        notice: {
          key: `EXPORT_READY:${e.exportId}`,
          kind: "EXPORT_READY",
          actorId: null,
          link: e.link,
          text: null,
          createdAt: e.now,
        },
        actor: null,
        // No text for a muted phrase to match.
        muted: false,
        unread: null,
      }),
    // A decision about the person: one card per decision, kept by their inbox under the
    // decision's key, so the answer to its appeal reopens that card (docs/decisions/231).
    moderated: async (e) => {
      const card = (await moderationNotices(deps, [e.moderationId])).get(e.moderationId) ?? null;
      await sendNotice(deps, e.userId, {
        notice: {
          key: `MODERATION:${e.moderationId}`,
          kind: "MODERATION",
          actorId: null,
          link: null,
          text: e.text || null,
          createdAt: e.now,
          moderationId: e.moderationId,
          reopen: e.reopen,
        },
        actor: null,
        moderation: card,
        // Staff's note may hold a phrase the person muted: their tabs read the list again.
        muted: true,
        unread: null,
      });
    },
  };
}
