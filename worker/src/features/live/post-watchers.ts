import { DurableObject } from "cloudflare:workers";
import { LIVE_MSG, LIVE_POST_BUFFER_FRAMES, type LivePostFrame } from "#shared/schemas/live.ts";
import { createDeps, type Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { refusalResponse } from "#worker/lib/errors.ts";
import { liveSessionVersions } from "#worker/lib/session-queries.ts";
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
import { LIVE_HEADERS, MAX_SOCKETS_PER_INBOX } from "./inbox";
import { blockedEitherWay, visiblePostTotals } from "./queries";
import {
  addPostFrame,
  claimPost,
  forgetPostFrames,
  makePostTables,
  POST_SKIPPED,
  postState,
} from "./storage-queries";

/** Headers only the Worker sets on the upgrade it forwards (clients never reach this object). */
export const POST_LIVE_HEADERS = {
  postId: "x-agora-live-post-id",
  ...LIVE_HEADERS,
} as const;

/** Sockets one post holds at most (the runtime's own limit per object is far above). */
const MAX_SOCKETS_PER_POST = 10_000;
/** One person's tabs on one post, at most: as many as their inbox takes. */
const MAX_SOCKETS_PER_PERSON = MAX_SOCKETS_PER_INBOX;

/**
 * One post's live counts, addressed by `post:<public id>` (ADR 122). The tabs that show the post
 * hold a socket here (hibernating, like a chat thread's): after each comment or vote this object
 * reads the post's counts and the actor's blocks once and sends one numbered POST_ACTIVITY to
 * every socket but those of people on either side of a block with the actor. The last
 * LIVE_POST_BUFFER_FRAMES frames are kept with the people each skipped, so a tab that reconnects
 * RESUMEs after its last seq and gets what it missed (less what it must not see), or RESYNC.
 */
export class PostWatchers extends DurableObject<Bindings> {
  private readonly deps: Deps;
  private schemaReady = false;
  private readonly sockets: SocketSessions<LivePostFrame>;
  private readonly ring: FrameRing;
  /** Events run one after another: the last frame sent carries counts read after the last write. */
  private chain: Promise<unknown> = Promise.resolve();
  private readonly recheck = new SessionRecheck(() => this.sql());
  /**
   * The post whose events this instance found nobody could be listening to (no tab, its frames
   * dropped): later events skip without reading the object's row until a tab opens. Memory only: a
   * new instance reads the row first.
   */
  private skipping: string | null = null;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.deps = createDeps(env);
    this.sockets = new SocketSessions(ctx, LIVE_KEEP_ALIVE);
    this.ring = new FrameRing(() => this.sql(), "post", LIVE_POST_BUFFER_FRAMES);
  }

  // ----- Storage -----

  private sql(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (!this.schemaReady) {
      makePostTables(sql);
      this.schemaReady = true;
    }
    return sql;
  }

  /** The object's state; it belongs to the first post it is called for and refuses any other. */
  private own(publicId: string): { seq: number; resync_below: number; gone_at: number } | null {
    const row = postState(this.sql());
    if (!row) {
      claimPost(this.sql(), publicId);
      return { seq: 0, resync_below: 0, gone_at: 0 };
    }
    if (row.public_id !== publicId) return null;
    return { seq: row.seq, resync_below: row.resync_below, gone_at: row.gone_at };
  }

  // ----- Sockets -----

  override async fetch(request: Request): Promise<Response> {
    const grant = readGrant(request, POST_LIVE_HEADERS);
    if (grant instanceof Response) return grant;
    const { userId, version } = grant;
    const publicId = request.headers.get(POST_LIVE_HEADERS.postId) ?? "";
    if (!publicId) return notAllowed();
    const state = this.own(publicId);
    if (!state) return notAllowed();
    if (!useSocketToken(this.sql(), grant.jti, grant.expiresAt))
      return refusalResponse(401, LIVE_MSG.badToken);
    const mine = [...this.sockets.values()].filter((s) => s.userId === userId).length;
    if (this.sockets.size >= MAX_SOCKETS_PER_POST || mine >= MAX_SOCKETS_PER_PERSON)
      return tooManySockets("Too many tabs are open. Close some and try again.");

    const { socket, response } = this.sockets.accept({ userId, version });
    this.skipping = null;
    this.ring.opened();
    this.sockets.send(socket, { type: "HELLO", seq: state.seq });
    return response;
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const session = this.sockets.of(ws);
    if (!session) return;
    // A RESUME replays what the tab missed, less what it must not see (a block with the actor).
    this.ring.answer(
      data,
      (frame) => this.sockets.send(ws, frame),
      (kept) => !(JSON.parse(String(kept.skip)) as number[]).includes(session.userId),
    );
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.forget(ws);
    closeBack(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.forget(ws);
  }

  private forget(ws: WebSocket): void {
    this.sockets.forget(ws);
    if (this.sockets.size === 0) this.ring.emptied();
  }

  private endSession(ws: WebSocket): void {
    this.forget(ws);
    closeSessionEnded(ws);
  }

  /**
   * At most every SESSION_RECHECK_MS, the watching people's accounts are read again: sockets of
   * sessions revoked since (password change, suspension, deletion) close with CLOSE_SESSION_ENDED.
   * It runs beside a broadcast, never before it.
   */
  private checkSessions(): Promise<void> {
    return this.recheck.run(() => {
      const ids = [...new Set([...this.sockets.values()].map((s) => s.userId))];
      return liveSessionVersions(this.deps.db, ids)
        .then((rows) => {
          const versions = new Map(rows.map((r) => [Number(r.id), Number(r.token_version)]));
          for (const [ws, session] of [...this.sockets.entries()]) {
            const version = versions.get(session.userId);
            if (version === undefined || session.version < version) this.endSession(ws);
          }
        })
        .catch((error) => console.error("post sockets: session check failed", error));
    });
  }

  // ----- Calls from the Worker (RPC) -----

  /**
   * The post's comments or votes changed because of `actorId`: one POST_ACTIVITY with its counts
   * to every socket but those of people who blocked the actor or whom the actor blocked. With no
   * tab open for RESUME_WINDOW_MS nothing is read or kept (a late RESUME gets RESYNC). Answers the
   * number of sockets sent to.
   */
  activity(postPublicId: string, actorId: number | null): Promise<number> {
    const run = this.chain.then(() => this.broadcast(postPublicId, actorId));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async broadcast(postPublicId: string, actorId: number | null): Promise<number> {
    if (this.skipping === postPublicId && this.sockets.size === 0) return 0;
    const state = this.own(postPublicId);
    if (!state) throw new Error("not this post's object");
    const sql = this.sql();
    if (!mayListen(this.sockets.size, state.gone_at)) {
      // Skipped before, and no tab opened since (opening sets gone_at): no tab holds the seq, so
      // it need not move, and nothing is written. Each write syncs the object's file, and most
      // posts a vote or comment reaches are watched by nobody.
      if (state.gone_at !== POST_SKIPPED) {
        this.ring.skip();
        forgetPostFrames(sql);
      }
      this.skipping = postPublicId;
      return 0;
    }
    if (this.sockets.size > 0) this.ctx.waitUntil(this.checkSessions());
    const { db } = this.deps;
    const [post, blocked] = await Promise.all([
      visiblePostTotals(db, postPublicId),
      actorId === null ? Promise.resolve([]) : blockedEitherWay(db, actorId),
    ]);
    if (!post) return 0;
    const skip = new Set(blocked.map((r) => Number(r.id)));
    const seq = this.ring.seq() + 1;
    const frame: LivePostFrame = {
      type: "POST_ACTIVITY",
      public_id: postPublicId,
      total_micropost_comments: Number(post.total_comments),
      total_micropost_votes: Number(post.total_votes),
      seq,
    };
    const data = JSON.stringify(frame);
    addPostFrame(sql, seq, data, skip);
    this.ring.advance(seq);
    let sent = 0;
    for (const [ws, session] of [...this.sockets.entries()]) {
      if (skip.has(session.userId)) continue;
      this.sockets.send(ws, data);
      sent += 1;
    }
    return sent;
  }

  /**
   * A person's sessions under a token version below `version` are over (or all of them, `all`):
   * their sockets on this post close now with CLOSE_SESSION_ENDED (lib/sockets/close-sockets.ts).
   */
  async revokeSessions(userId: number, version: number, all = false): Promise<number> {
    let closed = 0;
    for (const [ws, session] of [...this.sockets.entries()]) {
      if (session.userId !== userId || (!all && session.version >= version)) continue;
      this.endSession(ws);
      closed += 1;
    }
    return closed;
  }

  /** How many tabs hold a socket here (for the benchmark and tests). */
  async openTabs(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}
