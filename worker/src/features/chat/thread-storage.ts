import { REPLY_EXCERPT_MAX } from "#shared/constants.ts";
import {
  CHAT_MSG,
  type ChatLastMessage,
  type ChatMessage,
  type ChatReplyRef,
  type ChatSystemMessageType,
  type ChatUser,
  type WebpagePreview,
} from "#shared/schemas/chat.ts";
import { useSocketToken } from "#worker/lib/sockets/resumable.ts";
import { iso } from "#worker/lib/time.ts";
import type { ThreadRef } from "./chat-thread";
import { RefusedFrame } from "./frames";

export interface Participant extends ChatUser {
  userId: number;
  lastReadId: number;
}

/** A participant's row as the object copies it from D1. */
export interface ParticipantSource {
  id: number;
  username: string;
  profile_name: string | null;
  profile_image: string | null;
}

interface MessageRow extends Record<string, SqlStorageValue> {
  id: number;
  sender_id: number;
  client_id: string | null;
  message_type: string;
  text: string | null;
  media: string | null;
  /** The picture's description, for screen readers. */
  alt: string | null;
  webpage_preview: string | null;
  created_at: number;
  updated_at: number;
  /** The answered message's id, and (joined) its text, type, sender and whether it was deleted. */
  reply_to: number | null;
  reply_text: string | null;
  reply_type: string | null;
  reply_sender: number | null;
  reply_deleted: number | null;
  /** A system line's subject as JSON `{user_id, name}`. */
  system: string | null;
}

/** People's messages; the rest are a group's system lines, which neither count as unread nor preview the thread. */
const PEOPLES = "message_type IN ('TEXT', 'IMAGE')";
/** Every message column, with what its reply answers. */
const MESSAGE_SELECT = `SELECT m.*, r.text AS reply_text, r.message_type AS reply_type,
  r.sender_id AS reply_sender, r.deleted_at IS NOT NULL AS reply_deleted
  FROM messages m LEFT JOIN messages r ON r.id = m.reply_to`;

type NewestRow = { message_type: string; text: string | null; created_at: number };

/** How long after a change the alarm checks that D1 heard of it (the write normally lands in ms). */
export const D1_RESYNC_MS = 5_000;
const unknownUser = (): ChatUser => ({ username: "deleted", profile_name: null, profile_image: null });

/**
 * A thread object's own SQLite storage: which D1 thread it is, the participants with how far each
 * has read, and the messages (ids only grow; a deleted message stays as a tombstone that keeps its
 * client id). Every call is synchronous: the runtime's output gate holds the object's outgoing
 * frames until these writes are durable.
 */
export class ThreadStorage {
  private schemaReady = false;
  private cache: Map<number, Participant> | null = null;
  /** user id → the token version their sessions must reach (revocations, read once). */
  private revoked: Map<number, number> | null = null;

  /** Whether this instance has set the resync alarm (a fired alarm clears it). */
  private alarmArmed = false;

  constructor(private readonly storage: DurableObjectStorage) {}

  private sql(): SqlStorage {
    if (!this.schemaReady) {
      this.storage.sql.exec(`
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
        CREATE TABLE IF NOT EXISTS gone (
          user_id INTEGER PRIMARY KEY,
          until_id INTEGER NOT NULL
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
        CREATE TABLE IF NOT EXISTS used_tokens (
          jti TEXT PRIMARY KEY,
          expires_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS revocations (
          user_id INTEGER PRIMARY KEY,
          below_version INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS d1_sync (
          one INTEGER PRIMARY KEY CHECK (one = 1),
          changed INTEGER NOT NULL DEFAULT 0,
          synced INTEGER NOT NULL DEFAULT 0
        );
      `);
      // Threads made before pictures had descriptions, replies and groups get the columns once.
      this.addColumn("messages", "alt", "TEXT");
      this.addColumn("messages", "reply_to", "INTEGER");
      this.addColumn("messages", "system", "TEXT");
      this.addColumn("thread", "kind", "TEXT");
      this.schemaReady = true;
    }
    return this.storage.sql;
  }

  private addColumn(table: string, column: string, type: string): void {
    const has = this.storage.sql
      .exec(`SELECT 1 FROM pragma_table_info('${table}') WHERE name = ?`, column)
      .toArray().length;
    if (!has) this.storage.sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }

  // ----- What D1 has been told -----
  //
  // D1's copy (last message, unread counts, activity) is written after a change, not with it, so a
  // crash between the two would leave it stale until the thread next changed. Each change bumps
  // `changed` in the same synchronous write as the change itself, and sets an alarm (durable, it
  // fires after a restart too); a D1 write that succeeds records the version it wrote as `synced`.

  /** A change D1 must hear about: bumps the version and arms the resync alarm. */
  private changed(): void {
    this.sql().exec(
      "INSERT INTO d1_sync (one, changed) VALUES (1, 1) ON CONFLICT (one) DO UPDATE SET changed = changed + 1",
    );
    this.armResync();
  }

  /** Sets the alarm that writes D1 again if the write after a change never lands. */
  armResync(): void {
    if (this.alarmArmed) return;
    this.alarmArmed = true;
    this.storage.setAlarm(Date.now() + D1_RESYNC_MS).catch(() => {
      this.alarmArmed = false;
    });
  }

  /** The resync alarm has fired; a later change sets it again. */
  alarmFired(): void {
    this.alarmArmed = false;
  }

  /** The version of the state about to be written to D1. */
  changeVersion(): number {
    const row = this.sql().exec("SELECT changed FROM d1_sync").toArray()[0];
    return Number(row?.changed ?? 0);
  }

  /** D1 now holds the state of `version`. */
  markSynced(version: number): void {
    this.sql().exec("UPDATE d1_sync SET synced = max(synced, ?)", version);
  }

  /** Whether a change has not reached D1 yet. */
  d1Behind(): boolean {
    const row = this.sql().exec("SELECT changed > synced AS behind FROM d1_sync").toArray()[0];
    return Boolean(row?.behind);
  }

  // ----- Socket tokens and revoked sessions -----

  /** Records a socket token's id; false when it was used before (`useSocketToken`). */
  useToken(jti: string, expiresAt: number): boolean {
    return useSocketToken(this.sql(), jti, expiresAt);
  }

  /** Sessions of the user made under a token version below `version` are over. */
  revoke(userId: number, version: number): void {
    const revoked = this.revocations();
    if ((revoked.get(userId) ?? Number.NEGATIVE_INFINITY) >= version) return;
    revoked.set(userId, version);
    this.sql().exec(
      `INSERT INTO revocations (user_id, below_version) VALUES (?, ?)
       ON CONFLICT (user_id) DO UPDATE SET below_version = max(below_version, excluded.below_version)`,
      userId,
      version,
    );
  }

  /** Whether a session of the user made under token version `version` has been revoked. */
  isRevoked(userId: number, version: number): boolean {
    return version < (this.revocations().get(userId) ?? Number.NEGATIVE_INFINITY);
  }

  private revocations(): Map<number, number> {
    if (!this.revoked) {
      this.revoked = new Map();
      for (const row of this.sql().exec("SELECT user_id, below_version FROM revocations"))
        this.revoked.set(Number(row.user_id), Number(row.below_version));
    }
    return this.revoked;
  }

  /** Remembers which D1 thread this object is (the first call tells it). */
  bind(ref: ThreadRef): void {
    this.sql().exec(
      `INSERT INTO thread (one, thread_id, public_id, created_at, kind) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (one) DO UPDATE SET kind = coalesce(excluded.kind, kind)`,
      ref.threadId,
      ref.publicId,
      ref.createdAt,
      ref.kind ?? null,
    );
  }

  /** Whether this thread is a group (its kind, once a call has told it). */
  isGroup(): boolean {
    return this.sql().exec("SELECT kind FROM thread").toArray()[0]?.kind === "GROUP";
  }

  boundThread(): ThreadRef | null {
    const row = this.sql().exec("SELECT thread_id, public_id, created_at FROM thread").toArray()[0];
    if (!row) return null;
    return {
      threadId: Number(row.thread_id),
      publicId: String(row.public_id),
      createdAt: Number(row.created_at),
    };
  }

  /**
   * Stores the participants' names and pictures as D1 has them now (its current members: one who
   * left and came back reads again); how far they read is kept.
   */
  saveParticipants(rows: ParticipantSource[]): Map<number, Participant> {
    const sql = this.sql();
    for (const u of rows) {
      sql.exec("DELETE FROM gone WHERE user_id = ?", u.id);
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
    this.cache = null;
    return this.participants();
  }

  /** A member leaves (or is removed): they read up to the newest message now, nothing after. */
  leave(userId: number): void {
    this.sql().exec(
      "INSERT INTO gone (user_id, until_id) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET until_id = excluded.until_id",
      userId,
      this.lastId(),
    );
    this.cache = null;
  }

  /** The last message a former member may read, or null for a member. */
  untilOf(userId: number): number | null {
    const row = this.sql().exec("SELECT until_id FROM gone WHERE user_id = ?", userId).toArray()[0];
    return row ? Number(row.until_id) : null;
  }

  /** The current members (a former member's name stays known for `userOf`). */
  participants(): Map<number, Participant> {
    if (!this.cache) {
      this.cache = new Map();
      const rows = this.sql().exec(
        "SELECT * FROM participants WHERE user_id NOT IN (SELECT user_id FROM gone)",
      );
      for (const row of rows) {
        this.cache.set(Number(row.user_id), {
          userId: Number(row.user_id),
          username: String(row.username),
          profile_name: (row.profile_name as string | null) ?? null,
          profile_image: (row.profile_image as string | null) ?? null,
          lastReadId: Number(row.last_read_id),
        });
      }
    }
    return this.cache;
  }

  userOf(userId: number): ChatUser {
    const p =
      this.participants().get(userId) ??
      this.sql().exec("SELECT * FROM participants WHERE user_id = ?", userId).toArray()[0];
    return p
      ? {
          username: String(p.username),
          profile_name: (p.profile_name as string | null) ?? null,
          profile_image: (p.profile_image as string | null) ?? null,
        }
      : unknownUser();
  }

  /** These people have seen everything up to `id`. Answers whether anyone's mark moved. */
  markRead(userIds: Iterable<number>, id: number): boolean {
    const participants = this.participants();
    const sql = this.sql();
    let changed = false;
    for (const userId of userIds) {
      const p = participants.get(userId);
      if (!p || p.lastReadId >= id) continue;
      p.lastReadId = id;
      changed = true;
      sql.exec("UPDATE participants SET last_read_id = ? WHERE user_id = ?", id, userId);
    }
    if (changed) this.changed();
    return changed;
  }

  lastId(): number {
    const row = this.sql().exec("SELECT max(id) AS id FROM messages").one();
    return Number(row.id ?? 0);
  }

  /** The newest message that is not deleted, as stored. */
  newest(): NewestRow | undefined {
    return this.sql()
      .exec<NewestRow>(
        `SELECT message_type, text, created_at FROM messages WHERE deleted_at IS NULL AND ${PEOPLES}
          ORDER BY id DESC LIMIT 1`,
      )
      .toArray()[0];
  }

  /** The thread's preview: its newest message, or null. */
  lastMessage(): ChatLastMessage | null {
    const row = this.newest();
    if (!row) return null;
    return {
      message_type: row.message_type === "IMAGE" ? "IMAGE" : "TEXT",
      text: row.text,
      created_at: iso(row.created_at),
    };
  }

  /** Messages after the participant's read mark that others sent. */
  unreadBy(p: Participant): number {
    return Number(
      this.sql()
        .exec(
          `SELECT count(*) AS n FROM messages
            WHERE id > ? AND sender_id != ? AND deleted_at IS NULL AND ${PEOPLES}`,
          p.lastReadId,
          p.userId,
        )
        .one().n,
    );
  }

  private toMessage(row: MessageRow): ChatMessage {
    const readers: string[] = [];
    for (const p of this.participants().values()) if (p.lastReadId >= row.id) readers.push(p.username);
    return {
      id: row.id,
      message_type: messageType(row.message_type),
      message_sender: this.userOf(row.sender_id),
      text: row.text,
      media: row.media,
      alt: row.alt ?? null,
      webpage_preview: row.webpage_preview ? (JSON.parse(row.webpage_preview) as WebpagePreview) : null,
      readers,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      client_id: row.client_id,
      reply_to: this.replyOf(row),
      system: row.system ? this.systemOf(row.system) : null,
      reactions: [],
    };
  }

  /** Who sent the message and its text, while it is here and not deleted (something to react to). */
  reactable(id: number): { senderId: number; text: string | null } | null {
    const row = this.sql()
      .exec<{ sender_id: number; text: string | null }>(
        "SELECT sender_id, text FROM messages WHERE id = ? AND deleted_at IS NULL",
        id,
      )
      .toArray()[0];
    return row ? { senderId: Number(row.sender_id), text: row.text } : null;
  }

  private replyOf(row: MessageRow): ChatReplyRef | null {
    if (row.reply_to === null || row.reply_sender === null) return null;
    const deleted = Boolean(row.reply_deleted);
    return {
      id: row.reply_to,
      text: deleted || row.reply_text === null ? null : excerpt(row.reply_text),
      message_type: row.reply_type === "IMAGE" ? "IMAGE" : "TEXT",
      sender: this.userOf(row.reply_sender),
      deleted,
    };
  }

  private systemOf(json: string): ChatMessage["system"] {
    const subject = JSON.parse(json) as { user_id: number | null; name: string | null };
    return { user: subject.user_id === null ? null : this.userOf(subject.user_id), name: subject.name };
  }

  /** The message as the list shows it (with what it answers). */
  private messageById(id: number): ChatMessage {
    const row = this.sql().exec<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = ?`, id).one();
    return this.toMessage(row);
  }

  /** When the person first sent a message here (one deleted since was still sent), or null. */
  firstSentAt(userId: number): number | null {
    const row = this.sql()
      .exec<{ at: number | null }>("SELECT min(created_at) AS at FROM messages WHERE sender_id = ?", userId)
      .one();
    return row.at === null ? null : Number(row.at);
  }

  /**
   * Stores a message once: a repeat of the sender's `clientId` returns the stored one with
   * `created: false`, so a client that resends after a reconnect never makes a duplicate. The
   * sender and everyone in `present` have read it at once.
   */
  store(
    senderId: number,
    input: {
      type: "TEXT" | "IMAGE" | ChatSystemMessageType;
      text?: string;
      media?: string;
      alt?: string | null;
      preview?: WebpagePreview | null;
      /** The id of the message this one answers: one of this thread's, not deleted. */
      replyTo?: number | null;
      system?: { user_id: number | null; name: string | null };
    },
    clientId: string | undefined,
    present: Iterable<number>,
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
      if (existing) return { message: this.messageById(existing.id), created: false };
      // A resend of a message its author has deleted since: nothing to store or show.
      const deleted = sql
        .exec("SELECT id FROM messages WHERE sender_id = ? AND client_id = ?", senderId, clientId)
        .toArray()[0];
      if (deleted) throw new RefusedFrame(CHAT_MSG.messageNotFound);
    }
    const replyTo = input.replyTo ?? null;
    if (replyTo !== null) {
      const answered = sql
        .exec(`SELECT 1 FROM messages WHERE id = ? AND deleted_at IS NULL AND ${PEOPLES}`, replyTo)
        .toArray()[0];
      if (!answered) throw new RefusedFrame(CHAT_MSG.replyNotFound);
    }
    const now = Date.now();
    const row = sql
      .exec<{ id: number }>(
        `INSERT INTO messages (sender_id, client_id, message_type, text, media, alt, webpage_preview,
                               created_at, updated_at, reply_to, system)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        senderId,
        clientId ?? null,
        input.type,
        input.text ?? null,
        input.media ?? null,
        input.alt ?? null,
        input.preview ? JSON.stringify(input.preview) : null,
        now,
        now,
        replyTo,
        input.system ? JSON.stringify(input.system) : null,
      )
      .one();
    this.changed();
    this.markRead(new Set([senderId, ...present]), row.id);
    return { message: this.messageById(row.id), created: true };
  }

  /**
   * Deletes the author's own message, leaving a tombstone that keeps the client id, so a late
   * resend of it is not stored again. Answers the picture it carried, if any.
   */
  deleteMessage(userId: number, id: number): { media: string | null } {
    const row = this.sql()
      .exec<MessageRow>("SELECT * FROM messages WHERE id = ? AND deleted_at IS NULL", id)
      .toArray()[0];
    if (!row) throw new RefusedFrame(CHAT_MSG.messageNotFound);
    if (row.sender_id !== userId) throw new RefusedFrame(CHAT_MSG.notAuthor);
    this.sql().exec(
      "UPDATE messages SET deleted_at = ?, text = NULL, media = NULL, alt = NULL, webpage_preview = NULL WHERE id = ?",
      Date.now(),
      id,
    );
    this.changed();
    return { media: row.media };
  }

  /** Newest first, as `{list, total}`; a former member's list ends at `until` (their last message). */
  listMessages(
    skip: number,
    limit: number,
    until: number | null = null,
  ): { list: ChatMessage[]; total: number } {
    const sql = this.sql();
    const upTo = until ?? Number.MAX_SAFE_INTEGER;
    const total = Number(
      sql.exec("SELECT count(*) AS n FROM messages WHERE deleted_at IS NULL AND id <= ?", upTo).one().n,
    );
    const rows = sql
      .exec<MessageRow>(
        `${MESSAGE_SELECT} WHERE m.deleted_at IS NULL AND m.id <= ? ORDER BY m.id DESC LIMIT ? OFFSET ?`,
        upTo,
        limit,
        skip,
      )
      .toArray();
    return { list: rows.map((r) => this.toMessage(r)), total };
  }

  /** Forgets everything; the next call starts an empty thread. */
  async wipe(): Promise<void> {
    await this.storage.deleteAlarm();
    await this.storage.deleteAll();
    this.alarmArmed = false;
    this.schemaReady = false;
    this.cache = null;
    this.revoked = null;
  }
}

function messageType(type: string): ChatMessage["message_type"] {
  switch (type) {
    case "IMAGE":
    case "MEMBER_JOINED":
    case "MEMBER_LEFT":
    case "RENAMED":
    case "ADMIN_ADDED":
    case "ADMIN_REMOVED":
      return type;
    default:
      return "TEXT";
  }
}

/** The start of an answered message's text, cut on a character boundary with an ellipsis. */
function excerpt(text: string): string {
  const chars = [...text];
  return chars.length <= REPLY_EXCERPT_MAX ? text : `${chars.slice(0, REPLY_EXCERPT_MAX - 1).join("")}…`;
}
