import { type Page, toPage } from "#shared/api.ts";
import type { ChatThreadType } from "#shared/enums.ts";
import { CHAT_MSG, type ChatSearchUser, type ChatThread, type ChatUser } from "#shared/schemas/chat.ts";
import type { Bindings } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import type { ThreadRef } from "./chat-thread";

// Thread rows, participants and the rules of part 2 §6. Messages live in each thread's Durable
// Object; these functions only read and write D1.

interface ThreadRow {
  id: number;
  public_id: string;
  chat_thread_type: ChatThreadType;
  created_at: number;
  last_message_text: string | null;
  last_message_type: string | null;
  last_message_at: number | null;
  total_unread_messages: number;
  last_activity_at: number;
  users: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The thread's columns as the caller sees them; `users` is every participant as JSON. */
const THREAD_SELECT = `
  SELECT t.id, t.public_id, t.chat_thread_type, t.created_at, t.last_message_text,
         t.last_message_type, t.last_message_at, me.total_unread_messages, me.last_activity_at,
         (SELECT json_group_array(json_object('username', u.username, 'profile_name', u.profile_name,
                                              'profile_image', u.profile_image))
            FROM chat_thread_users p JOIN users u ON u.id = p.user_id
           WHERE p.thread_id = t.id) AS users
    FROM chat_thread_users me JOIN chat_threads t ON t.id = me.thread_id`;

function toThread(row: ThreadRow): ChatThread {
  return {
    public_id: row.public_id,
    chat_thread_type: row.chat_thread_type,
    chat_thread_user_list: JSON.parse(row.users) as ChatUser[],
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
  db: D1Database,
  userId: number,
  threadPublicId: string,
): Promise<{ ref: ThreadRef; thread: ChatThread }> {
  const row = await db
    .prepare(`${THREAD_SELECT} WHERE t.public_id = ?1 AND me.user_id = ?2`)
    .bind(threadPublicId, userId)
    .first<ThreadRow>();
  if (!row) fail(404, CHAT_MSG.threadNotFound);
  return {
    ref: { threadId: row.id, publicId: row.public_id, createdAt: row.created_at },
    thread: toThread(row),
  };
}

/** Newest activity first; one query for the page and one for the count. */
export async function listThreads(
  db: D1Database,
  userId: number,
  skip: number,
  limit: number,
): Promise<Page<ChatThread>> {
  const [rows, total] = await db.batch<ThreadRow | { n: number }>([
    db
      .prepare(
        `${THREAD_SELECT} WHERE me.user_id = ?1 ORDER BY me.last_activity_at DESC, t.id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(userId, limit, skip),
    db.prepare("SELECT count(*) AS n FROM chat_thread_users WHERE user_id = ?1").bind(userId),
  ]);
  const list = (rows!.results as ThreadRow[]).map(toThread);
  return toPage(list, (total!.results[0] as { n: number }).n, limit);
}

export async function listThreadUsers(
  db: D1Database,
  threadId: number,
  skip: number,
  limit: number,
): Promise<Page<ChatUser>> {
  const [rows, total] = await db.batch<ChatUser | { n: number }>([
    db
      .prepare(
        `SELECT u.username, u.profile_name, u.profile_image
           FROM chat_thread_users p JOIN users u ON u.id = p.user_id
          WHERE p.thread_id = ?1 ORDER BY p.created_at, u.id LIMIT ?2 OFFSET ?3`,
      )
      .bind(threadId, limit, skip),
    db.prepare("SELECT count(*) AS n FROM chat_thread_users WHERE thread_id = ?1").bind(threadId),
  ]);
  return toPage(rows!.results as ChatUser[], (total!.results[0] as { n: number }).n, limit);
}

/** Whether either of two people blocks the other. */
export async function blockedBetween(db: D1Database, a: number, b: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS hit FROM blocks
        WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1) LIMIT 1`,
    )
    .bind(a, b)
    .first();
  return row !== null;
}

/** Whether a block stands between the user and any other participant of the thread. */
export async function blockedInThread(db: D1Database, userId: number, threadId: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS hit FROM chat_thread_users p JOIN blocks b
          ON (b.blocker_id = ?1 AND b.blocked_id = p.user_id) OR (b.blocker_id = p.user_id AND b.blocked_id = ?1)
        WHERE p.thread_id = ?2 AND p.user_id != ?1 LIMIT 1`,
    )
    .bind(userId, threadId)
    .first();
  return row !== null;
}

/**
 * Starts (or finds) the personal thread of two people, under part 2 §6: not with oneself, not
 * across a block, and a new thread only with someone who allows new chats.
 */
export async function createPersonalThread(
  db: D1Database,
  me: { id: number },
  username: string,
): Promise<{ public_id: string; created: boolean }> {
  const target = await db
    .prepare(
      `SELECT id, allow_new_chat FROM users
        WHERE lower(username) = ?1 AND status = 'ACTIVE' AND deleted_at IS NULL`,
    )
    .bind(username.toLowerCase())
    .first<{ id: number; allow_new_chat: number }>();
  if (!target) fail(404, CHAT_MSG.userNotFound);
  if (target.id === me.id) fail(403, CHAT_MSG.withYourself);
  if (await blockedBetween(db, me.id, target.id)) fail(403, CHAT_MSG.blocked);

  const pairKey = `${Math.min(me.id, target.id)}:${Math.max(me.id, target.id)}`;
  const existing = await db
    .prepare("SELECT public_id FROM chat_threads WHERE pair_key = ?1")
    .bind(pairKey)
    .first<{ public_id: string }>();
  if (existing) return { public_id: existing.public_id, created: false };
  if (!target.allow_new_chat) fail(403, CHAT_MSG.newChatsOff);

  // Two requests at once for one pair: the unique pair key lets one insert win, and the
  // participant rows are written only for the thread that was really inserted.
  const id = publicId();
  const now = Date.now();
  const participant = (userId: number) =>
    db
      .prepare(
        `INSERT INTO chat_thread_users (thread_id, user_id, total_unread_messages, last_activity_at, created_at)
         SELECT id, ?1, 0, ?2, ?2 FROM chat_threads WHERE public_id = ?3`,
      )
      .bind(userId, now, id);
  await db.batch([
    db
      .prepare(
        `INSERT INTO chat_threads (public_id, chat_thread_type, pair_key, created_at)
         VALUES (?1, 'PERSONAL', ?2, ?3) ON CONFLICT (pair_key) DO NOTHING`,
      )
      .bind(id, pairKey, now),
    participant(me.id),
    participant(target.id),
  ]);
  const winner = await db
    .prepare("SELECT public_id FROM chat_threads WHERE pair_key = ?1")
    .bind(pairKey)
    .first<{ public_id: string }>();
  return { public_id: winner!.public_id, created: winner!.public_id === id };
}

/**
 * Users whose name starts with the search (part 2 §5: already lowercased, spaces removed), exact
 * match first. People who block the caller are left out, as is the caller.
 */
export async function searchChatUsers(
  db: D1Database,
  meId: number,
  username: string,
  skip: number,
  limit: number,
): Promise<Page<ChatSearchUser>> {
  if (!username) return toPage([], 0, limit);
  const prefix = `${username.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where = `lower(u.username) LIKE ?1 ESCAPE '\\' AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
    AND u.id != ?2 AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?2)`;
  const [rows, total] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT u.username, u.profile_name, u.profile_image, u.allow_new_chat, u.is_staff,
                u.is_verified_user, u.is_verified_business,
                EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?2 AND b.blocked_id = u.id) AS is_blocked
           FROM users u WHERE ${where}
          ORDER BY lower(u.username) = ?3 DESC, length(u.username), lower(u.username)
          LIMIT ?4 OFFSET ?5`,
      )
      .bind(prefix, meId, username, limit, skip),
    db.prepare(`SELECT count(*) AS n FROM users u WHERE ${where}`).bind(prefix, meId),
  ]);
  const list = rows!.results.map(
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
  return toPage(list, Number(total!.results[0]!.n), limit);
}

/** The people the caller has a personal thread with, most recent first. */
export async function listPersonalChatUsers(
  db: D1Database,
  meId: number,
  skip: number,
  limit: number,
): Promise<Page<ChatUser>> {
  const from = `FROM chat_thread_users me
      JOIN chat_threads t ON t.id = me.thread_id AND t.chat_thread_type = 'PERSONAL'
      JOIN chat_thread_users o ON o.thread_id = me.thread_id AND o.user_id != me.user_id
      JOIN users u ON u.id = o.user_id
     WHERE me.user_id = ?1`;
  const [rows, total] = await db.batch<ChatUser | { n: number }>([
    db
      .prepare(
        `SELECT u.username, u.profile_name, u.profile_image ${from}
          ORDER BY me.last_activity_at DESC, t.id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(meId, limit, skip),
    db.prepare(`SELECT count(*) AS n ${from}`).bind(meId),
  ]);
  return toPage(rows!.results as ChatUser[], (total!.results[0] as { n: number }).n, limit);
}

/** The user behind a socket token, if still allowed in (a suspended or deleted user is not). */
export async function activeUser(db: D1Database, userId: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT status, deleted_at FROM users WHERE id = ?1")
    .bind(userId)
    .first<{ status: string; deleted_at: number | null }>();
  // The same rule as requireUser: a suspended, inactive or deleted account has no session.
  return Boolean(row && row.deleted_at === null && row.status !== "SUSPENDED" && row.status !== "INACTIVE");
}

export function threadStub(env: Bindings, threadPublicId: string) {
  return env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(threadPublicId));
}
