import type { NotificationKind } from "#shared/enums.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { Database } from "./db/database";
import type { Bindings } from "./env";
import type { CarriedUnread } from "./features/live/inbox";
import { liveUpdates } from "./features/live/service";
import {
  type NotificationRow,
  notificationStatements,
  notificationWritten,
} from "./features/notifications/queries";
import { prepared, settingOf, tellWritten, unreadDataAt } from "./features/notifications/service";
import { getPost } from "./features/posts/service";
import type { OwnerRow } from "./lib/owners";

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
 * Notifications written inside another feature's batch, and the unread counts, so no feature
 * imports the notifications one for them: `statements` are the notification's (the kind's
 * setting, blocks and `onlyIf` decide whether a row is written, as in
 * features/notifications/queries.ts `notificationStatements`); after the batch, `tell` takes
 * their results and tells the person's open tabs.
 */
export interface Notices {
  statements(
    input: {
      userId: number;
      kind: NotificationKind;
      actorId: number | null;
      link: string | null;
      text: string | null;
    },
    now: number,
    onlyIf?: string,
    onlyIfBinds?: unknown[],
  ): D1PreparedStatement[];
  tell(results: D1Result[]): Promise<boolean>;
  /** The person's unread counts as the bell shows them, and when D1 counted them (its clock, ms). */
  unread(userId: number): Promise<{ counts: UnreadData; countedAt: number }>;
}

/**
 * What another feature may ask of the posts one, so none imports it: whether a person may read a
 * post now (docs/decisions/135), refused as reading it would be (404 and the like).
 */
export interface PostReads {
  readable(viewerId: number, postPublicId: string): Promise<void>;
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
  live: LiveUpdates;
  /** Writes notifications in another feature's batch (above). */
  notices: Notices;
  /** Asks the posts feature (above). */
  posts: PostReads;
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
  const deps = { db: new Database(env.DB, bookmark), env, background } as Deps;
  deps.live = liveUpdates(deps);
  deps.notices = {
    statements: (input, now, onlyIf, onlyIfBinds) =>
      notificationStatements(deps.db, prepared(input), settingOf(input.kind), now, onlyIf, onlyIfBinds),
    tell: (results) => tellWritten(deps, notificationWritten(results)),
    unread: (userId) => unreadDataAt(deps, userId),
  };
  deps.posts = {
    readable: async (viewerId, postPublicId) => {
      await getPost(deps, viewerId, postPublicId);
    },
  };
  return deps;
}
