import { type Page, toPage } from "#shared/api.ts";
import { GROUP_MEMBERS_MAX } from "#shared/constants.ts";
import {
  CHAT_MSG,
  type ChatThread,
  type GroupMemberItem,
  type GroupRole,
  type GroupRoleResult,
} from "#shared/schemas/chat.ts";
import type { z } from "#shared/zod-jitless.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail, failValidation } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { iso } from "#worker/lib/time.ts";
import { hitTrustLimit } from "#worker/lib/trust.ts";
import type { GroupChange, ThreadRef } from "./chat-thread";
import {
  forgetGroup,
  groupCandidates,
  groupMembers,
  groupRow,
  insertGroup,
  insertMember,
  markLeft,
  renameGroupRow,
  setAdmin,
  userByName,
} from "./queries";
import { memberThread, threadForUser, threadStub } from "./service";

// Group chats (docs/decisions/143): D1 holds who is in a group (and who was), the thread's object
// lines up each change with the messages and tells the sockets. Every change is written to D1
// first, so a person removed can open no new socket while the object closes the ones they hold.

type Me = Pick<AuthUser, "id" | "username" | "trust">;

/** Starts a group of the caller and 2 to 49 others, each accepting new chats and not blocked either way. */
export async function createGroup(
  deps: Deps,
  me: Me,
  input: { name: string; usernames: string[] },
): Promise<ChatThread> {
  if (input.usernames.includes(me.username.toLowerCase())) fail(422, CHAT_MSG.groupWithYourself);
  const people = await groupCandidates(deps, me.id, input.usernames);
  if (people.length !== input.usernames.length) fail(404, CHAT_MSG.userNotFound);
  if (people.some((p) => p.blocked)) fail(403, CHAT_MSG.blocked);
  if (people.some((p) => !p.allow_new_chat)) fail(403, CHAT_MSG.newChatsOff);
  // A group is one new conversation against the day's allowance, like a personal one.
  await hitTrustLimit(deps, me, "conversation");
  const id = publicId();
  await insertGroup(deps, {
    publicId: id,
    name: input.name,
    makerId: me.id,
    memberIds: people.map((p) => p.id),
    now: Date.now(),
  });
  return (await threadForUser(deps, me.id, id)).thread;
}

/** The group as one of its members sees it, and whether they may manage it. */
async function groupOf(deps: Deps, userId: number, threadPublicId: string) {
  const { ref, thread } = await memberThread(deps, userId, threadPublicId);
  if (thread.kind !== "GROUP") fail(400, CHAT_MSG.notGroup);
  return { ref, thread };
}

async function adminGroupOf(deps: Deps, userId: number, threadPublicId: string) {
  const found = await groupOf(deps, userId, threadPublicId);
  if (!found.thread.is_admin) fail(403, CHAT_MSG.notAdmin);
  return found;
}

function announce(deps: Deps, ref: ThreadRef, change: GroupChange) {
  return threadStub(deps, ref.publicId).groupChanged(ref, change);
}

export async function listGroupMembers(
  deps: Deps,
  userId: number,
  threadPublicId: string,
  skip: number,
  limit: number,
): Promise<Page<GroupMemberItem>> {
  const { ref } = await groupOf(deps, userId, threadPublicId);
  const [rows, [total]] = await groupMembers(deps, ref.threadId, skip, limit);
  const list = rows.map(
    (r): GroupMemberItem => ({
      username: r.username,
      profile_name: r.profile_name,
      profile_image: r.profile_image,
      is_admin: Boolean(r.is_admin),
      is_maker: Boolean(r.is_maker),
      joined_at: iso(r.joined_at),
    }),
  );
  return toPage(list, Number(total?.n ?? 0), limit);
}

/** Adds a person to the group (the maker and admins): everyone gets MEMBER_JOINED. */
export async function addGroupMember(deps: Deps, me: Me, threadPublicId: string, username: string) {
  const { ref, thread } = await adminGroupOf(deps, me.id, threadPublicId);
  const person = (await groupCandidates(deps, me.id, [username]))[0];
  if (!person) fail(404, CHAT_MSG.userNotFound);
  if (person.blocked) fail(403, CHAT_MSG.blocked);
  if (!person.allow_new_chat) fail(403, CHAT_MSG.newChatsOff);
  const row = await groupRow(deps, ref.threadId, person.id);
  if (row && row.left_at === null) fail(409, CHAT_MSG.alreadyMember);
  const capacity = GROUP_MEMBERS_MAX;
  if (!(await insertMember(deps, { threadId: ref.threadId, userId: person.id, now: Date.now(), capacity })))
    fail(409, CHAT_MSG.groupTooLarge);
  return announce(deps, ref, { type: "MEMBER_JOINED", actorId: me.id, userId: person.id, name: thread.name });
}

/**
 * Removes a member (the maker and admins; the maker themself only by leaving): their sockets close
 * and they read nothing sent after. Removing oneself is leaving.
 */
export async function removeGroupMember(deps: Deps, me: Me, threadPublicId: string, username: string) {
  const { ref, thread } = await adminGroupOf(deps, me.id, threadPublicId);
  const person = await userByName(deps, username);
  const row = person ? await groupRow(deps, ref.threadId, person.id) : null;
  if (!person || !row || row.left_at !== null) fail(404, CHAT_MSG.notMember);
  if (person.id === me.id) return leaveGroup(deps, me, threadPublicId);
  if (row.created_by === person.id && row.created_by !== me.id) fail(403, CHAT_MSG.notAdmin);
  if (!(await markLeft(deps, ref.threadId, person.id, Date.now()))) fail(404, CHAT_MSG.notMember);
  return announce(deps, ref, { type: "MEMBER_LEFT", actorId: me.id, userId: person.id, name: thread.name });
}

/**
 * Makes a member an admin or takes it back (the maker and admins, docs/decisions/167): everyone
 * gets ADMIN_ADDED or ADMIN_REMOVED. The maker stays an admin while in the group; the last admin
 * stays one. Asking for the role someone has changes nothing and tells nobody.
 */
export async function setGroupRole(
  deps: Deps,
  me: Me,
  threadPublicId: string,
  username: string,
  role: GroupRole,
): Promise<GroupRoleResult> {
  const { ref, thread } = await adminGroupOf(deps, me.id, threadPublicId);
  const person = await userByName(deps, username);
  const row = person ? await groupRow(deps, ref.threadId, person.id) : null;
  if (!person || !row || row.left_at !== null) fail(404, CHAT_MSG.notMember);
  const admin = role === "ADMIN";
  const unchanged = { username: person.username, is_admin: admin, message: null };
  if (Boolean(row.is_admin) === admin) return unchanged;
  if (!admin && row.created_by === person.id) fail(403, CHAT_MSG.makerStaysAdmin);
  if (!(await setAdmin(deps, ref.threadId, person.id, admin))) {
    // Nothing moved: another change came first, or this is the group's last admin.
    const now = await groupRow(deps, ref.threadId, person.id);
    if (!admin && now?.is_admin) fail(409, CHAT_MSG.lastAdmin);
    return unchanged;
  }
  const message = await announce(deps, ref, {
    type: admin ? "ADMIN_ADDED" : "ADMIN_REMOVED",
    actorId: me.id,
    userId: person.id,
    name: thread.name,
  });
  return { username: person.username, is_admin: admin, message };
}

/** Leaves the group: the thread stays in the person's list, readable up to now. */
export async function leaveGroup(deps: Deps, me: Me, threadPublicId: string) {
  const { ref, thread } = await groupOf(deps, me.id, threadPublicId);
  if (!(await markLeft(deps, ref.threadId, me.id, Date.now()))) fail(403, CHAT_MSG.notInGroup);
  return announce(deps, ref, { type: "MEMBER_LEFT", actorId: me.id, userId: me.id, name: thread.name });
}

export async function renameGroup(deps: Deps, me: Me, threadPublicId: string, name: string) {
  const { ref } = await adminGroupOf(deps, me.id, threadPublicId);
  await renameGroupRow(deps, ref.threadId, name);
  await announce(deps, ref, { type: "RENAMED", actorId: me.id, userId: null, name });
  return (await threadForUser(deps, me.id, threadPublicId)).thread;
}

/** Whether the person made this group (only they delete it for everyone). */
async function madeGroup(deps: Deps, userId: number, ref: ThreadRef): Promise<boolean> {
  const row = await groupRow(deps, ref.threadId, userId);
  return row?.created_by === userId;
}

/**
 * Deletes a thread from the caller's view: a personal thread for both; a group for everyone when
 * its maker asks; a group the caller has left only from their own list. Another member leaves instead.
 */
export async function deleteThreadFor(deps: Deps, userId: number, threadPublicId: string): Promise<void> {
  const { ref, thread } = await threadForUser(deps, userId, threadPublicId);
  if (thread.kind === "GROUP") {
    if (thread.left) return forgetGroup(deps, ref.threadId, userId);
    if (!(await madeGroup(deps, userId, ref))) fail(403, CHAT_MSG.makerDeletes);
  }
  await threadStub(deps, ref.publicId).destroy(ref);
}

/** A request's fields from its query and its body alike, checked by `schema` (422 names the field). */
export function parseEither<T extends z.ZodType>(schema: T, raw: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) failValidation(parsed.error);
  return parsed.data;
}
