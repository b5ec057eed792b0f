import { DurableObject } from "cloudflare:workers";
import { LIVE_BUFFER_FRAMES, LIVE_MSG, type LiveEvent, type LiveServerFrame } from "#shared/schemas/live.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { createDeps, type Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { refusalResponse } from "#worker/lib/errors.ts";
import {
  type CarriedSession,
  type NoticeDelivery,
  type NoticeRow,
  noticeJson,
} from "#worker/lib/inbox-notices.ts";
import { type ActiveMute, notMutedSql } from "#worker/lib/mute-match.ts";
import { accountSession } from "#worker/lib/session-queries.ts";
import { mayHoldSession } from "#worker/lib/sessions.ts";
import {
  closeBack,
  closeSessionEnded,
  FrameRing,
  LIVE_KEEP_ALIVE,
  mayListen,
  notAllowed,
  readGrant,
  SessionRecheck,
  SocketSessions,
  tooManySockets,
  useSocketToken,
} from "#worker/lib/sockets/resumable.ts";
import { inboxStub } from "#worker/lib/sockets/stubs.ts";
import { toUnreadData } from "#worker/lib/user-json.ts";
import { presenceCircle } from "./queries";
import {
  addInboxFrame,
  addNotice,
  allNotices,
  claimInbox,
  dropNotices,
  forgetPartner,
  forgetPartners,
  type InboxState,
  inboxState,
  makeInboxTables,
  markNoticesRead,
  type NoticeFilter,
  noteWatchedPost,
  noticePage,
  type PresenceSelf,
  partnerOnline,
  partnersOnline,
  presenceSelf,
  setAnnounced,
  setBelowVersion,
  setPartnerOnline,
  setPresenceShows,
  unreadNotices,
  unreadNoticesBetween,
  watchedPosts,
} from "./storage-queries";

/** The muted phrases' test over a notice's text, for the inbox's own SQL. */
function noticeFilter(mutes: ActiveMute[]): NoticeFilter {
  const { sql, binds } = notMutedSql("text", mutes, 1);
  return { sql, binds: binds ?? [] };
}

/** Headers only the Worker sets on the upgrade it forwards (clients never reach this object). */
export const LIVE_HEADERS = {
  userId: "x-agora-live-user-id",
  tokenVersion: "x-agora-live-token-version",
  tokenId: "x-agora-live-token-id",
  tokenExpires: "x-agora-live-token-expires",
} as const;

/** Posts an inbox remembers the owner watching, newest first, and for how long (a token's life). */
const WATCHED_POSTS_KEPT = 200;
const WATCHED_POST_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Tabs one person holds at most. */
export const MAX_SOCKETS_PER_INBOX = 50;

/** Unread counts a producer read in the same transaction as its write, and when. */
export interface CarriedUnread {
  counts: UnreadData;
  /** When D1 counted them (ms, D1's clock): counts older than the newest sent are read again. */
  countedAt: number;
}

/** What `deliver` is told beside the events. */
export interface DeliverOptions {
  /**
   * Add an UNREAD frame: `true` reads the owner's counts from D1; carried counts are sent as they
   * are, unless counts read later were sent already (then D1 is read, so a late event never
   * brings an older count back).
   */
  unread?: boolean | CarriedUnread;
  /**
   * Events that only matter to a tab open now (PRESENCE: a tab that opens later is sent the
   * current state): with no tab listening they are dropped without forcing a RESYNC.
   */
  ephemeral?: boolean;
  /** The owner's account as the producer's batch just read it: the session check uses it, not a read. */
  session?: CarriedSession;
  /** False: with no tab open, no away job either (nothing could reach the owner: `NoticeDelivery.away`). */
  away?: boolean;
}

/** Partners' inboxes called at once when presence changes. */
const PRESENCE_PARALLEL = 50;

/**
 * One person's live updates, addressed by `user:<id>` (ADR 109). It holds that person's open tabs
 * (hibernating sockets: an idle inbox costs nothing) and numbers every event it is told of with an
 * increasing `seq`, kept with the last LIVE_BUFFER_FRAMES events in its SQLite storage, so a tab
 * that reconnects RESUMEs after the last seq it saw and gets exactly what it missed, or RESYNC.
 */
export class Inbox extends DurableObject<Bindings> {
  private readonly deps: Deps;
  private schemaReady = false;
  /** Whom the inbox belongs to, once read: it never changes (`own`). */
  private owner: number | null = null;
  private readonly sockets: SocketSessions<LiveServerFrame>;
  private readonly ring: FrameRing;
  private readonly recheck = new SessionRecheck(() => this.sql());
  /** Sockets closed in this run (the runtime may still list them while their close is handled). */
  private closed = new WeakSet<WebSocket>();
  /** Presence changes run one after another, so the last one tells partners the final state. */
  private presenceChain: Promise<void> = Promise.resolve();
  /** When D1 took the newest unread counts sent (ms, D1's clock); kept while the object is awake. */
  private countsAt = 0;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.deps = createDeps(env);
    this.sockets = new SocketSessions(ctx, LIVE_KEEP_ALIVE);
    this.ring = new FrameRing(() => this.sql(), "inbox", LIVE_BUFFER_FRAMES);
  }

  // ----- Storage -----

  private sql(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (!this.schemaReady) {
      makeInboxTables(sql);
      this.schemaReady = true;
    }
    return sql;
  }

  private state(): InboxState | null {
    return inboxState(this.sql());
  }

  /** The inbox belongs to the first person it is called for; any other person is refused. */
  private own(userId: number): boolean {
    if (this.owner !== null) return this.owner === userId;
    return this.ownState(userId) !== null;
  }

  /** `own`, answering the inbox's state for its owner (null for anyone else). */
  private ownState(userId: number): InboxState | null {
    const state = this.state();
    if (state) {
      this.owner = state.owner_id;
      return state.owner_id === userId ? state : null;
    }
    claimInbox(this.sql(), userId);
    this.owner = userId;
    return { owner_id: userId, seq: 0, resync_below: 0, gone_at: 0, below_version: 0 };
  }

  private isRevoked(version: number): boolean {
    return version < (this.state()?.below_version ?? 0);
  }

  // ----- Sockets -----

  override async fetch(request: Request): Promise<Response> {
    const grant = readGrant(request, LIVE_HEADERS);
    if (grant instanceof Response) return grant;
    const { userId, version } = grant;
    if (!this.own(userId)) return notAllowed();
    // A token opens one socket; a session revoked since is refused too.
    if (!useSocketToken(this.sql(), grant.jti, grant.expiresAt) || this.isRevoked(version))
      return refusalResponse(401, LIVE_MSG.badToken);
    if (this.sockets.size >= MAX_SOCKETS_PER_INBOX)
      return tooManySockets("Too many tabs are open. Close some and try again.");

    const { socket: server, response } = this.sockets.accept({ userId, version });
    // The Worker read the owner's account to let this socket in, so that is the session recheck's
    // read: tabs on an older token version close now, and the next read is SESSION_RECHECK_MS away.
    if (version > (this.state()?.below_version ?? 0)) this.endSessions(version, false);
    this.recheck.confirmed();
    this.ring.opened();
    const seq = this.ring.seq();
    this.sockets.send(server, { type: "HELLO", seq });
    // A tab opened beside others gets who is online now; the first tab hears it from the partners
    // as they are told the owner came online.
    const self = this.presenceSelf();
    if (self.announced && self.shows)
      for (const username of partnersOnline(this.sql()))
        this.sockets.send(server, { type: "PRESENCE", username, online: true, seq });
    this.ctx.waitUntil(this.syncPresence(userId));
    return response;
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const session = this.sockets.of(ws);
    if (!session) return;
    if (this.isRevoked(session.version)) return this.endSession(ws);
    this.ring.answer(data, (frame) => this.sockets.send(ws, frame));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    await this.forget(ws);
    closeBack(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.forget(ws);
  }

  private async forget(ws: WebSocket): Promise<void> {
    const session = this.sockets.forget(ws);
    this.closed.add(ws);
    if (this.sockets.size === 0) this.ring.emptied();
    if (session) this.ctx.waitUntil(this.syncPresence(session.userId));
  }

  private endSession(ws: WebSocket): void {
    void this.forget(ws);
    closeSessionEnded(ws);
  }

  /**
   * At most every SESSION_RECHECK_MS, the owner's account is read again (a revocation nobody told),
   * or taken as `carried` when the producer's batch read it just now.
   */
  private checkSession(userId: number, carried?: CarriedSession, state?: InboxState): Promise<void> {
    if (carried) {
      // Read just now by the producer's batch: taken at once, with nothing to read or to keep.
      this.endSessions(carried.version, !carried.live, state);
      return Promise.resolve();
    }
    return this.recheck.run(() =>
      accountSession(this.deps.db, userId)
        .then((row) => {
          const gone = !row || !mayHoldSession(row);
          this.endSessions(row?.token_version ?? Number.MAX_SAFE_INTEGER, gone);
        })
        .catch((error) => console.error("inbox session check failed", error)),
    );
  }

  /** `state`: the inbox's row when the caller has just read it. */
  private endSessions(version: number, all: boolean, state = this.state()): number {
    if (state && version > state.below_version) setBelowVersion(this.sql(), version);
    // Sessions below this version are over (`isRevoked` once the row is written).
    const below = state ? Math.max(state.below_version, version) : 0;
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const session = this.sockets.of(ws);
      if (!session || (!all && session.version >= below)) continue;
      this.endSession(ws);
      closed += 1;
    }
    return closed;
  }

  // ----- Calls from the Worker and other objects (RPC) -----

  /**
   * Numbers, keeps and sends the owner's events. With no tab open for RESUME_WINDOW_MS nothing is
   * kept (no D1 read either): the seq moves past them and a late RESUME gets RESYNC. Answers
   * whether a tab may be listening.
   */
  async deliver(ownerId: number, events: LiveEvent[], options: DeliverOptions = {}): Promise<boolean> {
    const state = this.ownState(ownerId);
    if (!state) throw new Error("not this inbox's owner");
    return this.deliverAs(state, events, options);
  }

  /** `deliver` with the inbox's row as its caller has just read it. */
  private async deliverAs(state: InboxState, events: LiveEvent[], options: DeliverOptions): Promise<boolean> {
    const ownerId = state.owner_id;
    // No tab open: what would have been shown goes out as a push or an e-mail later, from the queue
    // (features/push/away.ts decides which and whether the person wants it).
    const away = events.filter((e) => e.type === "NOTIFICATION" || e.type === "CHAT_THREAD");
    if (away.length && options.away !== false && this.openSockets() === 0)
      this.ctx.waitUntil(
        this.env.JOBS.send({ kind: "away", userId: ownerId, events: away }).catch((error) =>
          console.error("queueing an away job failed", error),
        ),
      );
    if (!mayListen(this.sockets.size, state.gone_at)) {
      // Nothing can be listening: the events are skipped, and resuming across them asks for RESYNC.
      if (!options.ephemeral) this.ring.skip();
      return false;
    }
    // The backstop for a revocation nobody told (it is up to SESSION_RECHECK_MS late anyway) runs
    // beside the delivery, not before it: its D1 read never holds an event back.
    if (this.sockets.size > 0) this.ctx.waitUntil(this.checkSession(ownerId, options.session, state));
    const all = [...events];
    let seq = state.seq;
    if (options.unread) {
      all.push({ type: "UNREAD", ...(await this.unreadCounts(ownerId, options.unread)) });
      // Read again: other calls may have numbered events during the await.
      seq = this.ring.seq();
    }
    const sql = this.sql();
    for (const event of all) {
      seq += 1;
      const data = JSON.stringify({ ...event, seq });
      addInboxFrame(sql, seq, data);
      for (const [ws] of this.sockets.entries()) this.sockets.send(ws, data);
    }
    this.ring.advance(seq);
    return true;
  }

  /**
   * The counts for an UNREAD frame: the carried ones unless counts taken later (by D1's clock)
   * were sent already, else read from D1.
   */
  private async unreadCounts(ownerId: number, unread: true | CarriedUnread): Promise<UnreadData> {
    if (unread !== true && unread.countedAt >= this.countsAt) {
      this.countsAt = unread.countedAt;
      // Carried counts mean the person mutes no phrase (notifications/queries.ts
      // notificationWritten): the notices kept here are added as they are.
      const kept = unreadNotices(this.sql());
      return toUnreadData(unread.counts.unread_notifications + kept, unread.counts.unread_chat_threads);
    }
    const read = await this.deps.notices.unread(ownerId, (mutes) =>
      unreadNotices(this.sql(), noticeFilter(mutes)),
    );
    this.countsAt = Math.max(this.countsAt, read.countedAt);
    return read.counts;
  }

  // ----- The owner's notices (docs/decisions/210) -----

  /**
   * Keeps a notice unless its idempotency key is here already (a retried delivery), then tells
   * the owner's tabs (NOTIFICATION and the new counts; with no tab open, the away job). Answers
   * whether it was kept.
   */
  async addNotice(ownerId: number, delivery: NoticeDelivery): Promise<boolean> {
    const state = this.ownState(ownerId);
    if (!state) return false;
    const row = addNotice(this.sql(), delivery.notice);
    if (!row) return false;
    const event: LiveEvent = {
      type: "NOTIFICATION",
      listed: !delivery.muted,
      notification: { ...noticeJson(row, delivery.actor, delivery.moderation ?? null), is_read: false },
    };
    // Keeping the notice changed none of the inbox's row: it is delivered as read above.
    await this.deliverAs(state, [event], {
      unread: delivery.unread ?? true,
      session: delivery.session,
      away: delivery.away,
    });
    return true;
  }

  /** The newest `limit` notices (only the unread ones with `unread`), less what `mutes` hide, and how many. */
  async notices(
    ownerId: number,
    page: { limit: number; unread: boolean; mutes: ActiveMute[] },
  ): Promise<{ rows: NoticeRow[]; total: number }> {
    if (!this.own(ownerId)) return { rows: [], total: 0 };
    return noticePage(this.sql(), page.limit, page.unread, noticeFilter(page.mutes));
  }

  /** Unread notices, less what `mutes` hide. */
  async unreadNotices(ownerId: number, mutes: ActiveMute[] = []): Promise<number> {
    if (!this.own(ownerId)) return 0;
    return unreadNotices(this.sql(), noticeFilter(mutes));
  }

  /** Marks one notice or all of them read: how many changed, whether `id` is here, and how many are left unread. */
  async readNotices(
    ownerId: number,
    id: number | undefined,
  ): Promise<{ updated: number; found: boolean; unread: number }> {
    if (!this.own(ownerId)) return { updated: 0, found: false, unread: 0 };
    const sql = this.sql();
    return { ...markNoticesRead(sql, id), unread: unreadNotices(sql) };
  }

  /** Unread notices of `kinds` kept in (after, until], newest first (the e-mail digest). */
  async missedNotices(ownerId: number, kinds: string[], after: number, until: number): Promise<NoticeRow[]> {
    if (!this.own(ownerId)) return [];
    return unreadNoticesBetween(this.sql(), kinds, after, until);
  }

  /** Every notice, oldest first, for the owner's data archive. */
  async exportNotices(ownerId: number): Promise<NoticeRow[]> {
    if (!this.own(ownerId)) return [];
    return allNotices(this.sql());
  }

  /** The owner's account was deleted: their notices go. */
  async forgetNotices(ownerId: number): Promise<void> {
    if (!this.own(ownerId)) return;
    dropNotices(this.sql());
  }

  // ----- Presence (who among chat partners is online) -----

  private presenceSelf(): PresenceSelf {
    return presenceSelf(this.sql());
  }

  /** Open tabs, counted from the runtime's list (it survives hibernation), less those closing now. */
  private openSockets(): number {
    return this.ctx.getWebSockets().filter((ws) => !this.closed.has(ws)).length;
  }

  /**
   * Tells the owner's chat partners when the owner's first tab opened or last tab closed (or the
   * setting changed: `reread`). Nothing is read from D1 unless the state may have changed: one
   * batch then, and at most PRESENCE_MAX_PARTNERS partner inboxes called.
   */
  private syncPresence(ownerId: number, reread = false): Promise<void> {
    const run = async () => {
      const self = this.presenceSelf();
      const open = this.openSockets() > 0;
      if (!reread && open === self.announced) return;
      const circle = await presenceCircle(this.deps, ownerId);
      const online = open && circle.showOnline && circle.username !== null;
      const sql = this.sql();
      setPresenceShows(sql, circle.showOnline, circle.username);
      if (!circle.showOnline) {
        // Hiding one's own presence hides everyone's: the open tabs stop showing partners online.
        const shown = partnersOnline(sql).map(
          (username): LiveEvent => ({ type: "PRESENCE", username, online: false }),
        );
        forgetPartners(sql);
        if (shown.length) await this.deliver(ownerId, shown, { ephemeral: true });
      }
      if (online === self.announced || circle.username === null) return;
      setAnnounced(sql, online);
      // Coming online, what was known is stale: the partners' answers fill it again.
      if (online) forgetPartners(sql);
      const me = { id: ownerId, username: circle.username };
      for (let i = 0; i < circle.partners.length; i += PRESENCE_PARALLEL) {
        await Promise.all(
          circle.partners.slice(i, i + PRESENCE_PARALLEL).map(async (partnerId) => {
            const theirs = await inboxStub(this.deps, partnerId)
              .presence(partnerId, me, online)
              .catch((error) => {
                console.error("presence fan-out failed", error);
                return null;
              });
            if (online && theirs) await this.presence(ownerId, { id: partnerId, username: theirs }, true);
          }),
        );
      }
    };
    this.presenceChain = this.presenceChain.then(run).catch((error) => {
      console.error("presence failed", error);
    });
    return this.presenceChain;
  }

  /**
   * A chat partner came online or left. The owner's open tabs get PRESENCE (unless the owner hides
   * being online, and so sees nobody's). Answers the owner's username when the owner is shown
   * online, so the partner's tabs learn it too; null otherwise.
   */
  async presence(
    ownerId: number,
    partner: { id: number; username: string },
    online: boolean,
  ): Promise<string | null> {
    if (!this.own(ownerId) || partner.id === ownerId) return null;
    const sql = this.sql();
    const self = this.presenceSelf();
    if (!self.shows) return null;
    if (online) setPartnerOnline(sql, partner);
    else forgetPartner(sql, partner.id);
    if (!self.announced) return null;
    await this.deliver(ownerId, [{ type: "PRESENCE", username: partner.username, online }], {
      ephemeral: true,
    });
    return self.username;
  }

  /**
   * Messages just went both ways between the owner and `partnerId` (chat-thread.ts): while both
   * are shown online, each one's tabs learn the other is (one call, no D1 read).
   */
  async meet(ownerId: number, partnerId: number): Promise<void> {
    if (!this.own(ownerId)) return;
    const self = this.presenceSelf();
    if (!self.announced || !self.shows || !self.username) return;
    const theirs = await inboxStub(this.deps, partnerId)
      .presence(partnerId, { id: ownerId, username: self.username }, true)
      .catch(() => null);
    if (theirs) await this.presence(ownerId, { id: partnerId, username: theirs }, true);
  }

  /**
   * The owner and `otherId` are no longer partners (a block either way): if the owner's tabs show
   * them online, they stop (no D1 read).
   */
  async part(ownerId: number, otherId: number): Promise<void> {
    if (!this.own(ownerId)) return;
    const sql = this.sql();
    const shown = partnerOnline(sql, otherId);
    if (shown === null) return;
    forgetPartner(sql, otherId);
    if (this.presenceSelf().announced)
      await this.deliver(ownerId, [{ type: "PRESENCE", username: shown, online: false }], {
        ephemeral: true,
      });
  }

  /** The owner switched "Show when I'm online": partners are told the new state. */
  async presenceSettingChanged(ownerId: number): Promise<void> {
    if (!this.own(ownerId)) return;
    await this.syncPresence(ownerId, true);
  }

  /**
   * The owner opened a socket on a post: remembered (the newest WATCHED_POSTS_KEPT, for as long as
   * a socket may stay open) so that revoking the owner's sessions reaches that post's object too.
   */
  async notePostSocket(ownerId: number, postPublicId: string): Promise<void> {
    if (!this.own(ownerId)) return;
    noteWatchedPost(this.sql(), postPublicId, Date.now(), WATCHED_POST_TTL_MS, WATCHED_POSTS_KEPT);
  }

  /** The posts whose sockets the owner may still hold (see `notePostSocket`). */
  async watchedPosts(ownerId: number): Promise<string[]> {
    if (!this.own(ownerId)) return [];
    return watchedPosts(this.sql());
  }

  /** How many tabs are open (for the benchmark and tests). */
  async openTabs(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /**
   * The owner's sessions made under a token version below `version` are over: their sockets close
   * with CLOSE_SESSION_ENDED and older socket tokens are refused. `all` closes every socket.
   */
  async revokeSessions(userId: number, version: number, all = false): Promise<number> {
    if (!this.own(userId)) return 0;
    return this.endSessions(version, all);
  }
}
