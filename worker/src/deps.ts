import type { FeedOption } from "#shared/enums.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { Database } from "./db/database";
import type { Statement } from "./db/sql";
import type { Bindings } from "./env";
import type { CarriedUnread } from "./features/live/inbox";
import { liveUpdates } from "./features/live/service";
import { notificationEvents } from "./features/notifications/events";
import { unreadDataAt } from "./features/notifications/service";
import { feedItemsWhere, readFeed, visitorPosts } from "./features/posts/feed";
import { getPost } from "./features/posts/service";
import { dropRecentPasskeys } from "./features/two-factor/factor-changes";
import type { EmailLanguage } from "./lib/language";
import type { ActiveMute } from "./lib/mute-match";
import type { NotificationRow } from "./lib/notification-row";
import type { OwnerRow } from "./lib/owners";
import type { FactorOwner } from "./lib/second-factor-queries";

/**
 * What a feature tells the live updates (features/live/service.ts) when something a person's open
 * tabs show has changed, so no feature imports the live one. Each call runs after the answer when
 * it can and never throws: live updates are a courtesy on top of what the pages fetch.
 */
export interface LiveUpdates {
  /** A notification row was just written; `known` carries what the writing batch already read. */
  notification(
    row: NotificationRow & { moderationId?: number | null },
    known?: { actor?: OwnerRow | null; unread?: CarriedUnread | null },
  ): Promise<void>;
  /** The person's unread counts changed (they read something). */
  unread(userId: number): Promise<void>;
  /** A post's comments or votes changed. */
  postActivity(postPublicId: string, actorId: number | null): Promise<void>;
  /** The person switched "Show when I'm online". */
  presenceSetting(userId: number): Promise<void>;
  /** The person read these posts (public ids): their other tabs leave them out of hide-read feeds. */
  postsRead(userId: number, publicIds: string[]): Promise<void>;
  /** One person blocked another. */
  partnersParted(userId: number, otherId: number): Promise<void>;
}

/**
 * The unread counts, so no feature imports the notifications one for them (the notices
 * themselves are told through `Events`).
 */
interface Notices {
  /**
   * The person's unread counts as the bell shows them, and when D1 counted them (its clock, ms).
   * Their inbox object passes how it counts its own notices (docs/decisions/210); anyone else
   * asks the inbox.
   */
  unread(
    userId: number,
    inboxUnread?: (mutes: ActiveMute[]) => number,
  ): Promise<{ counts: UnreadData; countedAt: number }>;
}

/**
 * What a write tells others, carried in that write's own batch so nothing it tells drifts from it:
 * the caller puts `statements` in its batch and, once the batch committed, hands `after` their
 * results (`results.slice(at, at + statements.length)`).
 */
export interface Told {
  statements: D1PreparedStatement[];
  after(results: D1Result[]): Promise<void>;
}

/** Several writes' `Told` as one: their statements one after another, each `after` its own results. */
export function allTold(told: Told[]): Told {
  return {
    statements: told.flatMap((t) => t.statements),
    after: async (results) => {
      let at = 0;
      for (const t of told) {
        await t.after(results.slice(at, at + t.statements.length));
        at += t.statements.length;
      }
    },
  };
}

/**
 * The condition under which an event tells anyone, checked inside the writing batch (so a write
 * the batch did not make tells nobody): SQL over ?1 (the person told), ?3 (the actor), ?6 (the
 * batch's `now`) and ?7 on (`binds`, in order), as features/notifications/queries.ts
 * `notificationStatements` and `noticeCheckStatement` bind them.
 */
export interface OnlyIf {
  sql: string;
  binds?: unknown[];
}

/**
 * The person an event's notice goes to, found by SQL in the write's batch rather than known before
 * it (a follow's by username, a vote's as the post's author): `sql` over `p`, with `bind` as ?1.
 */
export interface FoundPerson {
  sql: string;
  bind: unknown;
}

/**
 * What happened, as the feature where it happened says it (docs/decisions/196), so that feature
 * imports none of those that care: app wiring (`createDeps`) connects the notifications feature
 * (features/notifications/events.ts), which decides who hears of it. The events of a write return
 * `Told` to batch with it (a comment's, a vote's, a follow's, a mention's, a join's and a
 * reaction's and a referral's: one statement per notice checks it, and after the batch the person's Inbox keeps it,
 * docs/decisions/210 and 223); a post's edit still writes on its own.
 */
export interface Events {
  /** A comment was written on a post; a reply to a comment when `parentOwnerId` is set. */
  commentWritten(e: {
    actorId: number;
    postOwnerId: number;
    parentOwnerId: number | null;
    /** The comment's own address. */
    link: string;
    /** The comment as a glance shows it. */
    text: string;
    now: number;
    onlyIf: OnlyIf;
  }): Told;
  /**
   * Someone upvoted a post, its `author` found in the vote's batch; the post's `link` and `title`
   * once that batch is back (its own reads found the post).
   */
  postUpvoted(e: {
    actorId: number;
    author: FoundPerson;
    post: () => { link: string; title: string };
    now: number;
    onlyIf: OnlyIf;
  }): Told;
  /**
   * Someone followed a `person` found in the follow's batch (`onlyIf` names them as `p.id`);
   * `link`, the follower's profile, from the follower as that batch read them (it goes before the
   * token check brought the follower's username).
   */
  followed(e: {
    followerId: number;
    person: FoundPerson;
    link: (follower: { username: string }) => string;
    now: number;
    onlyIf: OnlyIf;
  }): Told;
  /**
   * A post's author edited it at `now` (its `edited_at`; an edit that changed nothing has another):
   * its check goes in the edit's batch after the edit's own statements.
   */
  postEdited(e: { postId: number; actorId: number; link: string; title: string; now: number }): Told;
  /** A post or a comment named these people for the first time. */
  mentioned(e: {
    actorId: number;
    userIds: number[];
    link: string;
    text: string;
    now: number;
    onlyIf: OnlyIf;
  }): Told;
  /** Someone joined a community that has an owner (`link`: its members). */
  communityJoined(e: {
    actorId: number;
    ownerId: number;
    link: string;
    text: string;
    now: number;
    onlyIf: OnlyIf;
  }): Told;
  /** A person someone invited is in (`link`: the newcomer's profile). */
  referred(e: { referrerId: number; newcomerId: number; link: string; now: number }): Told;
  /** Someone reacted to a post, a comment or a chat message of `ownerId`'s. */
  reacted(e: {
    actorId: number;
    ownerId: number;
    link: string | null;
    text: string | null;
    now: number;
    onlyIf: OnlyIf;
  }): Told;
  /**
   * The person's data archive (`exportId`) is ready: their inbox keeps the notice once, however
   * often the queue delivers the job that built it (docs/decisions/231).
   */
  archiveReady(e: { userId: number; exportId: number; link: string; now: number }): Promise<void>;
  /**
   * Staff or a community's moderators decided about the person (`moderationId`, its note as
   * `text`); with `reopen`, an appeal of it was answered: the decision's one card in their inbox
   * is marked unread and moves to the top (docs/decisions/231).
   */
  moderated(e: {
    userId: number;
    moderationId: number;
    text: string | null;
    now: number;
    reopen?: boolean;
  }): Promise<void>;
}

/** The statements of a posts query: SQL over `microposts m` after a WITH prefix (or ""), and its binds. */
export interface PostsWhere {
  with: string;
  where: string;
  binds: unknown[];
}

/** Which of a visitor's pages of posts (`PostReads.forVisitor`). */
export type VisitorPosts = { post: string } | { community: string; limit: number };

/**
 * What another feature may ask of the posts one, so none imports it: whether a person may read a
 * post now (docs/decisions/135), refused as reading it would be (404 and the like); posts as the
 * feed shows them; and what a visitor's pages show of posts (the open web's, docs/decisions/132).
 */
interface PostReads {
  readable(viewerId: number, postPublicId: string): Promise<void>;
  /**
   * The visible posts `posts` names, as feed items keyed by post id, read with all a feed item
   * shows in one batch; `extra` statements ride in it too and come back in order.
   */
  itemsWhere(
    viewerId: number | null,
    posts: PostsWhere,
    extra: Statement[],
  ): Promise<{ items: Map<number, FeedItem>; extra: object[][] }>;
  /**
   * As the API answers a visitor, in one batch with `extra` statements (back in order): the
   * published post by its public id, or a community's first page, pinned first, with the cursor
   * after it (null for a post, or when the page is not full).
   */
  forVisitor(
    which: VisitorPosts,
    extra: Statement[],
  ): Promise<{ items: FeedItem[]; cursor: string | null; extra: object[][] }>;
  /** The site feed's first page in `option`, as a visitor reads it. */
  visitorFeed(option: FeedOption, limit: number): Promise<CursorPage<FeedItem>>;
}

/** What another feature may ask of the two-factor one, so none imports it. */
interface SecondFactors {
  /**
   * After a password change or "sign out everywhere", when the person chose it: the passkeys added
   * in the last 24 hours go, each told by e-mail. Answers their names.
   */
  dropRecentPasskeys(owner: FactorOwner, language: EmailLanguage): Promise<string[]>;
}

/**
 * What a service needs, as its one first argument: the request's data handle and the bindings
 * (R2, the chat namespace, the queue, provider settings). Routes pass `c.var.deps`; Durable
 * Objects, the queue consumer and scheduled handlers build theirs with `createDeps(env)`.
 */
export interface Deps {
  db: Database;
  env: Bindings;
  /**
   * Work that must finish but not before the answer (a request's `waitUntil`). Without it (Durable
   * Objects, the queue, scheduled handlers) the caller awaits the work itself.
   */
  background?: (work: Promise<unknown>) => void;
  /**
   * The phrases the signed-in viewer mutes now, read with the token check (middleware/auth.ts) so
   * the lists that filter by them need no round trip of their own.
   */
  viewerMutes?: { userId: number; rows: Array<{ phrase: string; wholeWord: boolean; contexts: string }> };
  /** Tells the live updates what happened (above). */
  readonly live: LiveUpdates;
  /** Writes notifications in another feature's batch (above). */
  readonly notices: Notices;
  /** Tells whoever cares what happened (above). */
  readonly events: Events;
  /** Asks the posts feature (above). */
  readonly posts: PostReads;
  /** Asks the two-factor feature (above). */
  readonly secondFactors: SecondFactors;
}

/**
 * `bookmark`: where the request's D1 session starts (see `Database`); without one it starts on the
 * primary, which is what Durable Objects, the queue and scheduled work want before they write.
 */
export function createDeps(
  env: Bindings,
  background?: (work: Promise<unknown>) => void,
  bookmark?: string,
): Deps {
  // Each helper is made on first use: most requests use one or two of them, and each is a set of
  // closures made again for every request.
  let live: LiveUpdates | undefined;
  let notices: Notices | undefined;
  let events: Events | undefined;
  let posts: PostReads | undefined;
  let secondFactors: SecondFactors | undefined;
  const deps: Deps = {
    db: new Database(env.DB, bookmark),
    env,
    background,
    get live() {
      live ??= liveUpdates(deps);
      return live;
    },
    get notices() {
      notices ??= {
        unread: (userId, inboxUnread) => unreadDataAt(deps, userId, inboxUnread),
      };
      return notices;
    },
    get events() {
      events ??= notificationEvents(deps);
      return events;
    },
    get posts() {
      posts ??= {
        readable: async (viewerId, postPublicId) => {
          await getPost(deps, viewerId, postPublicId);
        },
        itemsWhere: (viewerId, where, extra) => feedItemsWhere(deps, viewerId, where, extra),
        forVisitor: (which, extra) => visitorPosts(deps, which, extra),
        visitorFeed: (option, limit) => readFeed(deps, null, { option, skip: 0, limit }),
      };
      return posts;
    },
    get secondFactors() {
      secondFactors ??= {
        dropRecentPasskeys: (owner, language) => dropRecentPasskeys(deps, owner, language),
      };
      return secondFactors;
    },
  };
  return deps;
}
