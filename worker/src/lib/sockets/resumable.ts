import {
  LIVE_MSG,
  type LiveClientFrame,
  type LiveControlFrame,
  liveClientFrameSchema,
} from "#shared/schemas/live.ts";
import { refusalBody, refusalResponse } from "#worker/lib/errors.ts";
import {
  advanceRing,
  forgetSessionCheck,
  framesAfter,
  type KeptFrame,
  oldestFrameSeq,
  type RingTable,
  ringState,
  sessionCheckedAt,
  setRingGoneAt,
  setSessionCheckedAt,
  skipRing,
  spendToken,
} from "./storage-queries";

// The objects' side of a socket that survives hibernation and reconnects (ADR 109, 122): a
// person's inbox, a post's watchers and a chat thread each hold their sockets with
// `SocketSessions`, take the Worker's grant with `readGrant` and spend its one-use token id with
// `useSocketToken`. The two live objects also number their frames with a `FrameRing`, so a tab
// that reconnects RESUMEs after the last seq it saw (web/src/lib/resumable-socket.ts).
// What each object sends, to whom and when stays in the object.

/** Kept on each socket with serializeAttachment, so it survives hibernation. */
export interface SocketSession {
  userId: number;
  /** The account's token version when the socket opened; a revocation raises the account's. */
  version: number;
}

/** The close code of a socket whose person's sessions ended (password change, suspension...). */
export const CLOSE_SESSION_ENDED = 4401;
const SESSION_ENDED = "Your session has ended";
/** How stale an object's knowledge of its people's sessions may be (revocations it was not told of). */
const SESSION_RECHECK_MS = 30_000;

/**
 * The extensions the objects accept on their sockets: none, so frames are not compressed. The
 * runtime negotiates permessage-deflate from this header (when it is absent it accepts whatever
 * the client offers), and compression is per socket: one message to 1,000 sockets would be
 * deflated 1,000 times. The frames are a few hundred bytes, so the bytes saved are not worth that
 * CPU on the object that fans a frame out (ADR 011). Any value without `permessage-deflate`
 * refuses the offer; the runtime does not echo it to the client.
 */
const NO_COMPRESSION = "identity";

/**
 * The backstop for revocations nobody told an object of (a lost call): at most every
 * SESSION_RECHECK_MS it reads the connected people's accounts again. When the last read began is
 * kept in the object's storage too (table `session_check`), so an object woken from hibernation
 * by an event does not read D1 again before that time is up: an inbox that sleeps between events
 * reads D1 at most once a SESSION_RECHECK_MS, not once an event.
 */
export class SessionRecheck {
  /** The last read of this run, which callers within SESSION_RECHECK_MS wait on. */
  private last: { at: number; done: Promise<void> } | null = null;

  constructor(private readonly storage: () => SqlStorage) {}

  /** Answers the last read while it is fresh, else the one `read` starts now. */
  run(read: () => Promise<void>): Promise<void> {
    const now = Date.now();
    if (this.last && now - this.last.at < SESSION_RECHECK_MS) return this.last.done;
    if (!this.last) {
      // Woken from hibernation: the read before the sleep may still be fresh.
      const at = sessionCheckedAt(this.storage());
      if (now - at < SESSION_RECHECK_MS) {
        this.last = { at, done: Promise.resolve() };
        return this.last.done;
      }
    }
    setSessionCheckedAt(this.storage(), now);
    this.last = { at: now, done: read() };
    return this.last.done;
  }

  /**
   * The accounts were read just now by whoever let a socket in (the Worker, on the upgrade): that
   * read counts as this one's, and the next is SESSION_RECHECK_MS away.
   */
  confirmed(): void {
    const now = Date.now();
    setSessionCheckedAt(this.storage(), now);
    this.last = { at: now, done: Promise.resolve() };
  }

  /** The next `run` reads again, as if SESSION_RECHECK_MS had passed. */
  expire(): void {
    this.last = null;
    forgetSessionCheck(this.storage());
  }
}

// ----- The upgrade -----

/** The names of the headers only the Worker sets on the upgrade it forwards. */
export interface GrantHeaders {
  userId: string;
  tokenVersion: string;
  tokenId: string;
  tokenExpires: string;
}

/** Who opens the socket, under which token version, with which one-use token (id, expiry in ms). */
export interface SocketGrant {
  userId: number;
  version: number;
  jti: string;
  expiresAt: number;
}

/** The grant the Worker forwarded, or the answer: 426 for a request that is not an upgrade, else 403. */
export function readGrant(request: Request, names: GrantHeaders): SocketGrant | Response {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
    return refusalResponse(426, "Expected a WebSocket upgrade");
  const grant: SocketGrant = {
    userId: Number(request.headers.get(names.userId)),
    version: Number(request.headers.get(names.tokenVersion)),
    jti: request.headers.get(names.tokenId) ?? "",
    expiresAt: Number(request.headers.get(names.tokenExpires)),
  };
  if (
    !Number.isSafeInteger(grant.userId) ||
    !Number.isSafeInteger(grant.version) ||
    !grant.jti ||
    !Number.isSafeInteger(grant.expiresAt)
  )
    return notAllowed();
  return grant;
}

export const notAllowed = (): Response => refusalResponse(403, "Not allowed");

/** The answer when the object holds as many sockets as it takes (for all, or for this person). */
export const tooManySockets = (detail: string): Response =>
  Response.json(refusalBody(429, detail), { status: 429, headers: { "Retry-After": "30" } });

/**
 * Records a socket token's id in the object's `used_tokens` table; false when it was used before.
 * Ids are kept until their token expires (a token is refused after that anyway), and expired ones
 * are dropped here.
 */
export function useSocketToken(sql: SqlStorage, jti: string, expiresAt: number): boolean {
  return spendToken(sql, jti, expiresAt, Date.now());
}

// ----- The open sockets -----

/**
 * An object's open sockets with their sessions. Sockets accepted before a hibernation come back
 * with their attachment; keep-alive pings are answered by the runtime without waking the object.
 */
export class SocketSessions<Frame extends object> {
  private readonly open = new Map<WebSocket, SocketSession>();

  constructor(
    private readonly ctx: DurableObjectState,
    keepAlive: { ping: object; pong: object },
  ) {
    for (const ws of ctx.getWebSockets()) {
      const session = ws.deserializeAttachment() as SocketSession | null;
      if (session) this.open.set(ws, session);
    }
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(JSON.stringify(keepAlive.ping), JSON.stringify(keepAlive.pong)),
    );
  }

  get size(): number {
    return this.open.size;
  }

  entries(): IterableIterator<[WebSocket, SocketSession]> {
    return this.open.entries();
  }

  values(): IterableIterator<SocketSession> {
    return this.open.values();
  }

  has(ws: WebSocket): boolean {
    return this.open.has(ws);
  }

  /** The socket's session, also for one the runtime still lists while its close is handled. */
  of(ws: WebSocket): SocketSession | null {
    return this.open.get(ws) ?? (ws.deserializeAttachment() as SocketSession | null);
  }

  /** Accepts a new socket (hibernating) for `session`: answers it, to greet, and the 101 response. */
  accept(session: SocketSession, tags?: string[]): { socket: WebSocket; response: Response } {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    if (tags) this.ctx.acceptWebSocket(server, tags);
    else this.ctx.acceptWebSocket(server);
    server.serializeAttachment(session);
    this.open.set(server, session);
    const response = new Response(null, {
      status: 101,
      webSocket: client,
      headers: { "sec-websocket-extensions": NO_COMPRESSION },
    });
    return { socket: server, response };
  }

  /** Sends a frame (or one already serialized); a socket that can no longer take frames is forgotten. */
  send(ws: WebSocket, frame: Frame | string): void {
    try {
      ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    } catch {
      this.open.delete(ws);
    }
  }

  /** The socket is gone: answers the session it had. */
  forget(ws: WebSocket): SocketSession | null {
    const session = this.of(ws);
    this.open.delete(ws);
    return session;
  }

  clear(): void {
    this.open.clear();
  }
}

/** Answers a close the client started with its code (1000 for 1005 and 1006, which are never sent). */
export function closeBack(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  } catch {
    // Already closed by the runtime.
  }
}

/** Closes a socket whose person's session is over, with CLOSE_SESSION_ENDED. */
export function closeSessionEnded(ws: WebSocket): void {
  try {
    ws.close(CLOSE_SESSION_ENDED, SESSION_ENDED);
  } catch {
    // Already closing.
  }
}

// ----- Numbered frames (the live objects) -----

/**
 * How long after the last tab left events are still kept for a RESUME. Past it, nothing is stored
 * (no tab can be listening) and a later RESUME is answered RESYNC.
 */
const RESUME_WINDOW_MS = 120_000;
/** The live objects' keep-alive, answered by the runtime (their client frames have a `type`). */
export const LIVE_KEEP_ALIVE = { ping: { type: "PING" }, pong: { type: "PONG" } };
/** Larger client frames are refused before parsing. */
const MAX_FRAME_CHARS = 1_024;

/** A client frame, or null when it is too long or not one the schema knows. */
function parseClientFrame(data: string | ArrayBuffer): LiveClientFrame | null {
  if (typeof data !== "string" || data.length > MAX_FRAME_CHARS) return null;
  try {
    const parsed = liveClientFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether a tab may be listening: one is open, or the last left less than RESUME_WINDOW_MS ago. */
export function mayListen(openSockets: number, goneAt: number): boolean {
  return openSockets > 0 || Date.now() - goneAt < RESUME_WINDOW_MS;
}

/**
 * A live object's numbered frames in its SQLite storage. Its one-row `table` holds `seq` (the
 * newest frame's), `resync_below` (a RESUME after a seq below it gets RESYNC: those events were not
 * kept) and `gone_at` (when the last tab left, 0 while one is open); its `frames` table the frames
 * by `seq`, at most `keep` of them. Each object creates both tables with its own schema.
 */
export class FrameRing {
  constructor(
    private readonly sql: () => SqlStorage,
    private readonly table: RingTable,
    private readonly keep: number,
  ) {}

  /** The newest frame's seq. */
  seq(): number {
    return ringState(this.sql(), this.table).seq;
  }

  /** A tab is open. */
  opened(): void {
    setRingGoneAt(this.sql(), this.table, 0);
  }

  /** The last tab left now. */
  emptied(): void {
    setRingGoneAt(this.sql(), this.table, Date.now());
  }

  /** Events nobody can be listening to were skipped: resuming across them asks for RESYNC. */
  skip(): void {
    skipRing(this.sql(), this.table);
  }

  /** Frames up to `seq` are in `frames`: it is the newest, and those past the ring are dropped. */
  advance(seq: number): void {
    advanceRing(this.sql(), this.table, seq, this.keep);
  }

  /**
   * A client frame: ERROR when unreadable, PONG to a PING, and for RESUME what the tab missed after
   * `after` (the kept frames `shows` lets through), or RESYNC when those events were not all kept.
   */
  answer(
    data: string | ArrayBuffer,
    send: (frame: LiveControlFrame | string) => void,
    shows?: (frame: KeptFrame) => boolean,
  ): void {
    const frame = parseClientFrame(data);
    if (!frame) {
      send({ type: "ERROR", seq: this.seq(), detail: LIVE_MSG.malformed });
      return;
    }
    if (frame.type === "PING") {
      send({ type: "PONG", seq: this.seq() });
      return;
    }
    const sql = this.sql();
    const { seq, resyncBelow } = ringState(sql, this.table);
    const after = frame.after;
    if (after === seq) return;
    const oldest = oldestFrameSeq(sql, seq + 1);
    // A seq from the future (another object's, or one that forgot) or older than what is kept.
    if (after > seq || after < resyncBelow || after + 1 < oldest) {
      send({ type: "RESYNC", seq });
      return;
    }
    for (const kept of framesAfter(sql, after)) if (!shows || shows(kept)) send(kept.data);
  }
}
