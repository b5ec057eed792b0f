import { DurableObject } from "cloudflare:workers";
import {
  LIVE_BUFFER_FRAMES,
  LIVE_MSG,
  type LiveClientFrame,
  type LiveEvent,
  type LiveServerFrame,
  liveClientFrameSchema,
} from "#shared/schemas/live.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { createDeps, type Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { unreadDataAt } from "#worker/features/accounts/service.ts";
import { CLOSE_SESSION_ENDED, SESSION_RECHECK_MS } from "#worker/features/chat/chat-thread.ts";
import { presenceCircle } from "./queries";
import { inboxStub } from "./stubs";

/** Headers only the Worker sets on the upgrade it forwards (clients never reach this object). */
export const LIVE_HEADERS = {
  userId: "x-agora-live-user-id",
  tokenVersion: "x-agora-live-token-version",
  tokenId: "x-agora-live-token-id",
  tokenExpires: "x-agora-live-token-expires",
} as const;

/** Kept on each socket with serializeAttachment, so it survives hibernation. */
interface Session {
  userId: number;
  version: number;
}

/** Tabs one person holds at most. */
export const MAX_SOCKETS_PER_INBOX = 50;
/**
 * How long after the last tab left events are still kept for a RESUME. Past it, nothing is stored
 * (no tab can be listening) and a later RESUME is answered RESYNC.
 */
export const RESUME_WINDOW_MS = 120_000;
/** Larger client frames are refused before parsing. */
const MAX_FRAME_CHARS = 1_024;
const SESSION_ENDED = "Your session has ended";
const NO_COMPRESSION = "identity";

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
  private sessions = new Map<WebSocket, Session>();
  private sessionCheck: { at: number; done: Promise<void> } | null = null;
  /** Sockets closed in this run (the runtime may still list them while their close is handled). */
  private closed = new WeakSet<WebSocket>();
  /** Presence changes run one after another, so the last one tells partners the final state. */
  private presenceChain: Promise<void> = Promise.resolve();
  /** When D1 took the newest unread counts sent (ms, D1's clock); kept while the object is awake. */
  private countsAt = 0;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.deps = createDeps(env);
    for (const ws of ctx.getWebSockets()) {
      const session = ws.deserializeAttachment() as Session | null;
      if (session) this.sessions.set(ws, session);
    }
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(JSON.stringify({ type: "PING" }), JSON.stringify({ type: "PONG" })),
    );
  }

  // ----- Storage -----

  private sql(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (!this.schemaReady) {
      sql.exec(`
        CREATE TABLE IF NOT EXISTS inbox (
          one INTEGER PRIMARY KEY CHECK (one = 1),
          owner_id INTEGER NOT NULL,
          seq INTEGER NOT NULL DEFAULT 0,
          -- A RESUME after a seq below this one is answered RESYNC: events were not kept.
          resync_below INTEGER NOT NULL DEFAULT 0,
          -- When the last tab left (ms), or 0 while one is open.
          gone_at INTEGER NOT NULL DEFAULT 0,
          below_version INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE IF NOT EXISTS frames (seq INTEGER PRIMARY KEY, data TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS used_tokens (jti TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
        -- Presence: whether partners were told the owner is online (announced), whether the owner
        -- shows being online (as last read from D1), and the partners known to be online now.
        CREATE TABLE IF NOT EXISTS presence_self (
          one INTEGER PRIMARY KEY CHECK (one = 1),
          announced INTEGER NOT NULL DEFAULT 0,
          shows INTEGER NOT NULL DEFAULT 1,
          username TEXT
        );
        INSERT OR IGNORE INTO presence_self (one) VALUES (1);
        CREATE TABLE IF NOT EXISTS partners_online (partner_id INTEGER PRIMARY KEY, username TEXT NOT NULL);
      `);
      this.schemaReady = true;
    }
    return sql;
  }

  private state(): {
    owner_id: number;
    seq: number;
    resync_below: number;
    gone_at: number;
    below_version: number;
  } | null {
    const rows = this.sql()
      .exec("SELECT owner_id, seq, resync_below, gone_at, below_version FROM inbox")
      .toArray();
    const row = rows[0];
    if (!row) return null;
    return {
      owner_id: Number(row.owner_id),
      seq: Number(row.seq),
      resync_below: Number(row.resync_below),
      gone_at: Number(row.gone_at),
      below_version: Number(row.below_version),
    };
  }

  /** The inbox belongs to the first person it is called for; any other person is refused. */
  private own(userId: number): boolean {
    return this.ownState(userId) !== null;
  }

  /** `own`, answering the inbox's state for its owner (null for anyone else). */
  private ownState(userId: number): NonNullable<ReturnType<Inbox["state"]>> | null {
    const state = this.state();
    if (state) return state.owner_id === userId ? state : null;
    this.sql().exec("INSERT INTO inbox (one, owner_id) VALUES (1, ?)", userId);
    return { owner_id: userId, seq: 0, resync_below: 0, gone_at: 0, below_version: 0 };
  }

  private useToken(jti: string, expiresAt: number): boolean {
    const sql = this.sql();
    sql.exec("DELETE FROM used_tokens WHERE expires_at < ?", Date.now());
    const fresh = sql
      .exec(
        "INSERT INTO used_tokens (jti, expires_at) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING RETURNING jti",
        jti,
        expiresAt,
      )
      .toArray();
    return fresh.length === 1;
  }

  private isRevoked(version: number): boolean {
    return version < (this.state()?.below_version ?? 0);
  }

  // ----- Sockets -----

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return Response.json({ detail: "Expected a WebSocket upgrade" }, { status: 426 });
    const userId = Number(request.headers.get(LIVE_HEADERS.userId));
    const version = Number(request.headers.get(LIVE_HEADERS.tokenVersion));
    const jti = request.headers.get(LIVE_HEADERS.tokenId) ?? "";
    const expiresAt = Number(request.headers.get(LIVE_HEADERS.tokenExpires));
    if (
      !Number.isSafeInteger(userId) ||
      !Number.isSafeInteger(version) ||
      !jti ||
      !Number.isSafeInteger(expiresAt)
    )
      return Response.json({ detail: "Not allowed" }, { status: 403 });
    if (!this.own(userId)) return Response.json({ detail: "Not allowed" }, { status: 403 });
    // A token opens one socket; a session revoked since is refused too.
    if (!this.useToken(jti, expiresAt) || this.isRevoked(version))
      return Response.json({ detail: LIVE_MSG.badToken }, { status: 401 });
    if (this.sessions.size >= MAX_SOCKETS_PER_INBOX)
      return Response.json(
        { detail: "Too many tabs are open. Close some and try again." },
        { status: 429, headers: { "Retry-After": "30" } },
      );

    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    const session: Session = { userId, version };
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(session);
    this.sessions.set(server, session);
    this.sql().exec("UPDATE inbox SET gone_at = 0");
    const seq = this.state()?.seq ?? 0;
    this.sendTo(server, { type: "HELLO", seq });
    // A tab opened beside others gets who is online now; the first tab hears it from the partners
    // as they are told the owner came online.
    const self = this.presenceSelf();
    if (self.announced && self.shows)
      for (const row of this.sql().exec<{ username: string }>("SELECT username FROM partners_online"))
        this.sendTo(server, { type: "PRESENCE", username: row.username, online: true, seq });
    this.ctx.waitUntil(this.syncPresence(userId));
    return new Response(null, {
      status: 101,
      webSocket: client,
      headers: { "sec-websocket-extensions": NO_COMPRESSION },
    });
  }

  private sendTo(ws: WebSocket, frame: LiveServerFrame | string): void {
    try {
      ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    } catch {
      this.sessions.delete(ws);
    }
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const session = this.sessions.get(ws) ?? (ws.deserializeAttachment() as Session | null);
    if (!session) return;
    if (this.isRevoked(session.version)) return this.endSession(ws);
    const frame = parseClientFrame(data);
    const seq = this.state()?.seq ?? 0;
    if (!frame) return this.sendTo(ws, { type: "ERROR", seq, detail: LIVE_MSG.malformed });
    switch (frame.type) {
      case "PING":
        return this.sendTo(ws, { type: "PONG", seq });
      case "RESUME":
        return this.resume(ws, frame.after);
    }
  }

  /** Sends what the tab missed after `after`, or RESYNC when those events were not all kept. */
  private resume(ws: WebSocket, after: number): void {
    const state = this.state();
    const seq = state?.seq ?? 0;
    if (after === seq) return;
    const oldest = Number(this.sql().exec("SELECT min(seq) AS s FROM frames").one().s ?? seq + 1);
    // A seq from the future (another inbox's, or one that forgot) or older than what is kept.
    if (after > seq || after < (state?.resync_below ?? 0) || after + 1 < oldest) {
      this.sendTo(ws, { type: "RESYNC", seq });
      return;
    }
    for (const row of this.sql().exec<{ data: string }>(
      "SELECT data FROM frames WHERE seq > ? ORDER BY seq",
      after,
    ))
      this.sendTo(ws, row.data);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    await this.forget(ws);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed by the runtime.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.forget(ws);
  }

  private async forget(ws: WebSocket): Promise<void> {
    const session = this.sessions.get(ws) ?? (ws.deserializeAttachment() as Session | null);
    this.sessions.delete(ws);
    this.closed.add(ws);
    if (this.sessions.size === 0) this.sql().exec("UPDATE inbox SET gone_at = ?", Date.now());
    if (session) this.ctx.waitUntil(this.syncPresence(session.userId));
  }

  private endSession(ws: WebSocket): void {
    void this.forget(ws);
    try {
      ws.close(CLOSE_SESSION_ENDED, SESSION_ENDED);
    } catch {
      // Already closing.
    }
  }

  /** At most every SESSION_RECHECK_MS, the owner's account is read again (a revocation nobody told). */
  private checkSession(userId: number): Promise<void> {
    const now = Date.now();
    if (this.sessionCheck && now - this.sessionCheck.at < SESSION_RECHECK_MS) return this.sessionCheck.done;
    const done = this.deps.db
      .first<{ token_version: number; status: string; deleted_at: number | null }>({
        sql: "SELECT token_version, status, deleted_at FROM users WHERE id = ?1",
        binds: [userId],
      })
      .then((row) => {
        const gone =
          !row || row.deleted_at !== null || row.status === "SUSPENDED" || row.status === "INACTIVE";
        this.endSessions(row?.token_version ?? Number.MAX_SAFE_INTEGER, gone);
      })
      .catch((error) => console.error("inbox session check failed", error));
    this.sessionCheck = { at: now, done };
    return done;
  }

  private endSessions(version: number, all: boolean): number {
    const state = this.state();
    if (state && version > state.below_version)
      this.sql().exec("UPDATE inbox SET below_version = ?", version);
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const session = this.sessions.get(ws) ?? (ws.deserializeAttachment() as Session | null);
      if (!session || (!all && !this.isRevoked(session.version))) continue;
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
    const listening = this.sessions.size > 0 || Date.now() - state.gone_at < RESUME_WINDOW_MS;
    if (!listening) {
      // Nothing can be listening: the events are skipped, and resuming across them asks for RESYNC.
      if (!options.ephemeral) this.sql().exec("UPDATE inbox SET seq = seq + 1, resync_below = seq + 1");
      return false;
    }
    // The backstop for a revocation nobody told (it is up to SESSION_RECHECK_MS late anyway) runs
    // beside the delivery, not before it: its D1 read never holds an event back.
    if (this.sessions.size > 0) this.ctx.waitUntil(this.checkSession(ownerId));
    const all = [...events];
    if (options.unread) all.push({ type: "UNREAD", ...(await this.unreadCounts(ownerId, options.unread)) });
    const sql = this.sql();
    // Read again: other calls may have numbered events during the awaits above.
    let seq = this.state()!.seq;
    for (const event of all) {
      seq += 1;
      const data = JSON.stringify({ ...event, seq });
      sql.exec("INSERT INTO frames (seq, data) VALUES (?, ?)", seq, data);
      for (const ws of this.sessions.keys()) this.sendTo(ws, data);
    }
    sql.exec("UPDATE inbox SET seq = ?", seq);
    sql.exec("DELETE FROM frames WHERE seq <= ?", seq - LIVE_BUFFER_FRAMES);
    return true;
  }

  /**
   * The counts for an UNREAD frame: the carried ones unless counts taken later (by D1's clock)
   * were sent already, else read from D1.
   */
  private async unreadCounts(ownerId: number, unread: true | CarriedUnread): Promise<UnreadData> {
    if (unread !== true && unread.countedAt >= this.countsAt) {
      this.countsAt = unread.countedAt;
      return unread.counts;
    }
    const read = await unreadDataAt(this.deps, ownerId);
    this.countsAt = Math.max(this.countsAt, read.countedAt);
    return read.counts;
  }

  // ----- Presence (who among chat partners is online) -----

  private presenceSelf(): { announced: boolean; shows: boolean; username: string | null } {
    const row = this.sql().exec("SELECT announced, shows, username FROM presence_self").one();
    return {
      announced: Boolean(row.announced),
      shows: Boolean(row.shows),
      username: (row.username as string | null) ?? null,
    };
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
      sql.exec(
        "UPDATE presence_self SET shows = ?, username = ?",
        circle.showOnline ? 1 : 0,
        circle.username,
      );
      if (!circle.showOnline) {
        // Hiding one's own presence hides everyone's: the open tabs stop showing partners online.
        const shown = sql
          .exec<{ username: string }>("SELECT username FROM partners_online")
          .toArray()
          .map((r): LiveEvent => ({ type: "PRESENCE", username: r.username, online: false }));
        sql.exec("DELETE FROM partners_online");
        if (shown.length) await this.deliver(ownerId, shown, { ephemeral: true });
      }
      if (online === self.announced || circle.username === null) return;
      sql.exec("UPDATE presence_self SET announced = ?", online ? 1 : 0);
      // Coming online, what was known is stale: the partners' answers fill it again.
      if (online) sql.exec("DELETE FROM partners_online");
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
    if (online)
      sql.exec(
        "INSERT INTO partners_online (partner_id, username) VALUES (?, ?) ON CONFLICT (partner_id) DO UPDATE SET username = excluded.username",
        partner.id,
        partner.username,
      );
    else sql.exec("DELETE FROM partners_online WHERE partner_id = ?", partner.id);
    if (!self.announced) return null;
    await this.deliver(ownerId, [{ type: "PRESENCE", username: partner.username, online }], {
      ephemeral: true,
    });
    return self.username;
  }

  /**
   * The owner just started a chat with `partnerId`: while both are shown online, each one's tabs
   * learn the other is (one call, no D1 read).
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
    const shown = sql
      .exec<{ username: string }>("SELECT username FROM partners_online WHERE partner_id = ?", otherId)
      .toArray()[0];
    if (!shown) return;
    sql.exec("DELETE FROM partners_online WHERE partner_id = ?", otherId);
    if (this.presenceSelf().announced)
      await this.deliver(ownerId, [{ type: "PRESENCE", username: shown.username, online: false }], {
        ephemeral: true,
      });
  }

  /** The owner switched "Show when I'm online": partners are told the new state. */
  async presenceSettingChanged(ownerId: number): Promise<void> {
    if (!this.own(ownerId)) return;
    await this.syncPresence(ownerId, true);
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

/** A client frame, or null when it is too long or not one the schema knows. */
export function parseClientFrame(data: string | ArrayBuffer): LiveClientFrame | null {
  if (typeof data !== "string" || data.length > MAX_FRAME_CHARS) return null;
  try {
    const parsed = liveClientFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
