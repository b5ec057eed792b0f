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
import {
  answerable,
  anyByClientId,
  bumpChanged,
  changedVersion,
  createThreadTables,
  currentParticipantRows,
  d1Behind,
  firstSent,
  goneUntil,
  insertMessage,
  liveByClientId,
  liveMessage,
  liveSenderAndText,
  type MessageRow,
  markReactable,
  maxMessageId,
  messagePage,
  messageWithReply,
  type NewestRow,
  newestMessage,
  participantRow,
  revocationRows,
  saveGone,
  saveParticipant,
  saveRevocation,
  saveThread,
  setLastRead,
  setSynced,
  threadKind,
  threadRow,
  tombstone,
  unreadCount,
} from "./storage-queries";

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

/** How long after a change the alarm checks that D1 heard of it (the write normally lands in ms). */
const D1_RESYNC_MS = 5_000;
const unknownUser = (): ChatUser => ({ username: "deleted", profile_name: null, profile_image: null });

/** A page of messages, with the ids of those someone may have reacted to. */
export interface MessagePage {
  list: ChatMessage[];
  total: number;
  reacted: number[];
}

/**
 * A thread object's own SQLite storage: which D1 thread it is, the participants with how far each
 * has read, and the messages (ids only grow; a deleted message stays as a tombstone that keeps its
 * client id). Every call is synchronous: the runtime's output gate holds the object's outgoing
 * frames until these writes are durable. The statements are in storage-queries.ts.
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
      createThreadTables(this.storage.sql);
      this.schemaReady = true;
    }
    return this.storage.sql;
  }

  // ----- What D1 has been told -----
  //
  // D1's copy (last message, unread counts, activity) is written after a change, not with it, so a
  // crash between the two would leave it stale until the thread next changed. Each change bumps
  // `changed` in the same synchronous write as the change itself, and sets an alarm (durable, it
  // fires after a restart too); a D1 write that succeeds records the version it wrote as `synced`.

  /** A change D1 must hear about: bumps the version and arms the resync alarm. */
  private changed(): void {
    bumpChanged(this.sql());
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
    return changedVersion(this.sql());
  }

  /** D1 now holds the state of `version`. */
  markSynced(version: number): void {
    setSynced(this.sql(), version);
  }

  /** Whether a change has not reached D1 yet. */
  d1Behind(): boolean {
    return d1Behind(this.sql());
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
    saveRevocation(this.sql(), userId, version);
  }

  /** Whether a session of the user made under token version `version` has been revoked. */
  isRevoked(userId: number, version: number): boolean {
    return version < (this.revocations().get(userId) ?? Number.NEGATIVE_INFINITY);
  }

  private revocations(): Map<number, number> {
    if (!this.revoked) {
      this.revoked = new Map();
      for (const row of revocationRows(this.sql()))
        this.revoked.set(Number(row.user_id), Number(row.below_version));
    }
    return this.revoked;
  }

  /** Remembers which D1 thread this object is (the first call tells it). */
  bind(ref: ThreadRef): void {
    saveThread(this.sql(), ref);
  }

  /** Whether this thread is a group (its kind, once a call has told it). */
  isGroup(): boolean {
    return threadKind(this.sql()) === "GROUP";
  }

  boundThread(): ThreadRef | null {
    const row = threadRow(this.sql());
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
    for (const u of rows) saveParticipant(sql, u);
    this.cache = null;
    return this.participants();
  }

  /** A member leaves (or is removed): they read up to the newest message now, nothing after. */
  leave(userId: number): void {
    saveGone(this.sql(), userId, this.lastId());
    this.cache = null;
  }

  /** The last message a former member may read, or null for a member. */
  untilOf(userId: number): number | null {
    return goneUntil(this.sql(), userId);
  }

  /** The current members (a former member's name stays known for `userOf`). */
  participants(): Map<number, Participant> {
    if (!this.cache) {
      this.cache = new Map();
      for (const row of currentParticipantRows(this.sql())) {
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
    const p = this.participants().get(userId) ?? participantRow(this.sql(), userId);
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
      setLastRead(sql, userId, id);
    }
    if (changed) this.changed();
    return changed;
  }

  lastId(): number {
    return maxMessageId(this.sql());
  }

  /** The newest message that is not deleted, as stored. */
  newest(): NewestRow | undefined {
    return newestMessage(this.sql());
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
    return unreadCount(this.sql(), p.lastReadId, p.userId);
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

  /**
   * Who sent the message and its text, while it is here and not deleted (something to react to).
   * It is marked as one that may have reactions now, before the reaction is written to D1, so a
   * page of messages none of which is marked needs no read of D1 for reactions.
   */
  reactable(id: number): { senderId: number; text: string | null } | null {
    const row = liveSenderAndText(this.sql(), id);
    if (!row) return null;
    markReactable(this.sql(), id);
    return { senderId: Number(row.sender_id), text: row.text };
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
    return this.toMessage(messageWithReply(this.sql(), id));
  }

  /** When the person first sent a message here (one deleted since was still sent), or null. */
  firstSentAt(userId: number): number | null {
    return firstSent(this.sql(), userId);
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
      const existing = liveByClientId(sql, senderId, clientId);
      if (existing) return { message: this.messageById(existing.id), created: false };
      // A resend of a message its author has deleted since: nothing to store or show.
      if (anyByClientId(sql, senderId, clientId)) throw new RefusedFrame(CHAT_MSG.messageNotFound);
    }
    const replyTo = input.replyTo ?? null;
    if (replyTo !== null && !answerable(sql, replyTo)) throw new RefusedFrame(CHAT_MSG.replyNotFound);
    const now = Date.now();
    const id = insertMessage(sql, {
      senderId,
      clientId: clientId ?? null,
      type: input.type,
      text: input.text ?? null,
      media: input.media ?? null,
      alt: input.alt ?? null,
      preview: input.preview ? JSON.stringify(input.preview) : null,
      now,
      replyTo,
      system: input.system ? JSON.stringify(input.system) : null,
    });
    this.changed();
    this.markRead(new Set([senderId, ...present]), id);
    return { message: this.messageById(id), created: true };
  }

  /**
   * Deletes the author's own message, leaving a tombstone that keeps the client id, so a late
   * resend of it is not stored again. Answers the picture it carried, if any.
   */
  deleteMessage(userId: number, id: number): { media: string | null } {
    const row = liveMessage(this.sql(), id);
    if (!row) throw new RefusedFrame(CHAT_MSG.messageNotFound);
    if (row.sender_id !== userId) throw new RefusedFrame(CHAT_MSG.notAuthor);
    tombstone(this.sql(), id, Date.now());
    this.changed();
    return { media: row.media };
  }

  /**
   * Newest first, as `{list, total}`; a former member's list ends at `until` (their last message).
   * `reacted` names the listed messages someone may have reacted to (see `reactable`).
   */
  listMessages(skip: number, limit: number, until: number | null = null): MessagePage {
    const upTo = until ?? Number.MAX_SAFE_INTEGER;
    const { rows, total } = messagePage(this.sql(), upTo, skip, limit);
    const reacted = rows.filter((r) => r.reacted).map((r) => r.id);
    return { list: rows.map((r) => this.toMessage(r)), total, reacted };
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
