import { eq, sql } from "drizzle-orm";
import type { ChatThreadType } from "#shared/enums.ts";
import type { ChatUser } from "#shared/schemas/chat.ts";
import { uploads, webpagePreviews } from "#worker/db/schema/index.ts";
import { statement } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { type ActiveMute, notMutedSql } from "#worker/lib/mute-match.ts";
import { messageReactionsStatement } from "#worker/lib/reaction-queries.ts";
import type { ThreadRef } from "./chat-thread";
import type { ParticipantSource } from "./thread-storage";

export interface ThreadRow {
  id: number;
  public_id: string;
  chat_thread_type: ChatThreadType;
  name: string | null;
  created_at: number;
  last_message_text: string | null;
  last_message_type: string | null;
  last_message_at: number | null;
  total_unread_messages: number;
  last_activity_at: number;
  is_admin: number;
  left_at: number | null;
  users: string;
}

/**
 * The thread's columns as the caller (`me`) sees them; `users` is every current member as JSON. A
 * group's former member sees no last message: what was said after they left is not theirs to read.
 */
const THREAD_SELECT = `
  SELECT t.id, t.public_id, t.chat_thread_type, t.name, t.created_at,
         iif(me.left_at IS NULL, t.last_message_text, NULL) AS last_message_text,
         iif(me.left_at IS NULL, t.last_message_type, NULL) AS last_message_type,
         iif(me.left_at IS NULL, t.last_message_at, NULL) AS last_message_at,
         me.total_unread_messages, me.last_activity_at, me.is_admin, me.left_at,
         (SELECT json_group_array(json_object('username', u.username, 'profile_name', u.profile_name,
                                              'profile_image', u.profile_image))
            FROM chat_thread_users p JOIN users u ON u.id = p.user_id
           WHERE p.thread_id = t.id AND p.left_at IS NULL) AS users
    FROM chat_thread_users me JOIN chat_threads t ON t.id = me.thread_id`;

// Group chats' D1 rows (docs/decisions/143): the thread's name and maker, and each member's row
// with whether they are an admin and when they left. Messages stay in the thread's object.

/** A person named for a group, with what decides whether they may be added. */
export interface GroupCandidate extends ChatUser {
  id: number;
  allow_new_chat: number;
  /** They block the person adding them, or that person blocks them. */
  blocked: number;
}

/** The people of these (lowercased) usernames whose accounts are active. */
export function groupCandidates({ db }: Deps, meId: number, usernames: string[]) {
  const marks = usernames.map((_, i) => `?${i + 2}`).join(", ");
  return db.all<GroupCandidate>({
    sql: `SELECT u.id, u.username, u.profile_name, u.profile_image, u.allow_new_chat,
                 EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = u.id AND b.blocked_id = ?1)
                                                 OR (b.blocker_id = ?1 AND b.blocked_id = u.id)) AS blocked
            FROM users u
           WHERE lower(u.username) IN (${marks}) AND u.status = 'ACTIVE' AND u.deleted_at IS NULL`,
    binds: [meId, ...usernames],
  });
}

/** Writes a new group and its members (the maker an admin) in one batch. */
export async function insertGroup(
  { db }: Deps,
  group: { publicId: string; name: string; makerId: number; memberIds: number[]; now: number },
): Promise<void> {
  const { publicId, name, makerId, memberIds, now } = group;
  const member = (userId: number, admin: boolean) =>
    db.prepare({
      sql: `INSERT INTO chat_thread_users (thread_id, user_id, total_unread_messages, last_activity_at, is_admin, created_at)
            SELECT id, ?1, 0, ?2, ?3, ?2 FROM chat_threads WHERE public_id = ?4`,
      binds: [userId, now, admin ? 1 : 0, publicId],
    });
  await db.write([
    db.prepare({
      sql: `INSERT INTO chat_threads (public_id, chat_thread_type, name, created_by, created_at)
            VALUES (?1, 'GROUP', ?2, ?3, ?4)`,
      binds: [publicId, name, makerId, now],
    }),
    member(makerId, true),
    ...memberIds.map((id) => member(id, false)),
  ]);
}

/** A person's row in a group, or null when they never were in it. */
export function groupRow({ db }: Deps, threadId: number, userId: number) {
  return db.first<{ is_admin: number; left_at: number | null; created_by: number | null }>({
    sql: `SELECT me.is_admin, me.left_at, t.created_by FROM chat_thread_users me
            JOIN chat_threads t ON t.id = me.thread_id
           WHERE me.thread_id = ?1 AND me.user_id = ?2`,
    binds: [threadId, userId],
  });
}

/**
 * Adds a person (back) to a group while it has room: answers false when it is full. A former
 * member's row is reused, so their thread list keeps one entry.
 */
export async function insertMember(
  { db }: Deps,
  member: { threadId: number; userId: number; now: number; capacity: number },
) {
  const { threadId, userId, now, capacity } = member;
  const row = await db.first<{ user_id: number }>({
    sql: `INSERT INTO chat_thread_users (thread_id, user_id, total_unread_messages, last_activity_at, is_admin, created_at)
          SELECT ?1, ?2, 0, ?3, 0, ?3
           WHERE (SELECT count(*) FROM chat_thread_users WHERE thread_id = ?1 AND left_at IS NULL) < ?4
          ON CONFLICT (thread_id, user_id) DO UPDATE SET left_at = NULL, is_admin = 0,
             total_unread_messages = 0, last_activity_at = ?3, created_at = ?3
          WHERE chat_thread_users.left_at IS NOT NULL
          RETURNING user_id`,
    binds: [threadId, userId, now, capacity],
  });
  return row !== null;
}

/**
 * Marks a member gone (left or removed): no unread count, not an admin. When no admin stays, the
 * longest-standing member becomes one, so every group keeps someone who can manage it.
 */
export async function markLeft({ db }: Deps, threadId: number, userId: number, now: number) {
  const [gone] = await db.write([
    db.prepare({
      sql: `UPDATE chat_thread_users SET left_at = ?3, is_admin = 0, total_unread_messages = 0
             WHERE thread_id = ?1 AND user_id = ?2 AND left_at IS NULL RETURNING user_id`,
      binds: [threadId, userId, now],
    }),
    db.prepare({
      sql: `UPDATE chat_thread_users SET is_admin = 1
             WHERE thread_id = ?1 AND user_id = (
               SELECT user_id FROM chat_thread_users WHERE thread_id = ?1 AND left_at IS NULL
                ORDER BY created_at, user_id LIMIT 1)
               AND NOT EXISTS (SELECT 1 FROM chat_thread_users
                                WHERE thread_id = ?1 AND left_at IS NULL AND is_admin = 1)`,
      binds: [threadId],
    }),
  ]);
  return (gone?.results.length ?? 0) > 0;
}

/**
 * Makes a current member an admin, or takes it back while another admin stays; answers whether
 * the row changed (in one statement, so two admins stepping down at once leave one).
 */
export async function setAdmin({ db }: Deps, threadId: number, userId: number, admin: boolean) {
  const [result] = await db.write([
    db.prepare({
      sql: `UPDATE chat_thread_users SET is_admin = ?3
             WHERE thread_id = ?1 AND user_id = ?2 AND left_at IS NULL AND is_admin <> ?3
               AND (?3 = 1 OR EXISTS (SELECT 1 FROM chat_thread_users o WHERE o.thread_id = ?1
                      AND o.user_id <> ?2 AND o.left_at IS NULL AND o.is_admin = 1))
            RETURNING user_id`,
      binds: [threadId, userId, admin ? 1 : 0],
    }),
  ]);
  return (result?.results.length ?? 0) > 0;
}

export async function renameGroupRow({ db }: Deps, threadId: number, name: string) {
  await db.write([
    db.prepare({ sql: "UPDATE chat_threads SET name = ?2 WHERE id = ?1", binds: [threadId, name] }),
  ]);
}

/** A former member takes the group off their list. */
export async function forgetGroup({ db }: Deps, threadId: number, userId: number) {
  await db.write([
    db.prepare({
      sql: "DELETE FROM chat_thread_users WHERE thread_id = ?1 AND user_id = ?2 AND left_at IS NOT NULL",
      binds: [threadId, userId],
    }),
  ]);
}

/** The group's members, the maker and admins first, then by when they joined. */
export function groupMembers({ db }: Deps, threadId: number, skip: number, limit: number) {
  return db.batch<[ChatUser & { is_admin: number; is_maker: number; joined_at: number }, { n: number }]>([
    {
      sql: `SELECT u.username, u.profile_name, u.profile_image, p.is_admin,
                   (t.created_by = u.id) AS is_maker, p.created_at AS joined_at
              FROM chat_thread_users p JOIN users u ON u.id = p.user_id JOIN chat_threads t ON t.id = p.thread_id
             WHERE p.thread_id = ?1 AND p.left_at IS NULL
             ORDER BY is_maker DESC, p.is_admin DESC, p.created_at, u.id LIMIT ?2 OFFSET ?3`,
      binds: [threadId, limit, skip],
      isList: true,
    },
    {
      sql: "SELECT count(*) AS n FROM chat_thread_users WHERE thread_id = ?1 AND left_at IS NULL",
      binds: [threadId],
    },
  ]);
}

/** A user's id by username (active accounts), for a member to add or remove. */
export function userByName({ db }: Deps, username: string) {
  return db.first<ChatUser & { id: number; allow_new_chat: number }>({
    sql: `SELECT id, username, profile_name, profile_image, allow_new_chat FROM users
           WHERE lower(username) = ?1 AND deleted_at IS NULL`,
    binds: [username.toLowerCase()],
  });
}

// ----- What a thread's object reads and writes in D1 -----

/** The thread's current members' names and pictures (a group's former members are left out). */
export function currentMembers({ db }: Deps, threadId: number) {
  return db.all<ParticipantSource>({
    sql: `SELECT u.id, u.username, u.profile_name, u.profile_image
            FROM chat_thread_users ctu JOIN users u ON u.id = ctu.user_id
           WHERE ctu.thread_id = ?1 AND ctu.left_at IS NULL`,
    binds: [threadId],
  });
}

/** The accounts of connected people, to see whose sessions are over. */
export function accountsOf({ db }: Deps, ids: number[]) {
  const marks = ids.map((_, i) => `?${i + 1}`).join(", ");
  return db.all<{ id: number; token_version: number; status: string; deleted_at: number | null }>({
    sql: `SELECT id, token_version, status, deleted_at FROM users WHERE id IN (${marks})`,
    binds: ids,
  });
}

/** Whether any of these people blocks another of them. */
export async function anyBlockAmong({ db }: Deps, ids: number[]): Promise<boolean> {
  const marks = ids.map((_, i) => `?${i + 1}`).join(", ");
  const row = await db.first({
    sql: `SELECT 1 AS hit FROM blocks
           WHERE blocker_id IN (${marks}) AND blocked_id IN (${marks}) AND blocker_id != blocked_id LIMIT 1`,
    binds: ids,
  });
  return row !== null;
}

/** A deleted thread's D1 rows: the thread, its people and its pictures' upload records. */
export async function deleteThreadRows({ db }: Deps, ref: ThreadRef) {
  await db.write([
    db.prepare({ sql: "DELETE FROM chat_thread_users WHERE thread_id = ?1", binds: [ref.threadId] }),
    db.prepare({ sql: "DELETE FROM chat_threads WHERE id = ?1", binds: [ref.threadId] }),
    db.prepare({ sql: "DELETE FROM uploads WHERE key LIKE ?1", binds: [`chat/${ref.publicId}/%`] }),
  ]);
}

/** One picture of a deleted message: the file and its upload record. */
export async function deleteChatMedia(deps: Deps, link: string) {
  const key = link.replace(/^\/media\//, "");
  await deps.env.MEDIA.delete(key);
  await deps.db.orm.delete(uploads).where(eq(uploads.key, key));
}

/** Every picture a deleted thread kept. */
export async function wipeThreadMedia(deps: Deps, threadPublicId: string) {
  const prefix = `chat/${threadPublicId}/`;
  let cursor: string | undefined;
  do {
    const page = await deps.env.MEDIA.list({ prefix, cursor });
    if (page.objects.length) await deps.env.MEDIA.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

// ----- Threads, people and blocks, as the service reads them -----

/** A list's total, from its `count(*)` statement. */
type Count = { n: number };

/** The statement of the thread as the user sees it, when they take part in it. */
const threadOfUser = (userId: number, threadPublicId: string) => ({
  sql: `${THREAD_SELECT} WHERE t.public_id = ?1 AND me.user_id = ?2`,
  binds: [threadPublicId, userId],
});

/** The thread as the user sees it, when they take part in it (or took part: a group's former member). */
export function threadRowForUser({ db }: Deps, userId: number, threadPublicId: string) {
  return db.first<ThreadRow>(threadOfUser(userId, threadPublicId));
}

/**
 * `threadRowForUser` and, in the same round trip, the reactions of the messages `ids` of that
 * thread as the user sees them (none read when `ids` is empty).
 */
export async function threadRowWithReactions(
  { db }: Deps,
  userId: number,
  threadPublicId: string,
  ids: number[],
): Promise<{ row: ThreadRow | null; reactionRows: object[] }> {
  const thread = threadOfUser(userId, threadPublicId);
  if (ids.length === 0) return { row: await db.first<ThreadRow>(thread), reactionRows: [] };
  const [rows, reactionRows] = await db.batch<[ThreadRow, object]>([
    thread,
    messageReactionsStatement("(SELECT id FROM chat_threads WHERE public_id = ?1)", userId, ids, [
      threadPublicId,
    ]),
  ]);
  return { row: rows[0] ?? null, reactionRows };
}

/**
 * The user's threads, newest activity first, and how many there are: one batch. A thread whose
 * newest message is unread and holds one of `mutes` is left out of both.
 */
export async function threadPage(
  { db }: Deps,
  page: { userId: number; skip: number; limit: number },
  mutes: ActiveMute[],
): Promise<{ rows: ThreadRow[]; total: number }> {
  const { userId, skip, limit } = page;
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
  return { rows, total: total!.n };
}

/**
 * A thread's current members, in the order they joined, and how many there are, if `userId` takes
 * part in it (`thread`, as `threadRowForUser` reads it, null when not): one round trip, the
 * request's token check riding in it (docs/decisions/156).
 */
export async function threadUsersPage(
  { db }: Deps,
  userId: number,
  threadPublicId: string,
  skip: number,
  limit: number,
): Promise<{ thread: ThreadRow | null; rows: ChatUser[]; total: number }> {
  const threadId = `(SELECT t.id FROM chat_threads t JOIN chat_thread_users me ON me.thread_id = t.id
    WHERE t.public_id = ?1 AND me.user_id = ?2)`;
  const [[thread], rows, [total]] = await db.batch<[ThreadRow, ChatUser, Count]>([
    { sql: `${THREAD_SELECT} WHERE t.public_id = ?1 AND me.user_id = ?2`, binds: [threadPublicId, userId] },
    {
      sql: `SELECT u.username, u.profile_name, u.profile_image
              FROM chat_thread_users p JOIN users u ON u.id = p.user_id
             WHERE p.thread_id = ${threadId} AND p.left_at IS NULL ORDER BY p.created_at, u.id LIMIT ?3 OFFSET ?4`,
      binds: [threadPublicId, userId, limit, skip],
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM chat_thread_users WHERE thread_id = ${threadId} AND left_at IS NULL`,
      binds: [threadPublicId, userId],
    },
  ]);
  return { thread: thread ?? null, rows, total: total!.n };
}

/** Whether a block stands between the user and any other participant of the thread. */
export async function blockWithAnotherParticipant(
  { db }: Deps,
  userId: number,
  threadId: number,
): Promise<boolean> {
  const row = await db.first({
    sql: `SELECT 1 AS hit FROM chat_thread_users p JOIN blocks b
             ON (b.blocker_id = ?1 AND b.blocked_id = p.user_id) OR (b.blocker_id = p.user_id AND b.blocked_id = ?1)
           WHERE p.thread_id = ?2 AND p.user_id != ?1 LIMIT 1`,
    binds: [userId, threadId],
  });
  return row !== null;
}

/**
 * An active account by username, with whether it takes new chats, whether either of it and `meId`
 * blocks the other and their pair's thread: one statement, the request's token check
 * riding in its round trip (docs/decisions/156).
 */
export function activeChatUserWithPair({ db }: Deps, meId: number, username: string) {
  return db.first<
    ChatUser & { id: number; allow_new_chat: number; blocked: number; existing: string | null }
  >({
    sql: `SELECT u.id, u.username, u.profile_name, u.profile_image, u.allow_new_chat,
            EXISTS (SELECT 1 FROM blocks
                     WHERE (blocker_id = ?2 AND blocked_id = u.id) OR (blocker_id = u.id AND blocked_id = ?2)) AS blocked,
            (SELECT public_id FROM chat_threads
              WHERE pair_key = CAST(min(u.id, ?2) AS INTEGER) || ':' || CAST(max(u.id, ?2) AS INTEGER)) AS existing
          FROM users u WHERE lower(u.username) = ?1 AND u.status = 'ACTIVE' AND u.deleted_at IS NULL`,
    binds: [username.toLowerCase(), meId],
  });
}

/**
 * Writes a personal thread and its two participants in one batch, and answers the pair's thread as
 * that batch leaves it. Two requests at once for one pair: the unique pair key lets one insert win,
 * the participant rows are written only for the thread that was really inserted, and both read
 * back the winner.
 */
export async function insertPersonalThread(
  { db }: Deps,
  thread: { publicId: string; pairKey: string; userIds: [number, number]; now: number },
): Promise<string> {
  const { publicId, pairKey, userIds, now } = thread;
  const participant = (userId: number) =>
    db.prepare({
      sql: `INSERT INTO chat_thread_users (thread_id, user_id, total_unread_messages, last_activity_at, created_at)
            SELECT id, ?1, 0, ?2, ?2 FROM chat_threads WHERE public_id = ?3`,
      binds: [userId, now, publicId],
    });
  const results = await db.write([
    db.prepare({
      sql: `INSERT INTO chat_threads (public_id, chat_thread_type, pair_key, created_at)
            VALUES (?1, 'PERSONAL', ?2, ?3) ON CONFLICT (pair_key) DO NOTHING`,
      binds: [publicId, pairKey, now],
    }),
    participant(userIds[0]),
    participant(userIds[1]),
    db.prepare({ sql: "SELECT public_id FROM chat_threads WHERE pair_key = ?1", binds: [pairKey] }),
  ]);
  const [winner] = results[3]?.results ?? [];
  return winner && typeof winner === "object" && "public_id" in winner ? String(winner.public_id) : publicId;
}

/**
 * Active users whose lowercased name is LIKE `prefix` (escaped with `\`), the exact `username`
 * first, and how many; people who block `meId` are left out, as is `meId`.
 */
export async function chatUserSearchPage(
  { db }: Deps,
  search: { meId: number; prefix: string; username: string; skip: number; limit: number },
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const { meId, prefix, username, skip, limit } = search;
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
  return { rows, total: Number(total!.n) };
}

/** The people `meId` has a personal thread with, most recent first, and how many. */
export async function personalChatUsersPage(
  { db }: Deps,
  meId: number,
  skip: number,
  limit: number,
): Promise<{ rows: ChatUser[]; total: number }> {
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
  return { rows, total: total!.n };
}

/** Records a picture sent in a chat (its key under `chat/<thread>/`). */
export async function insertChatUpload(
  { db }: Deps,
  upload: { key: string; ownerId: number; contentType: string; size: number },
): Promise<void> {
  await db.orm.insert(uploads).values({ ...upload, createdAt: Date.now() });
}

/** Forgets a picture's upload record. */
export async function deleteUpload({ db }: Deps, key: string): Promise<void> {
  await db.orm.delete(uploads).where(eq(uploads.key, key));
}

// ----- Link previews the server fetched -----

const w = webpagePreviews;

/** Keeps what the server fetched for a link (null: nothing to show), pruning a few rows older than `staleBefore`. */
export async function savePreview(
  { db }: Deps,
  link: string,
  preview: string | null,
  now: number,
  staleBefore: number,
): Promise<void> {
  await db.write([
    db.prepare(
      statement(
        db.orm
          .insert(webpagePreviews)
          .values({ link, preview, fetchedAt: now })
          .onConflictDoUpdate({
            target: webpagePreviews.link,
            set: { preview: sql`excluded.preview`, fetchedAt: sql`excluded.fetched_at` },
          }),
      ),
    ),
    db.prepare(
      statement(sql`DELETE FROM ${w} WHERE ${w.link} IN
        (SELECT ${w.link} FROM ${w} WHERE ${w.fetchedAt} < ${staleBefore} ORDER BY ${w.fetchedAt} LIMIT 20)`),
    ),
  ]);
}

/** The preview kept for a link fetched after `freshAfter`, or null (a kept null preview is `{preview: null}`). */
export function freshPreview({ db }: Deps, link: string, freshAfter: number) {
  return db.first<{ preview: string | null }>(
    statement(
      sql`SELECT ${w.preview} AS preview FROM ${w} WHERE ${w.link} = ${link} AND ${w.fetchedAt} > ${freshAfter}`,
    ),
  );
}

// ----- What a thread's object writes to D1 after a change -----

/**
 * The thread's D1 rows as its object's storage has them: the last message, and per participant
 * the unread count, the activity time and when they first wrote (kept once set).
 */
export async function writeThreadState(
  { db }: Deps,
  threadId: number,
  last: { text: string | null; message_type: string; created_at: number } | undefined,
  activity: number,
  participants: Array<{ userId: number; unread: number; firstSentAt: number | null }>,
): Promise<void> {
  await db.write([
    db.prepare({
      sql: "UPDATE chat_threads SET last_message_text = ?1, last_message_type = ?2, last_message_at = ?3 WHERE id = ?4",
      binds: [last?.text ?? null, last?.message_type ?? null, last?.created_at ?? null, threadId],
    }),
    ...participants.map((p) =>
      db.prepare({
        sql: `UPDATE chat_thread_users SET total_unread_messages = ?1, last_activity_at = ?2,
                 sent_at = coalesce(sent_at, ?5)
               WHERE thread_id = ?3 AND user_id = ?4`,
        binds: [p.unread, activity, threadId, p.userId, p.firstSentAt],
      }),
    ),
  ]);
}
