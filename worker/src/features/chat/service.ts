import { eq } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import {
  CHAT_MSG,
  type ChatMessage,
  type ChatSearchUser,
  type ChatThread,
  type ChatUser,
  type PersonalThread,
} from "#shared/schemas/chat.ts";
import { uploads, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { notMutedSql } from "#worker/lib/mute-match.ts";
import { mayHoldSession } from "#worker/lib/sessions.ts";
import { iso } from "#worker/lib/time.ts";
import { hitTrustLimit } from "#worker/lib/trust.ts";
import { activeMutes } from "../muted-words/service";
import type { ThreadRef } from "./chat-thread";
import { THREAD_SELECT, type ThreadRow } from "./queries";

// Thread rows, participants and who may chat with whom. Messages live in each thread's Durable
// Object (ADR 009); these functions only read and write D1.

/** A list's total, from its `count(*)` statement. */
type Count = { n: number };

function toThread(row: ThreadRow): ChatThread {
  const users = JSON.parse(row.users) as ChatUser[];
  return {
    public_id: row.public_id,
    chat_thread_type: row.chat_thread_type,
    chat_thread_user_list: users,
    kind: row.chat_thread_type === "GROUP" ? "GROUP" : "DIRECT",
    name: row.name,
    total_members: users.length,
    is_admin: Boolean(row.is_admin) && row.left_at === null,
    left: row.left_at !== null,
    total_unread_messages: row.total_unread_messages,
    created_at: iso(row.created_at),
    last_message:
      row.last_message_at !== null && row.last_message_type
        ? {
            message_type: row.last_message_type === "IMAGE" ? "IMAGE" : "TEXT",
            text: row.last_message_text,
            created_at: iso(row.last_message_at),
          }
        : null,
    updated_at: iso(row.last_activity_at),
  };
}

/** A thread the user takes part in, or 404: outsiders learn nothing, not even that it exists. */
export async function threadForUser(
  { db }: Deps,
  userId: number,
  threadPublicId: string,
): Promise<{ ref: ThreadRef; thread: ChatThread }> {
  const row = await db.first<ThreadRow>({
    sql: `${THREAD_SELECT} WHERE t.public_id = ?1 AND me.user_id = ?2`,
    binds: [threadPublicId, userId],
  });
  if (!row) fail(404, CHAT_MSG.threadNotFound);
  return {
    ref: {
      threadId: row.id,
      publicId: row.public_id,
      createdAt: row.created_at,
      kind: row.chat_thread_type === "GROUP" ? "GROUP" : "PERSONAL",
    },
    thread: toThread(row),
  };
}

/** A thread the user is a member of now: a group's former member reads it, and may do nothing else. */
export async function memberThread(deps: Deps, userId: number, threadPublicId: string) {
  const found = await threadForUser(deps, userId, threadPublicId);
  if (found.thread.left) fail(403, CHAT_MSG.notInGroup);
  return found;
}

/**
 * Newest activity first; one query for the page and one for the count. A thread whose newest
 * message is unread and holds a phrase the person muted for chat requests is left out (where the
 * page is read and counted, so pages stay full) until they open it some other way or it moves on.
 */
export async function listThreads(
  deps: Deps,
  userId: number,
  skip: number,
  limit: number,
): Promise<Page<ChatThread>> {
  const { db } = deps;
  const mutes = await activeMutes(deps, userId, "CHAT_REQUESTS");
  const unread = "me.total_unread_messages > 0";
  const muted = notMutedSql("t.last_message_text", mutes, 4, unread);
  const countMuted = notMutedSql("t.last_message_text", mutes, 2, unread);
  const [rows, [total]] = await db.batch<[ThreadRow, Count]>([
    {
      sql: `${THREAD_SELECT} WHERE me.user_id = ?1${muted.sql} ORDER BY me.last_activity_at DESC, t.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, limit, skip, ...(muted.binds ?? [])],
      isList: true,
    },
    {
      sql: mutes.length
        ? `SELECT count(*) AS n FROM chat_thread_users me JOIN chat_threads t ON t.id = me.thread_id
            WHERE me.user_id = ?1${countMuted.sql}`
        : "SELECT count(*) AS n FROM chat_thread_users WHERE user_id = ?1",
      binds: [userId, ...(countMuted.binds ?? [])],
    },
  ]);
  return toPage(rows.map(toThread), total!.n, limit);
}

export async function listThreadUsers(
  { db }: Deps,
  threadId: number,
  skip: number,
  limit: number,
): Promise<Page<ChatUser>> {
  const [rows, [total]] = await db.batch<[ChatUser, Count]>([
    {
      sql: `SELECT u.username, u.profile_name, u.profile_image
              FROM chat_thread_users p JOIN users u ON u.id = p.user_id
             WHERE p.thread_id = ?1 AND p.left_at IS NULL ORDER BY p.created_at, u.id LIMIT ?2 OFFSET ?3`,
      binds: [threadId, limit, skip],
      isList: true,
    },
    {
      sql: "SELECT count(*) AS n FROM chat_thread_users WHERE thread_id = ?1 AND left_at IS NULL",
      binds: [threadId],
    },
  ]);
  return toPage(rows, total!.n, limit);
}

/** Whether either of two people blocks the other. */
export async function blockedBetween({ db }: Deps, a: number, b: number): Promise<boolean> {
  const row = await db.first({
    sql: `SELECT 1 AS hit FROM blocks
           WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1) LIMIT 1`,
    binds: [a, b],
  });
  return row !== null;
}

/**
 * Whether a block stands between the user and any other participant of a personal thread. In a
 * group, a block keeps two members apart elsewhere, not out of the group (docs/decisions/143).
 */
export async function blockedInThread({ db }: Deps, userId: number, ref: ThreadRef): Promise<boolean> {
  if (ref.kind === "GROUP") return false;
  const threadId = ref.threadId;
  const row = await db.first({
    sql: `SELECT 1 AS hit FROM chat_thread_users p JOIN blocks b
             ON (b.blocker_id = ?1 AND b.blocked_id = p.user_id) OR (b.blocker_id = p.user_id AND b.blocked_id = ?1)
           WHERE p.thread_id = ?2 AND p.user_id != ?1 LIMIT 1`,
    binds: [userId, threadId],
  });
  return row !== null;
}

/**
 * Who a personal chat with `username` would be with, and the pair's thread if there is one: not
 * with oneself, not across a block, and no new thread with someone who turned new chats off.
 * Refuses with the same errors whether or not the caller goes on to create the thread.
 */
async function personalPair(deps: Deps, me: { id: number }, username: string) {
  const { db } = deps;
  const target = await db.first<ChatUser & { id: number; allow_new_chat: number }>({
    sql: `SELECT id, username, profile_name, profile_image, allow_new_chat FROM users
           WHERE lower(username) = ?1 AND status = 'ACTIVE' AND deleted_at IS NULL`,
    binds: [username.toLowerCase()],
  });
  if (!target) fail(404, CHAT_MSG.userNotFound);
  if (target.id === me.id) fail(403, CHAT_MSG.withYourself);
  if (await blockedBetween(deps, me.id, target.id)) fail(403, CHAT_MSG.blocked);

  const pairKey = `${Math.min(me.id, target.id)}:${Math.max(me.id, target.id)}`;
  const threadOfPair = { sql: "SELECT public_id FROM chat_threads WHERE pair_key = ?1", binds: [pairKey] };
  const existing = await db.first<{ public_id: string }>(threadOfPair);
  if (!existing && !target.allow_new_chat) fail(403, CHAT_MSG.newChatsOff);
  const user: ChatUser = {
    username: target.username,
    profile_name: target.profile_name,
    profile_image: target.profile_image,
  };
  return { targetId: target.id, user, pairKey, threadOfPair, existing };
}

/**
 * The pair's thread, or null when they have none yet, and the person: what a new conversation
 * shows before its first message creates the thread (ADR 044). Creates nothing.
 */
export async function findPersonalThread(
  deps: Deps,
  me: { id: number },
  username: string,
): Promise<PersonalThread> {
  const { user, existing } = await personalPair(deps, me, username);
  return { public_id: existing?.public_id ?? null, user };
}

/** Starts (or finds) the personal thread of two people, on the rules of `personalPair`. */
export async function createPersonalThread(
  deps: Deps,
  me: Pick<AuthUser, "id" | "trust">,
  username: string,
): Promise<{ public_id: string; created: boolean; partnerId: number }> {
  const { db } = deps;
  const { targetId, pairKey, threadOfPair, existing } = await personalPair(deps, me, username);
  if (existing) return { public_id: existing.public_id, created: false, partnerId: targetId };
  // Only a new conversation counts against the person's daily allowance.
  await hitTrustLimit(deps, me, "conversation");

  // Two requests at once for one pair: the unique pair key lets one insert win, and the
  // participant rows are written only for the thread that was really inserted.
  const id = publicId();
  const now = Date.now();
  const participant = (userId: number) =>
    db.prepare({
      sql: `INSERT INTO chat_thread_users (thread_id, user_id, total_unread_messages, last_activity_at, created_at)
            SELECT id, ?1, 0, ?2, ?2 FROM chat_threads WHERE public_id = ?3`,
      binds: [userId, now, id],
    });
  await db.write([
    db.prepare({
      sql: `INSERT INTO chat_threads (public_id, chat_thread_type, pair_key, created_at)
            VALUES (?1, 'PERSONAL', ?2, ?3) ON CONFLICT (pair_key) DO NOTHING`,
      binds: [id, pairKey, now],
    }),
    participant(me.id),
    participant(targetId),
  ]);
  const winner = await db.first<{ public_id: string }>(threadOfPair);
  return { public_id: winner!.public_id, created: winner!.public_id === id, partnerId: targetId };
}

/**
 * Users whose name starts with the search (chatUsernameSearchSchema has lowercased it and removed
 * its spaces), exact match first. People who block the caller are left out, as is the caller.
 */
export async function searchChatUsers(
  { db }: Deps,
  meId: number,
  username: string,
  skip: number,
  limit: number,
): Promise<Page<ChatSearchUser>> {
  if (!username) return toPage([], 0, limit);
  const prefix = `${username.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where = `lower(u.username) LIKE ?1 ESCAPE '\\' AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
    AND u.id != ?2 AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?2)`;
  const [rows, [total]] = await db.batch<[Record<string, unknown>, Count]>([
    {
      sql: `SELECT u.username, u.profile_name, u.profile_image, u.allow_new_chat, u.is_staff,
                   u.is_verified_user, u.is_verified_business,
                   EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?2 AND b.blocked_id = u.id) AS is_blocked
              FROM users u WHERE ${where}
             ORDER BY lower(u.username) = ?3 DESC, length(u.username), lower(u.username)
             LIMIT ?4 OFFSET ?5`,
      binds: [prefix, meId, username, limit, skip],
      isList: true,
    },
    { sql: `SELECT count(*) AS n FROM users u WHERE ${where}`, binds: [prefix, meId] },
  ]);
  const list = rows.map(
    (r): ChatSearchUser => ({
      username: String(r.username),
      profile_name: (r.profile_name as string | null) ?? null,
      profile_image: (r.profile_image as string | null) ?? null,
      allow_new_chat: Boolean(r.allow_new_chat),
      is_blocked: Boolean(r.is_blocked),
      is_staff: Boolean(r.is_staff),
      is_verified_user: Boolean(r.is_verified_user),
      is_verified_business: Boolean(r.is_verified_business),
    }),
  );
  return toPage(list, Number(total!.n), limit);
}

/** The people the caller has a personal thread with, most recent first. */
export async function listPersonalChatUsers(
  { db }: Deps,
  meId: number,
  skip: number,
  limit: number,
): Promise<Page<ChatUser>> {
  const from = `FROM chat_thread_users me
      JOIN chat_threads t ON t.id = me.thread_id AND t.chat_thread_type = 'PERSONAL'
      JOIN chat_thread_users o ON o.thread_id = me.thread_id AND o.user_id != me.user_id
      JOIN users u ON u.id = o.user_id
     WHERE me.user_id = ?1`;
  const [rows, [total]] = await db.batch<[ChatUser, Count]>([
    {
      sql: `SELECT u.username, u.profile_name, u.profile_image ${from}
             ORDER BY me.last_activity_at DESC, t.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [meId, limit, skip],
      isList: true,
    },
    { sql: `SELECT count(*) AS n ${from}`, binds: [meId] },
  ]);
  return toPage(rows, total!.n, limit);
}

/**
 * The account's token version if it may still hold sessions, else null: the same rule as
 * requireUser (a suspended, inactive or deleted account has none). Socket tokens carry the version
 * they were made under, so one made before a revocation is refused.
 */
export async function sessionVersion({ db }: Deps, userId: number): Promise<number | null> {
  const row = await db.orm
    .select({ status: users.status, deletedAt: users.deletedAt, version: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row || !mayHoldSession(row)) return null;
  return row.version;
}

/**
 * Stores a picture a participant sends (already checked: size, type, rate) and posts it to the
 * thread as an IMAGE message.
 */
export async function sendImage(
  deps: Deps,
  userId: number,
  ref: ThreadRef,
  image: { bytes: Uint8Array; type: string; ext: string },
  clientId: string | undefined,
  alt: string | null = null,
  replyTo?: number,
): Promise<ChatMessage> {
  const { db, env } = deps;
  const key = `chat/${ref.publicId}/${publicId()}.${image.ext}`;
  await env.MEDIA.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  await db.orm.insert(uploads).values({
    key,
    ownerId: userId,
    contentType: image.type,
    size: image.bytes.byteLength,
    createdAt: Date.now(),
  });
  const link = `/media/${key}`;
  const message = await threadStub(deps, ref.publicId)
    .postImage(ref, userId, link, clientId, alt, replyTo)
    .catch(async (error: unknown) => {
      // An answer to a message this thread does not have: nothing is kept.
      if (!(error instanceof Error) || error.message !== CHAT_MSG.replyNotFound) throw error;
      await env.MEDIA.delete(key);
      await db.orm.delete(uploads).where(eq(uploads.key, key));
      return fail(404, CHAT_MSG.replyNotFound);
    });
  if (message.media !== link) {
    // A resend of an image already stored under this client id: keep the first copy only.
    await env.MEDIA.delete(key);
    await db.orm.delete(uploads).where(eq(uploads.key, key));
  }
  return message;
}

export function threadStub({ env }: Deps, threadPublicId: string) {
  return env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(threadPublicId));
}
