import { DurableObject } from "cloudflare:workers";
import { TYPING_CLEAR_MS } from "#shared/constants.ts";
import { CHAT_SERVER_SENDER, type ChatThreadType } from "#shared/enums.ts";
import {
  CHAT_MSG,
  type ChatClientFrame,
  type ChatMessage,
  type ChatReactionFrame,
  type ChatServerFrame,
  type ChatSystemMessageType,
  joinedLine,
} from "#shared/schemas/chat.ts";
import { createDeps, type Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { refusalResponse } from "#worker/lib/errors.ts";
import { mayHoldSession } from "#worker/lib/sessions.ts";
import {
  closeBack,
  closeSessionEnded,
  notAllowed,
  readGrant,
  SessionRecheck,
  type SocketSession,
  SocketSessions,
  tooManySockets,
} from "#worker/lib/sockets/resumable.ts";
import { iso } from "#worker/lib/time.ts";
import { mentionsHost, parseFrame, RefusedFrame, refusal } from "./frames";
import { serverPreview } from "./preview-cache";
import {
  accountsOf,
  anyBlockAmong,
  currentMembers,
  deleteChatMedia,
  deleteThreadRows,
  wipeThreadMedia,
} from "./queries";
import { RateBucket } from "./rate-bucket";
import { ThreadD1 } from "./thread-d1";
import { type MessagePage, type Participant, ThreadStorage } from "./thread-storage";

/** Which thread a call is about; the Worker looked it up in D1 and checked the caller. */
export interface ThreadRef {
  threadId: number;
  publicId: string;
  createdAt: number;
  /** PERSONAL or GROUP; left out by callers that do not change what the object knows. */
  kind?: ChatThreadType;
}

/** A group's change the Worker has written to D1, for the thread to line up and announce. */
export interface GroupChange {
  type: ChatSystemMessageType;
  /** Who made the change (the leaver themself when leaving). */
  actorId: number;
  /** Who joined or left; null for RENAMED. */
  userId: number | null;
  /** The group's name after the change. */
  name: string | null;
}

/** Headers only the Worker sets on the upgrade it forwards (clients never reach this object). */
export const CHAT_HEADERS = {
  userId: "x-agora-chat-user-id",
  threadId: "x-agora-chat-thread-id",
  publicId: "x-agora-chat-public-id",
  createdAt: "x-agora-chat-created-at",
  reconnect: "x-agora-chat-reconnect",
  /** The account's token version the socket token was made under. */
  tokenVersion: "x-agora-chat-token-version",
  /** The socket token's id and expiry (ms): a token opens one socket. */
  tokenId: "x-agora-chat-token-id",
  tokenExpires: "x-agora-chat-token-expires",
  kind: "x-agora-chat-kind",
} as const;

/** How stale the object's knowledge of a block between the participants may be. */
const BLOCK_RECHECK_MS = 30_000;
/** Sockets one thread holds at most: many tabs and devices, not an unbounded pile. */
const MAX_SOCKETS_PER_THREAD = 2_000;
const CLOSE_DELETED = 4000;
/** A member's sockets close with this once they left or were removed from the group. */
export const CLOSE_NOT_MEMBER = 4403;

/**
 * One chat thread, addressed by its public id (ADR 009). Lifecycle:
 * - The Worker authenticates an upgrade and forwards it with the user's id in CHAT_HEADERS; this
 *   object accepts the socket with the hibernation API, so idle threads cost nothing.
 * - Messages go into this object's SQLite storage (thread-storage.ts). Storage writes are
 *   synchronous and the runtime's output gate holds every outgoing frame until they are durable,
 *   so a broadcast never announces a message that could be lost.
 * - After each change the thread's D1 rows (last message, unread counts, activity time, when each
 *   participant first wrote) are rewritten from this storage (thread-d1.ts); writes are coalesced
 *   so one runs at a time and the last wins. A change also sets an alarm, so a D1 write lost to a
 *   crash is made after the restart.
 * - Deleting the thread tells every socket EXCLUDE, closes them and wipes the storage.
 */
export class ChatThread extends DurableObject<Bindings> {
  private readonly storage: ThreadStorage;
  private readonly sockets: SocketSessions<ChatServerFrame>;
  private buckets = new WeakMap<WebSocket, RateBucket>();
  /** userId → when their "Typing..." lapses. Lost on hibernation, which only follows silence. */
  private typing = new Map<number, number>();
  private closed = false;
  /** Whether a block stands between the participants, as last read from D1, and when. */
  private blockCheck: { at: number; blocked: Promise<boolean> } | null = null;
  /** When the connected people's token versions were last compared with D1's, and that check. */
  private readonly recheck = new SessionRecheck(() => this.ctx.storage.sql);
  /** Each socket's frames run one after another, in the order they came. */
  private queues = new WeakMap<WebSocket, Promise<void>>();
  private readonly d1: ThreadD1;

  /**
   * A fresh data handle on each use: its D1 session starts on the primary, so what the object
   * reads before it writes (membership, blocks, sessions) includes every earlier write. One handle
   * kept for the object's life would follow its own bookmark and could miss others' writes.
   */
  private get deps(): Deps {
    return createDeps(this.env);
  }

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.storage = new ThreadStorage(ctx.storage);
    this.d1 = new ThreadD1(ctx, this.storage, {
      deps: () => this.deps,
      closed: () => this.closed,
    });
    this.sockets = new SocketSessions(ctx, {
      ping: { message_type: "PING" },
      pong: { message_type: "PONG" },
    });
  }

  // ----- Which thread, and who takes part -----

  /** Remembers which D1 thread this object is (the first call tells it); it is open again. */
  private bind(ref: ThreadRef): void {
    this.closed = false;
    this.storage.bind(ref);
  }

  /** Copies the participants' names and pictures from D1 (they change on profile edits). */
  private async refreshParticipants(ref: ThreadRef): Promise<Map<number, Participant>> {
    return this.storage.saveParticipants(await currentMembers(this.deps, ref.threadId));
  }

  private async participantsFor(ref: ThreadRef): Promise<Map<number, Participant>> {
    this.bind(ref);
    const known = this.storage.participants();
    return known.size > 0 ? known : this.refreshParticipants(ref);
  }

  // ----- Sockets -----

  private connectedUsers(): Set<number> {
    return new Set([...this.sockets.values()].map((s) => s.userId));
  }

  private broadcast(frame: ChatServerFrame, skip?: (session: SocketSession) => boolean): void {
    // A person who only listens sends no frames: their session is checked when others' arrive.
    void this.checkSessions();
    const data = JSON.stringify(frame);
    for (const [ws, session] of this.sockets.entries()) {
      if (skip?.(session)) continue;
      if (this.storage.isRevoked(session.userId, session.version)) {
        this.endSession(ws);
        continue;
      }
      this.sockets.send(ws, data);
    }
  }

  override async fetch(request: Request): Promise<Response> {
    const grant = readGrant(request, CHAT_HEADERS);
    if (grant instanceof Response) return grant;
    const { userId, version } = grant;
    const ref: ThreadRef = {
      threadId: Number(request.headers.get(CHAT_HEADERS.threadId)),
      publicId: request.headers.get(CHAT_HEADERS.publicId) ?? "",
      createdAt: Number(request.headers.get(CHAT_HEADERS.createdAt)),
      kind: request.headers.get(CHAT_HEADERS.kind) === "GROUP" ? "GROUP" : "PERSONAL",
    };
    if (!Number.isSafeInteger(ref.threadId) || !ref.publicId) return notAllowed();
    // A socket token opens one socket: its id is written here, in the thread it is bound to, and a
    // second use is refused before anything is accepted. A session revoked since is refused too.
    if (!this.storage.useToken(grant.jti, grant.expiresAt) || this.storage.isRevoked(userId, version))
      return refusalResponse(401, CHAT_MSG.badToken);

    this.bind(ref);
    const participants = await this.refreshParticipants(ref);
    const me = participants.get(userId);
    if (!me) return refusalResponse(404, CHAT_MSG.threadNotFound);

    if (this.sockets.size >= MAX_SOCKETS_PER_THREAD)
      return tooManySockets("This chat has too many open connections. Try again soon.");

    const alreadyHere = this.connectedUsers().has(userId);
    const { socket: server, response } = this.sockets.accept({ userId, version }, [String(userId)]);

    // Opening the thread reads it: unread goes to 0 and the others see a new reader.
    const read = this.storage.markRead([userId], this.storage.lastId());
    const now = Date.now();
    for (const [typist, until] of this.typing) {
      if (typist !== userId && until > now)
        this.sockets.send(server, { message_type: "TYPING", message_sender: this.storage.userOf(typist) });
    }
    const greeting: ChatServerFrame = {
      message_type: request.headers.get(CHAT_HEADERS.reconnect) === "1" ? "RECONNECT" : "CONNECT",
      message_sender: CHAT_SERVER_SENDER,
      user: this.storage.userOf(userId),
      text: joinedLine(me.profile_name || me.username),
      created_at: iso(now),
    };
    // A person is announced when they arrive; another tab of someone already here is news to
    // nobody else (and announcing every socket would cost N² frames in a busy thread).
    if (alreadyHere) this.sockets.send(server, greeting);
    else this.broadcast(greeting);
    if (read) this.ctx.waitUntil(this.syncD1());
    return response;
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const session = this.sockets.of(ws);
    if (!session || this.closed) return;
    if (this.storage.isRevoked(session.userId, session.version)) return this.endSession(ws);
    let bucket = this.buckets.get(ws);
    if (!bucket) {
      bucket = new RateBucket();
      this.buckets.set(ws, bucket);
    }
    const wait = bucket.take();
    if (wait < 0) return this.sockets.send(ws, refusal(CHAT_MSG.tooFast, data));
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Some frames wait on D1 or a fetch (a link preview): the socket's next frames wait behind them.
    const run = (this.queues.get(ws) ?? Promise.resolve()).then(() => this.process(ws, session, data));
    this.queues.set(
      ws,
      run.catch(() => undefined),
    );
    return run;
  }

  private async process(ws: WebSocket, session: SocketSession, data: string | ArrayBuffer): Promise<void> {
    if (this.closed) return;
    await this.checkSessions();
    if (this.storage.isRevoked(session.userId, session.version)) return this.endSession(ws);
    try {
      const frame = parseFrame(data);
      await this.handle(ws, session, frame);
    } catch (error) {
      if (error instanceof RefusedFrame) return this.sockets.send(ws, refusal(error.message, data));
      throw error;
    }
  }

  private async handle(ws: WebSocket, session: SocketSession, frame: ChatClientFrame): Promise<void> {
    switch (frame.message_type) {
      case "PING":
        return this.sockets.send(ws, { message_type: "PONG" });
      case "TYPING":
      case "STOPTYPING": {
        if (frame.message_type === "TYPING") this.typing.set(session.userId, Date.now() + TYPING_CLEAR_MS);
        else this.typing.delete(session.userId);
        const sender = this.storage.userOf(session.userId);
        this.broadcast(
          { message_type: frame.message_type, message_sender: sender },
          (s) => s.userId === session.userId,
        );
        return;
      }
      case "TEXT": {
        // A block between two members of a group keeps them apart elsewhere, not the group silent.
        if (!this.storage.isGroup() && (await this.blocked())) throw new RefusedFrame(CHAT_MSG.blocked);
        const asked = frame.webpage_preview ?? null;
        if (asked && !mentionsHost(frame.text, asked.link)) throw new RefusedFrame(CHAT_MSG.previewMismatch);
        // The client only names the link; what its preview shows is what the server fetched.
        const preview = asked ? await serverPreview(this.deps, session.userId, asked.link) : null;
        // While it was fetched, the thread may have been deleted or this socket closed.
        if (this.closed || !this.sockets.has(ws)) return;
        const { message, created } = this.storage.store(
          session.userId,
          { type: "TEXT", text: frame.text, preview, replyTo: frame.reply_to },
          frame.client_id,
          this.connectedUsers(),
        );
        this.typing.delete(session.userId);
        if (!created) return this.sockets.send(ws, { ...message, message_type: "TEXT" });
        this.broadcast({ ...message, message_type: "TEXT" });
        return this.syncD1();
      }
      case "DELETE":
        return this.deleteMessage(session.userId, frame.id);
      case "CLOSE": {
        // A group is deleted by its maker only, over HTTP (the Worker knows who made it).
        if (this.storage.isGroup()) throw new RefusedFrame(CHAT_MSG.makerDeletes);
        const ref = this.storage.boundThread();
        if (ref) await this.destroy(ref);
        return;
      }
    }
  }

  private async deleteMessage(userId: number, id: number): Promise<void> {
    const { media } = this.storage.deleteMessage(userId, id);
    this.broadcast({ message_type: "DELETE", id, last_message: this.storage.lastMessage() });
    if (media) await deleteChatMedia(this.deps, media);
    return this.syncD1();
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.forget(ws);
    closeBack(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.forget(ws);
  }

  private forget(ws: WebSocket): void {
    const session = this.sockets.forget(ws);
    if (!session) return;
    const stillHere = [...this.sockets.values()].some((s) => s.userId === session.userId);
    if (!stillHere && this.typing.delete(session.userId)) {
      this.broadcast(
        { message_type: "STOPTYPING", message_sender: this.storage.userOf(session.userId) },
        (s) => s.userId === session.userId,
      );
    }
  }

  // ----- Sessions that end -----

  /** Closes a socket whose person's session is over; nothing more is sent to it. */
  private endSession(ws: WebSocket): void {
    this.forget(ws);
    closeSessionEnded(ws);
  }

  /**
   * For revocations nobody told this object about (a lost call): at most every SESSION_RECHECK_MS
   * the connected people's accounts are read from D1, and a socket opened under an older token
   * version, or of an account that may no longer hold sessions, is closed. Every frame waits on the
   * same read, so a socket's frames keep their order.
   */
  private checkSessions(): Promise<void> {
    return this.recheck.run(() => {
      const ids = [...this.connectedUsers()];
      if (!ids.length) return Promise.resolve();
      return accountsOf(this.deps, ids)
        .then((rows) => {
          for (const row of rows) {
            const gone = !mayHoldSession(row);
            this.endSessionsOf(row.id, row.token_version, gone);
          }
        })
        .catch((error) => console.error("chat thread session check failed", error));
    });
  }

  /**
   * Records that the person's sessions below token version `version` are over and closes their
   * sockets opened under one; with `all`, every socket of theirs closes (an account that may hold
   * no session now), without refusing the sessions a later sign-in makes.
   */
  private endSessionsOf(userId: number, version: number, all: boolean): number {
    this.storage.revoke(userId, version);
    let closed = 0;
    for (const ws of this.ctx.getWebSockets(String(userId))) {
      const session = this.sockets.of(ws);
      if (!session || (!all && !this.storage.isRevoked(session.userId, session.version))) continue;
      this.endSession(ws);
      closed += 1;
    }
    return closed;
  }

  /**
   * A block made while both people have the thread open stops their texts within
   * BLOCK_RECHECK_MS: D1 is read again at most that often, and every frame waits on the same read,
   * so the frames of a socket keep their order.
   */
  private blocked(): Promise<boolean> {
    const now = Date.now();
    if (this.blockCheck && now - this.blockCheck.at < BLOCK_RECHECK_MS) return this.blockCheck.blocked;
    const blocked = anyBlockAmong(this.deps, [...this.storage.participants().keys()]).catch(() => false);
    this.blockCheck = { at: now, blocked };
    return blocked;
  }

  // ----- D1 -----

  /** Rewrites the thread's D1 rows from this storage (thread-d1.ts). */
  private syncD1(): Promise<void> {
    return this.d1.sync();
  }

  /** The resync alarm, set by every change (thread-d1.ts). */
  override async alarm(): Promise<void> {
    await this.d1.alarm();
  }

  // ----- Calls from the Worker (RPC) -----

  /** Newest first, with the ids of the listed messages someone may have reacted to. */
  async listMessages(ref: ThreadRef, skip: number, limit: number, readerId?: number): Promise<MessagePage> {
    await this.participantsFor(ref);
    // A former member reads up to when they left, nothing after.
    const until = readerId === undefined ? null : this.storage.untilOf(readerId);
    return this.storage.listMessages(skip, limit, until);
  }

  /**
   * A group's change, already in D1 (docs/decisions/143): the members are read again, the system
   * line is stored and sent to everyone here, and one who left or was removed gets it, then their
   * sockets close and their reading stops at it.
   */
  async groupChanged(ref: ThreadRef, change: GroupChange): Promise<ChatMessage> {
    this.bind(ref);
    await this.refreshParticipants(ref);
    // Someone added starts with nothing unread: what was said before is history, not news.
    if (change.type === "MEMBER_JOINED" && change.userId !== null)
      this.storage.markRead([change.userId], this.storage.lastId());
    const { message } = this.storage.store(
      change.actorId,
      { type: change.type, system: { user_id: change.userId, name: change.name } },
      undefined,
      this.connectedUsers(),
    );
    const gone = change.type === "MEMBER_LEFT" ? change.userId : null;
    if (gone !== null) this.storage.leave(gone);
    const group = { name: change.name, total_members: this.storage.participants().size };
    this.broadcast({ ...message, message_type: change.type, group } as ChatServerFrame);
    if (gone !== null)
      for (const ws of this.ctx.getWebSockets(String(gone))) {
        this.forget(ws);
        try {
          ws.close(CLOSE_NOT_MEMBER, CHAT_MSG.notInGroup);
        } catch {
          // Already closing.
        }
      }
    await this.syncD1();
    return message;
  }

  /**
   * The person's sessions made under a token version below `version` are over (password change,
   * suspension, deletion): their sockets here close with CLOSE_SESSION_ENDED and get nothing more,
   * and a socket token made before is refused. `all` closes every socket of theirs (the account may
   * hold no session now). Answers how many sockets closed.
   */
  async revokeSessions(userId: number, version: number, all = false): Promise<number> {
    return this.endSessionsOf(userId, version, all);
  }

  /** The message's sender and text while it is not deleted: a reaction's target (docs/decisions/140). */
  async reactable(ref: ThreadRef, id: number): Promise<{ senderId: number; text: string | null } | null> {
    this.bind(ref);
    return this.storage.reactable(id);
  }

  /** Tells the thread's sockets of a reaction, but not those of `hiddenFrom` (who blocked its author). */
  async announceReaction(frame: ChatReactionFrame, hiddenFrom: number[] = []): Promise<void> {
    this.broadcast(frame, (s) => hiddenFrom.includes(s.userId));
  }

  /** Stores and broadcasts an uploaded image (POST .../chat/image). */
  async postImage(
    ref: ThreadRef,
    userId: number,
    media: string,
    clientId?: string,
    alt: string | null = null,
    replyTo?: number,
  ): Promise<ChatMessage> {
    const participants = await this.participantsFor(ref);
    if (!participants.has(userId)) throw new Error("not a participant");
    const { message, created } = this.storage.store(
      userId,
      { type: "IMAGE", media, alt, replyTo },
      clientId,
      this.connectedUsers(),
    );
    if (created) {
      this.broadcast({ ...message, message_type: "IMAGE" });
      await this.syncD1();
    }
    return message;
  }

  /** Stores and broadcasts a text message without a socket (demo data). */
  async postText(ref: ThreadRef, userId: number, text: string): Promise<ChatMessage> {
    const participants = await this.participantsFor(ref);
    if (!participants.has(userId)) throw new Error("not a participant");
    const { message } = this.storage.store(userId, { type: "TEXT", text }, undefined, this.connectedUsers());
    this.broadcast({ ...message, message_type: "TEXT" });
    await this.syncD1();
    return message;
  }

  /** Deletes the thread for everyone: D1 rows, sockets (after EXCLUDE), images and storage. */
  async destroy(ref: ThreadRef): Promise<void> {
    this.closed = true;
    await deleteThreadRows(this.deps, ref);
    this.broadcast({ message_type: "EXCLUDE", text: "The chat was deleted" });
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(CLOSE_DELETED, "The chat was deleted");
      } catch {
        // Already closing.
      }
    }
    this.sockets.clear();
    this.typing.clear();
    await wipeThreadMedia(this.deps, ref.publicId);
    await this.storage.wipe();
  }
}
