import { type Page, toPage } from "#shared/api.ts";
import { CHAT_IMAGE_MAX_MB, MB } from "#shared/constants.ts";
import {
  CHAT_MSG,
  type ChatMessage,
  type ChatSearchUser,
  type ChatThread,
  type ChatUser,
  type PersonalThread,
} from "#shared/schemas/chat.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { readWithMutes } from "#worker/lib/mutes.ts";
import { hitCounters } from "#worker/lib/rate-limits.ts";
import { withMessageReactions, withReactionRows } from "#worker/lib/reaction-queries.ts";
import { iso } from "#worker/lib/time.ts";
import { actionCounters, hitTrustLimit } from "#worker/lib/trust.ts";
import type { ThreadRef } from "./chat-thread";
import { megabytes, sniffImage } from "./image";
import {
  activeChatUserWithPair,
  blockWithAnotherParticipant,
  chatUserSearchPage,
  deleteUpload,
  insertChatUpload,
  insertPersonalThread,
  personalChatUsersPage,
  type ThreadRow,
  threadPage,
  threadRowForUser,
  threadRowWithReactions,
  threadUsersPage,
} from "./queries";

// Thread rows, participants and who may chat with whom. Messages live in each thread's Durable
// Object (ADR 009); these functions only read and write D1.

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

function refOf(row: ThreadRow): ThreadRef {
  return {
    threadId: row.id,
    publicId: row.public_id,
    createdAt: row.created_at,
    kind: row.chat_thread_type === "GROUP" ? "GROUP" : "PERSONAL",
  };
}

/** A thread the user takes part in, or 404: outsiders learn nothing, not even that it exists. */
export async function threadForUser(
  deps: Deps,
  userId: number,
  threadPublicId: string,
): Promise<{ ref: ThreadRef; thread: ChatThread }> {
  const row = await threadRowForUser(deps, userId, threadPublicId);
  if (!row) fail(404, CHAT_MSG.threadNotFound);
  return { ref: refOf(row), thread: toThread(row) };
}

/**
 * The messages of a thread's page someone may have reacted to, as this isolate last read that page:
 * the next read's guess. The thread's object marks a message before its first reaction and never
 * unmarks it, so the guess can only miss messages marked since.
 */
const reactedSeen = new Map<string, number[]>();
const REACTED_SEEN_MAX = 2000;

/**
 * A page of a thread's messages with their reactions: one D1 round trip once this isolate has read
 * the page, the reactions of the messages marked then riding with the thread's row; a second only
 * for messages marked since (docs/decisions/228).
 */
export async function messagePage(
  deps: Deps,
  userId: number,
  threadPublicId: string,
  page: { skip: number; limit: number },
) {
  const key = `${threadPublicId}:${page.skip}:${page.limit}`;
  const guess = reactedSeen.get(key) ?? [];
  const { row, reactionRows } = await threadRowWithReactions(deps, userId, threadPublicId, guess);
  if (!row) fail(404, CHAT_MSG.threadNotFound);
  const ref = refOf(row);
  const { list, total, reacted } = await threadStub(deps, ref.publicId).listMessages(
    ref,
    page.skip,
    page.limit,
    userId,
  );
  reactedSeen.delete(key);
  reactedSeen.set(key, reacted);
  if (reactedSeen.size > REACTED_SEEN_MAX) reactedSeen.delete(reactedSeen.keys().next().value as string);
  const guessed = new Set(guess);
  const shown = reacted.every((id) => guessed.has(id))
    ? withReactionRows(ref.threadId, list, reactionRows)
    : await withMessageReactions(deps.db, ref.threadId, list, userId, reacted);
  return toPage(shown, total, page.limit);
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
  const { rows, total } = await readWithMutes(deps, userId, "CHAT_REQUESTS", (mutes) =>
    threadPage(deps, { userId, skip, limit }, mutes),
  );
  return toPage(rows.map(toThread), total, limit);
}

/** The current members of a thread the user takes part in, or 404 (`threadForUser`). */
export async function listThreadUsers(
  deps: Deps,
  userId: number,
  threadPublicId: string,
  skip: number,
  limit: number,
): Promise<Page<ChatUser>> {
  const { thread, rows, total } = await threadUsersPage(deps, userId, threadPublicId, skip, limit);
  if (!thread) fail(404, CHAT_MSG.threadNotFound);
  return toPage(rows, total, limit);
}

/**
 * Whether a block stands between the user and any other participant of a personal thread. In a
 * group, a block keeps two members apart elsewhere, not out of the group (docs/decisions/143).
 */
export async function blockedInThread(deps: Deps, userId: number, ref: ThreadRef): Promise<boolean> {
  if (ref.kind === "GROUP") return false;
  return blockWithAnotherParticipant(deps, userId, ref.threadId);
}

/**
 * Who a personal chat with `username` would be with, and the pair's thread if there is one: not
 * with oneself, not across a block, and no new thread with someone who turned new chats off.
 * Refuses with the same errors whether or not the caller goes on to create the thread.
 */
async function personalPair(deps: Deps, me: { id: number }, username: string) {
  const target = await activeChatUserWithPair(deps, me.id, username);
  if (!target) fail(404, CHAT_MSG.userNotFound);
  if (target.id === me.id) fail(403, CHAT_MSG.withYourself);
  if (target.blocked) fail(403, CHAT_MSG.blocked);

  const pairKey = `${Math.min(me.id, target.id)}:${Math.max(me.id, target.id)}`;
  const existing = target.existing === null ? null : { public_id: target.existing };
  if (!existing && !target.allow_new_chat) fail(403, CHAT_MSG.newChatsOff);
  const user: ChatUser = {
    username: target.username,
    profile_name: target.profile_name,
    profile_image: target.profile_image,
  };
  return { targetId: target.id, user, pairKey, existing };
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

/**
 * Starts (or finds) the personal thread of two people, on the rules of `personalPair`: the pair read
 * with the token check (docs/decisions/249), the daily allowance counted for a new conversation
 * only, then the thread written and read back in one batch.
 */
export async function createPersonalThread(
  deps: Deps,
  me: Pick<AuthUser, "id" | "trust">,
  username: string,
): Promise<{ public_id: string; created: boolean; partnerId: number }> {
  const { targetId, pairKey, existing } = await personalPair(deps, me, username);
  if (existing) return { public_id: existing.public_id, created: false, partnerId: targetId };
  // Only a new conversation counts against the person's daily allowance.
  await hitTrustLimit(deps, me, "conversation");

  const id = publicId();
  const winner = await insertPersonalThread(deps, {
    publicId: id,
    pairKey,
    userIds: [me.id, targetId],
    now: Date.now(),
  });
  return { public_id: winner, created: winner === id, partnerId: targetId };
}

/**
 * Users whose name starts with the search (chatUsernameSearchSchema has lowercased it and removed
 * its spaces), exact match first. People who block the caller are left out, as is the caller.
 */
export async function searchChatUsers(
  deps: Deps,
  meId: number,
  username: string,
  skip: number,
  limit: number,
): Promise<Page<ChatSearchUser>> {
  if (!username) return toPage([], 0, limit);
  const prefix = `${username.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { rows, total } = await chatUserSearchPage(deps, { meId, prefix, username, skip, limit });
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
  return toPage(list, total, limit);
}

/** The people the caller has a personal thread with, most recent first. */
export async function listPersonalChatUsers(
  deps: Deps,
  meId: number,
  skip: number,
  limit: number,
): Promise<Page<ChatUser>> {
  const { rows, total } = await personalChatUsersPage(deps, meId, skip, limit);
  return toPage(rows, total, limit);
}

/** What the chat says about a picture over CHAT_IMAGE_MAX_MB, with both sizes in MB. */
const fileTooLarge = (size: number) =>
  `Your file is ${megabytes(size)} MB. Use another file with its size less than ${CHAT_IMAGE_MAX_MB} MB.`;

/**
 * `POST .../chat/image`: a member sends a picture to a thread, within the size, a minute's burst
 * and the day's upload allowance by level (lib/trust.ts), as a PNG, JPEG, GIF or WebP.
 */
export async function sendChatImage(
  deps: Deps,
  user: AuthUser,
  body: { public_id: string; file: File; client_id?: string; alt?: string | null; reply_to?: number },
): Promise<ChatMessage> {
  const { ref } = await memberThread(deps, user.id, body.public_id);
  if (await blockedInThread(deps, user.id, ref)) fail(403, CHAT_MSG.blocked);
  if (body.file.size > CHAT_IMAGE_MAX_MB * MB) fail(413, fileTooLarge(body.file.size));
  const rate = { key: `chat-image:${user.id}`, rule: { max: 30, windowMs: 60_000 } };
  await hitCounters(deps.db, await actionCounters(deps, user, rate, "upload"));
  const bytes = new Uint8Array(await body.file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) fail(415, "Only PNG, JPEG, GIF and WebP pictures can be sent");
  return sendImage(deps, user.id, ref, { ...kind, bytes }, body.client_id, body.alt ?? null, body.reply_to);
}

/**
 * Stores a picture a participant sends (already checked: size, type, rate) and posts it to the
 * thread as an IMAGE message.
 */
async function sendImage(
  deps: Deps,
  userId: number,
  ref: ThreadRef,
  image: { bytes: Uint8Array; type: string; ext: string },
  clientId: string | undefined,
  alt: string | null = null,
  replyTo?: number,
): Promise<ChatMessage> {
  const { env } = deps;
  const key = `chat/${ref.publicId}/${publicId()}.${image.ext}`;
  await env.MEDIA.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  await insertChatUpload(deps, {
    key,
    ownerId: userId,
    contentType: image.type,
    size: image.bytes.byteLength,
  });
  const link = `/media/${key}`;
  const message = await threadStub(deps, ref.publicId)
    .postImage(ref, userId, link, clientId, alt, replyTo)
    .catch(async (error: unknown) => {
      // An answer to a message this thread does not have: nothing is kept.
      if (!(error instanceof Error) || error.message !== CHAT_MSG.replyNotFound) throw error;
      await env.MEDIA.delete(key);
      await deleteUpload(deps, key);
      return fail(404, CHAT_MSG.replyNotFound);
    });
  if (message.media !== link) {
    // A resend of an image already stored under this client id: keep the first copy only.
    await env.MEDIA.delete(key);
    await deleteUpload(deps, key);
  }
  return message;
}

export function threadStub({ env }: Deps, threadPublicId: string) {
  return env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(threadPublicId));
}
