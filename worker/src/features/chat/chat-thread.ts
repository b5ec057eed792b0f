import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { TYPING_CLEAR_MS } from "#shared/constants.ts";
import { CHAT_SERVER_SENDER } from "#shared/enums.ts";
import {
  CHAT_MSG,
  type ChatClientFrame,
  type ChatLastMessage,
  type ChatMessage,
  type ChatServerFrame,
  type ChatUser,
  chatClientFrameSchema,
  joinedLine,
  type WebpagePreview,
} from "#shared/schemas/chat.ts";
import { uploads } from "#worker/db/schema/index.ts";
import { createDeps, type Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";

/** Which thread a call is about; the Worker looked it up in D1 and checked the caller. */
export interface ThreadRef {
  threadId: number;
  publicId: string;
  createdAt: number;
}

/** Headers only the Worker sets on the upgrade it forwards (clients never reach this object). */
export const CHAT_HEADERS = {
  userId: "x-agora-chat-user-id",
  threadId: "x-agora-chat-thread-id",
  publicId: "x-agora-chat-public-id",
  createdAt: "x-agora-chat-created-at",
  reconnect: "x-agora-chat-reconnect",
} as const;

/** Kept on each socket with serializeAttachment, so it survives hibernation. */
interface Session {
  userId: number;
}

interface Participant extends ChatUser {
  userId: number;
  lastReadId: number;
}

interface MessageRow extends Record<string, SqlStorageValue> {
  id: number;
  sender_id: number;
  client_id: string | null;
  message_type: string;
  text: string | null;
  media: string | null;
  webpage_preview: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * Flood control per socket: a token bucket. A socket that spends its burst waits for tokens (its
 * frames are processed later, in order); only when its backlog grows past `maxDebt` are frames
 * refused. Other sockets never wait, because the waiting is a timer, not work.
 */
export const FLOOD = { capacity: 20, refillPerSecond: 5, maxDebt: 20 } as const;
/** How stale the object's knowledge of a block between the participants may be. */
export const BLOCK_RECHECK_MS = 30_000;
/** Sockets one thread holds at most: many tabs and devices, not an unbounded pile. */
export const MAX_SOCKETS_PER_THREAD = 2_000;
/** Larger frames are refused before parsing: 1000 characters plus a preview fit easily. */
const MAX_FRAME_CHARS = 16_384;
const CLOSE_DELETED = 4000;
/**
 * The extensions this object accepts on its sockets: none, so frames are not compressed. The
 * runtime negotiates permessage-deflate from this header (when it is absent it accepts whatever
 * the client offers), and compression is per socket: one message to 1,000 sockets would be
 * deflated 1,000 times. Chat frames are a few hundred bytes, so the bytes saved are not worth that
 * CPU on the thread that fans the message out (ADR 011). Any value without `permessage-deflate`
 * refuses the offer; the runtime does not echo it to the client.
 */
const NO_COMPRESSION = "identity";

class Bucket {
  private tokens: number = FLOOD.capacity;
  private at = Date.now();

  /** Milliseconds to wait before the frame may run, or -1 when it is refused. */
  take(): number {
    const now = Date.now();
    this.tokens = Math.min(FLOOD.capacity, this.tokens + ((now - this.at) / 1000) * FLOOD.refillPerSecond);
    this.at = now;
    if (this.tokens - 1 < -FLOOD.maxDebt) return -1;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / FLOOD.refillPerSecond) * 1000);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const unknownUser = (): ChatUser => ({ username: "deleted", profile_name: null, profile_image: null });

/**
 * One chat thread, addressed by its public id. Lifecycle:
 * - The Worker authenticates an upgrade and forwards it with the user's id in CHAT_HEADERS; this
 *   object accepts the socket with the hibernation API, so idle threads cost nothing.
 * - Messages go into this object's SQLite storage. Storage writes are synchronous and the
 *   runtime's output gate holds every outgoing frame until they are durable, so a broadcast
 *   never announces a message that could be lost.
 * - After each change the thread's D1 rows (last message, unread counts, activity time) are
 *   rewritten from this storage; writes are coalesced so one runs at a time and the last wins.
 * - Deleting the thread tells every socket EXCLUDE, closes them and wipes the storage.
 */
export class ChatThread extends DurableObject<Bindings> {
  private readonly deps: Deps;
  private sessions = new Map<WebSocket, Session>();
  private buckets = new WeakMap<WebSocket, Bucket>();
  /** userId → when their "Typing..." lapses. Lost on hibernation, which only follows silence. */
  private typing = new Map<number, number>();
  private participants: Map<number, Participant> | null = null;
  private schemaReady = false;
  private closed = false;
  private syncing: Promise<void> | null = null;
  private dirty = false;
  /** Whether a block stands between the participants, as last read from D1, and when. */
  private blockCheck: { at: number; blocked: Promise<boolean> } | null = null;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.deps = createDeps(env);
    // Sockets accepted before a hibernation come back with their attachment.
    for (const ws of ctx.getWebSockets()) {
      const session = ws.deserializeAttachment() as Session | null;
      if (session) this.sessions.set(ws, session);
    }
    // Pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(
        JSON.stringify({ message_type: "PING" }),
        JSON.stringify({ message_type: "PONG" }),
      ),
    );
  }

  // ----- Storage -----

  private sql(): SqlStorage {
    if (!this.schemaReady) {
      this.ctx.storage.sql.exec(`
        CREATE TABLE IF NOT EXISTS thread (
          one INTEGER PRIMARY KEY CHECK (one = 1),
          thread_id INTEGER NOT NULL,
          public_id TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS participants (
          user_id INTEGER PRIMARY KEY,
          username TEXT NOT NULL,
          profile_name TEXT,
          profile_image TEXT,
          last_read_id INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE IF NOT EXISTS messages (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          sender_id INTEGER NOT NULL,
          client_id TEXT,
          message_type TEXT NOT NULL,
          text TEXT,
          media TEXT,
          webpage_preview TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          deleted_at INTEGER
        );
        CREATE UNIQUE INDEX IF NOT EXISTS messages_client_id
          ON messages (sender_id, client_id) WHERE client_id IS NOT NULL;
      `);
      this.schemaReady = true;
    }
    return this.ctx.storage.sql;
  }

  /** Remembers which D1 thread this object is (the first call tells it). */
  private bind(ref: ThreadRef): void {
    this.closed = false;
    this.sql().exec(
      "INSERT OR IGNORE INTO thread (one, thread_id, public_id, created_at) VALUES (1, ?, ?, ?)",
      ref.threadId,
      ref.publicId,
      ref.createdAt,
    );
  }

  private boundThread(): ThreadRef | null {
    const row = this.sql().exec("SELECT thread_id, public_id, created_at FROM thread").toArray()[0];
    if (!row) return null;
    return {
      threadId: Number(row.thread_id),
      publicId: String(row.public_id),
      createdAt: Number(row.created_at),
    };
  }

  /** Copies the participants' names and pictures from D1 (they change on profile edits). */
  private async refreshParticipants(ref: ThreadRef): Promise<Map<number, Participant>> {
    const results = await this.deps.db.all<{
      id: number;
      username: string;
      profile_name: string | null;
      profile_image: string | null;
    }>({
      sql: `SELECT u.id, u.username, u.profile_name, u.profile_image
              FROM chat_thread_users ctu JOIN users u ON u.id = ctu.user_id
             WHERE ctu.thread_id = ?1`,
      binds: [ref.threadId],
    });
    const sql = this.sql();
    for (const u of results) {
      sql.exec(
        `INSERT INTO participants (user_id, username, profile_name, profile_image) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET username = excluded.username,
           profile_name = excluded.profile_name, profile_image = excluded.profile_image`,
        u.id,
        u.username,
        u.profile_name,
        u.profile_image,
      );
    }
    this.participants = null;
    return this.loadParticipants();
  }

  private loadParticipants(): Map<number, Participant> {
    if (!this.participants) {
      this.participants = new Map();
      for (const row of this.sql().exec("SELECT * FROM participants")) {
        this.participants.set(Number(row.user_id), {
          userId: Number(row.user_id),
          username: String(row.username),
          profile_name: (row.profile_name as string | null) ?? null,
          profile_image: (row.profile_image as string | null) ?? null,
          lastReadId: Number(row.last_read_id),
        });
      }
    }
    return this.participants;
  }

  private async participantsFor(ref: ThreadRef): Promise<Map<number, Participant>> {
    this.bind(ref);
    const known = this.loadParticipants();
    return known.size > 0 ? known : this.refreshParticipants(ref);
  }

  private userOf(userId: number): ChatUser {
    const p = this.loadParticipants().get(userId);
    return p
      ? { username: p.username, profile_name: p.profile_name, profile_image: p.profile_image }
      : unknownUser();
  }

  /** Everyone with an open socket has seen everything up to `id`. */
  private markRead(userIds: Iterable<number>, id: number): boolean {
    const participants = this.loadParticipants();
    const sql = this.sql();
    let changed = false;
    for (const userId of userIds) {
      const p = participants.get(userId);
      if (!p || p.lastReadId >= id) continue;
      p.lastReadId = id;
      changed = true;
      sql.exec("UPDATE participants SET last_read_id = ? WHERE user_id = ?", id, userId);
    }
    return changed;
  }

  private lastId(): number {
    const row = this.sql().exec("SELECT max(id) AS id FROM messages").one();
    return Number(row.id ?? 0);
  }

  private toMessage(row: MessageRow): ChatMessage {
    const readers: string[] = [];
    for (const p of this.loadParticipants().values()) if (p.lastReadId >= row.id) readers.push(p.username);
    return {
      id: row.id,
      message_type: row.message_type === "IMAGE" ? "IMAGE" : "TEXT",
      message_sender: this.userOf(row.sender_id),
      text: row.text,
      media: row.media,
      webpage_preview: row.webpage_preview ? (JSON.parse(row.webpage_preview) as WebpagePreview) : null,
      readers,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      client_id: row.client_id,
    };
  }

  private lastMessage(): ChatLastMessage | null {
    const row = this.sql()
      .exec<{ message_type: string; text: string | null; created_at: number }>(
        "SELECT message_type, text, created_at FROM messages WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1",
      )
      .toArray()[0];
    if (!row) return null;
    return {
      message_type: row.message_type === "IMAGE" ? "IMAGE" : "TEXT",
      text: row.text,
      created_at: iso(row.created_at),
    };
  }

  /**
   * Stores a message once: a repeat of the sender's `clientId` returns the stored one with
   * `created: false`, so a client that resends after a reconnect never makes a duplicate.
   */
  private store(
    senderId: number,
    input: { type: "TEXT" | "IMAGE"; text?: string; media?: string; preview?: WebpagePreview | null },
    clientId?: string,
  ): { message: ChatMessage; created: boolean } {
    const sql = this.sql();
    if (clientId) {
      const existing = sql
        .exec<MessageRow>(
          "SELECT * FROM messages WHERE sender_id = ? AND client_id = ? AND deleted_at IS NULL",
          senderId,
          clientId,
        )
        .toArray()[0];
      if (existing) return { message: this.toMessage(existing), created: false };
      // A resend of a message its author has deleted since: nothing to store or show.
      const deleted = sql
        .exec("SELECT id FROM messages WHERE sender_id = ? AND client_id = ?", senderId, clientId)
        .toArray()[0];
      if (deleted) throw new RefusedFrame(CHAT_MSG.messageNotFound);
    }
    const now = Date.now();
    const row = sql
      .exec<MessageRow>(
        `INSERT INTO messages (sender_id, client_id, message_type, text, media, webpage_preview, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        senderId,
        clientId ?? null,
        input.type,
        input.text ?? null,
        input.media ?? null,
        input.preview ? JSON.stringify(input.preview) : null,
        now,
        now,
      )
      .one();
    this.markRead(new Set([senderId, ...this.connectedUsers()]), row.id);
    return { message: this.toMessage(row), created: true };
  }

  // ----- Sockets -----

  private connectedUsers(): Set<number> {
    return new Set([...this.sessions.values()].map((s) => s.userId));
  }

  private broadcast(frame: ChatServerFrame, skip?: (session: Session) => boolean): void {
    const data = JSON.stringify(frame);
    for (const [ws, session] of this.sessions) {
      if (skip?.(session)) continue;
      try {
        ws.send(data);
      } catch {
        // A socket that can no longer take frames is gone; forget it.
        this.sessions.delete(ws);
      }
    }
  }

  private sendTo(ws: WebSocket, frame: ChatServerFrame): void {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      this.sessions.delete(ws);
    }
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return Response.json({ detail: "Expected a WebSocket upgrade" }, { status: 426 });
    const userId = Number(request.headers.get(CHAT_HEADERS.userId));
    const ref: ThreadRef = {
      threadId: Number(request.headers.get(CHAT_HEADERS.threadId)),
      publicId: request.headers.get(CHAT_HEADERS.publicId) ?? "",
      createdAt: Number(request.headers.get(CHAT_HEADERS.createdAt)),
    };
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(ref.threadId) || !ref.publicId)
      return Response.json({ detail: "Not allowed" }, { status: 403 });

    this.bind(ref);
    const participants = await this.refreshParticipants(ref);
    const me = participants.get(userId);
    if (!me) return Response.json({ detail: CHAT_MSG.threadNotFound }, { status: 404 });

    if (this.sessions.size >= MAX_SOCKETS_PER_THREAD)
      return Response.json(
        { detail: "This chat has too many open connections. Try again soon." },
        { status: 429 },
      );

    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    const session: Session = { userId };
    const alreadyHere = this.connectedUsers().has(userId);
    this.ctx.acceptWebSocket(server, [String(userId)]);
    server.serializeAttachment(session);
    this.sessions.set(server, session);

    // Opening the thread reads it: unread goes to 0 and the others see a new reader.
    const read = this.markRead([userId], this.lastId());
    const now = Date.now();
    for (const [typist, until] of this.typing) {
      if (typist !== userId && until > now)
        this.sendTo(server, { message_type: "TYPING", message_sender: this.userOf(typist) });
    }
    const greeting: ChatServerFrame = {
      message_type: request.headers.get(CHAT_HEADERS.reconnect) === "1" ? "RECONNECT" : "CONNECT",
      message_sender: CHAT_SERVER_SENDER,
      user: this.userOf(userId),
      text: joinedLine(me.profile_name || me.username),
      created_at: iso(now),
    };
    // A person is announced when they arrive; another tab of someone already here is news to
    // nobody else (and announcing every socket would cost N² frames in a busy thread).
    if (alreadyHere) this.sendTo(server, greeting);
    else this.broadcast(greeting);
    if (read) this.ctx.waitUntil(this.syncD1());
    return new Response(null, {
      status: 101,
      webSocket: client,
      headers: { "sec-websocket-extensions": NO_COMPRESSION },
    });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const session = this.sessions.get(ws) ?? (ws.deserializeAttachment() as Session | null);
    if (!session || this.closed) return;
    let bucket = this.buckets.get(ws);
    if (!bucket) {
      bucket = new Bucket();
      this.buckets.set(ws, bucket);
    }
    const wait = bucket.take();
    if (wait < 0) return this.refuse(ws, CHAT_MSG.tooFast, data);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (this.closed) return;

    try {
      const frame = parseFrame(data);
      await this.handle(ws, session, frame);
    } catch (error) {
      if (error instanceof RefusedFrame) return this.refuse(ws, error.message, data);
      throw error;
    }
  }

  /** An ERROR to that socket only, naming the refused text's client id so it is not resent. */
  private refuse(ws: WebSocket, text: string, data: string | ArrayBuffer): void {
    const clientId =
      typeof data === "string" && data.length <= MAX_FRAME_CHARS ? clientIdOf(data) : undefined;
    this.sendTo(
      ws,
      clientId ? { message_type: "ERROR", text, client_id: clientId } : { message_type: "ERROR", text },
    );
  }

  private async handle(ws: WebSocket, session: Session, frame: ChatClientFrame): Promise<void> {
    switch (frame.message_type) {
      case "PING":
        return this.sendTo(ws, { message_type: "PONG" });
      case "TYPING":
      case "STOPTYPING": {
        if (frame.message_type === "TYPING") this.typing.set(session.userId, Date.now() + TYPING_CLEAR_MS);
        else this.typing.delete(session.userId);
        const sender = this.userOf(session.userId);
        this.broadcast(
          { message_type: frame.message_type, message_sender: sender },
          (s) => s.userId === session.userId,
        );
        return;
      }
      case "TEXT": {
        if (await this.blocked()) throw new RefusedFrame(CHAT_MSG.blocked);
        const preview = frame.webpage_preview ?? null;
        if (preview && !mentionsHost(frame.text, preview.link))
          throw new RefusedFrame(CHAT_MSG.previewMismatch);
        const { message, created } = this.store(
          session.userId,
          { type: "TEXT", text: frame.text, preview },
          frame.client_id,
        );
        this.typing.delete(session.userId);
        if (!created) return this.sendTo(ws, { ...message, message_type: "TEXT" });
        this.broadcast({ ...message, message_type: "TEXT" });
        return this.syncD1();
      }
      case "DELETE":
        return this.deleteMessage(session.userId, frame.id);
      case "CLOSE": {
        const ref = this.boundThread();
        if (ref) await this.destroy(ref);
        return;
      }
    }
  }

  private async deleteMessage(userId: number, id: number): Promise<void> {
    const row = this.sql()
      .exec<MessageRow>("SELECT * FROM messages WHERE id = ? AND deleted_at IS NULL", id)
      .toArray()[0];
    if (!row) throw new RefusedFrame(CHAT_MSG.messageNotFound);
    if (row.sender_id !== userId) throw new RefusedFrame(CHAT_MSG.notAuthor);
    // A tombstone keeps the client id, so a late resend of this message is not stored again.
    this.sql().exec(
      "UPDATE messages SET deleted_at = ?, text = NULL, media = NULL, webpage_preview = NULL WHERE id = ?",
      Date.now(),
      id,
    );
    this.broadcast({ message_type: "DELETE", id, last_message: this.lastMessage() });
    if (row.media) await this.deleteMedia(row.media);
    return this.syncD1();
  }

  private async deleteMedia(link: string): Promise<void> {
    const key = link.replace(/^\/media\//, "");
    await this.deps.env.MEDIA.delete(key);
    await this.deps.db.orm.delete(uploads).where(eq(uploads.key, key));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.forget(ws);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed by the runtime.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.forget(ws);
  }

  private forget(ws: WebSocket): void {
    const session = this.sessions.get(ws) ?? (ws.deserializeAttachment() as Session | null);
    this.sessions.delete(ws);
    if (!session) return;
    const stillHere = [...this.sessions.values()].some((s) => s.userId === session.userId);
    if (!stillHere && this.typing.delete(session.userId)) {
      this.broadcast(
        { message_type: "STOPTYPING", message_sender: this.userOf(session.userId) },
        (s) => s.userId === session.userId,
      );
    }
  }

  /**
   * A block made while both people have the thread open stops their texts within
   * BLOCK_RECHECK_MS: D1 is read again at most that often, and every frame waits on the same read,
   * so the frames of a socket keep their order.
   */
  private blocked(): Promise<boolean> {
    const now = Date.now();
    if (this.blockCheck && now - this.blockCheck.at < BLOCK_RECHECK_MS) return this.blockCheck.blocked;
    const ids = [...this.loadParticipants().keys()];
    const marks = ids.map((_, i) => `?${i + 1}`).join(", ");
    const blocked = this.deps.db
      .first({
        sql: `SELECT 1 AS hit FROM blocks
               WHERE blocker_id IN (${marks}) AND blocked_id IN (${marks}) AND blocker_id != blocked_id LIMIT 1`,
        binds: ids,
      })
      .then((row) => row !== null)
      .catch(() => false);
    this.blockCheck = { at: now, blocked };
    return blocked;
  }

  // ----- D1 -----

  /** Rewrites the thread's D1 rows from this storage; concurrent calls share one write loop. */
  private syncD1(): Promise<void> {
    this.dirty = true;
    this.syncing ??= this.flush();
    return this.syncing;
  }

  private async flush(): Promise<void> {
    try {
      // Let the frames just broadcast go out before the D1 work takes the thread's CPU.
      await new Promise((resolve) => setTimeout(resolve, 0));
      while (this.dirty) {
        this.dirty = false;
        await this.writeD1().catch((error) => console.error("chat thread D1 sync failed", error));
      }
    } finally {
      this.syncing = null;
    }
  }

  private async writeD1(): Promise<void> {
    const ref = this.boundThread();
    if (!ref || this.closed) return;
    const sql = this.sql();
    const last = sql
      .exec<{ message_type: string; text: string | null; created_at: number }>(
        "SELECT message_type, text, created_at FROM messages WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1",
      )
      .toArray()[0];
    const activity = last?.created_at ?? ref.createdAt;
    const { db } = this.deps;
    const statements = [
      db.prepare({
        sql: "UPDATE chat_threads SET last_message_text = ?1, last_message_type = ?2, last_message_at = ?3 WHERE id = ?4",
        binds: [last?.text ?? null, last?.message_type ?? null, last?.created_at ?? null, ref.threadId],
      }),
    ];
    for (const p of this.loadParticipants().values()) {
      const unread = Number(
        sql
          .exec(
            "SELECT count(*) AS n FROM messages WHERE id > ? AND sender_id != ? AND deleted_at IS NULL",
            p.lastReadId,
            p.userId,
          )
          .one().n,
      );
      statements.push(
        db.prepare({
          sql: `UPDATE chat_thread_users SET total_unread_messages = ?1, last_activity_at = ?2
                 WHERE thread_id = ?3 AND user_id = ?4`,
          binds: [unread, activity, ref.threadId, p.userId],
        }),
      );
    }
    await db.write(statements);
  }

  // ----- Calls from the Worker (RPC) -----

  /** Newest first, as `{list, total}`. */
  async listMessages(
    ref: ThreadRef,
    skip: number,
    limit: number,
  ): Promise<{ list: ChatMessage[]; total: number }> {
    await this.participantsFor(ref);
    const sql = this.sql();
    const total = Number(sql.exec("SELECT count(*) AS n FROM messages WHERE deleted_at IS NULL").one().n);
    const rows = sql
      .exec<MessageRow>(
        "SELECT * FROM messages WHERE deleted_at IS NULL ORDER BY id DESC LIMIT ? OFFSET ?",
        limit,
        skip,
      )
      .toArray();
    return { list: rows.map((r) => this.toMessage(r)), total };
  }

  /** Stores and broadcasts an uploaded image (POST .../chat/image). */
  async postImage(ref: ThreadRef, userId: number, media: string, clientId?: string): Promise<ChatMessage> {
    const participants = await this.participantsFor(ref);
    if (!participants.has(userId)) throw new Error("not a participant");
    const { message, created } = this.store(userId, { type: "IMAGE", media }, clientId);
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
    const { message } = this.store(userId, { type: "TEXT", text });
    this.broadcast({ ...message, message_type: "TEXT" });
    await this.syncD1();
    return message;
  }

  /** Deletes the thread for everyone: D1 rows, sockets (after EXCLUDE), images and storage. */
  async destroy(ref: ThreadRef): Promise<void> {
    this.closed = true;
    const { db } = this.deps;
    await db.write([
      db.prepare({ sql: "DELETE FROM chat_thread_users WHERE thread_id = ?1", binds: [ref.threadId] }),
      db.prepare({ sql: "DELETE FROM chat_threads WHERE id = ?1", binds: [ref.threadId] }),
      db.prepare({ sql: "DELETE FROM uploads WHERE key LIKE ?1", binds: [`chat/${ref.publicId}/%`] }),
    ]);
    this.broadcast({ message_type: "EXCLUDE", text: "The chat was deleted" });
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(CLOSE_DELETED, "The chat was deleted");
      } catch {
        // Already closing.
      }
    }
    this.sessions.clear();
    this.typing.clear();
    const prefix = `chat/${ref.publicId}/`;
    let cursor: string | undefined;
    do {
      const page = await this.deps.env.MEDIA.list({ prefix, cursor });
      if (page.objects.length) await this.deps.env.MEDIA.delete(page.objects.map((o) => o.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    await this.ctx.storage.deleteAll();
    this.schemaReady = false;
    this.participants = null;
  }
}

/** A frame refused with an ERROR to its socket only; nothing is stored. */
class RefusedFrame extends Error {}

function parseFrame(data: string | ArrayBuffer): ChatClientFrame {
  if (typeof data !== "string" || data.length > MAX_FRAME_CHARS) throw new RefusedFrame(CHAT_MSG.malformed);
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    throw new RefusedFrame(CHAT_MSG.malformed);
  }
  if (raw && typeof raw === "object" && (raw as { message_type?: unknown }).message_type === "TEXT") {
    const frame = raw as Record<string, unknown>;
    const clientId = textClientId(frame);
    for (const alias of CLIENT_ID_ALIASES) delete frame[alias];
    if (clientId !== undefined) frame.client_id = clientId;
  }
  const parsed = chatClientFrameSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const known = issue?.message && Object.values(CHAT_MSG).includes(issue.message as never);
    throw new RefusedFrame(known ? issue.message : `${CHAT_MSG.malformed}: ${describe(issue)}`);
  }
  return parsed.data;
}

/**
 * A TEXT's client id: `client_id`, or the names other clients give a client-chosen id (`id`,
 * `clientId`, `client_message_id`, `nonce`), so a resend is recognised whatever it is called.
 */
const CLIENT_ID_ALIASES = ["id", "clientId", "client_message_id", "nonce"] as const;

function textClientId(frame: Record<string, unknown>): string | undefined {
  for (const key of ["client_id", ...CLIENT_ID_ALIASES]) {
    const value = frame[key];
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
      return String(value);
  }
  return undefined;
}

function clientIdOf(data: string): string | undefined {
  try {
    const raw = JSON.parse(data) as Record<string, unknown> | null;
    if (!raw || typeof raw !== "object" || raw.message_type !== "TEXT") return undefined;
    const id = textClientId(raw);
    return id !== undefined && id.length <= 64 ? id : undefined;
  } catch {
    return undefined;
  }
}

function describe(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return "unknown";
  return issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}

/** A preview must be of a site the message names, so nobody dresses a link up as another. */
function mentionsHost(text: string, link: string): boolean {
  const host = new URL(link).hostname.toLowerCase();
  return text.toLowerCase().includes(host.replace(/^www\./, ""));
}
