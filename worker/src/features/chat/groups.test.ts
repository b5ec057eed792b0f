import { describe, expect, it } from "vitest";
import { GROUP_OTHERS_MAX } from "#shared/constants.ts";
import { CHAT_MSG, type ChatMessage, type ChatThread, type GroupMemberItem } from "#shared/schemas/chat.ts";
import { api, detail, json, jsonBody } from "#worker-test/api.ts";
import {
  CHAT,
  messageList,
  openSocket,
  settle,
  socketToken,
  startThread,
  type TestSocket,
  threadOf,
  upgrade,
} from "#worker-test/chat.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { block } from "#worker-test/rows.ts";
import { CLOSE_NOT_MEMBER } from "./chat-thread";

const GROUP = `${CHAT}/group`;

const makeGroup = (maker: TestUser, name: string, others: TestUser[]) =>
  api(GROUP, {
    method: "POST",
    ...jsonBody({ name, usernames: others.map((o) => o.username) }, maker.auth),
  });

async function groupOf(maker: TestUser, others: TestUser[], name = "Trail crew"): Promise<ChatThread> {
  const res = await makeGroup(maker, name, others);
  expect(res.status).toBe(201);
  return json<ChatThread>(res);
}

const people = (n: number) => Promise.all(Array.from({ length: n }, () => createUser()));

const members = async (who: TestUser, publicId: string) =>
  api(`${GROUP}/member/list?public_id=${publicId}`, { headers: who.auth });

const add = (who: TestUser, publicId: string, username: string) =>
  api(`${GROUP}/member`, { method: "POST", ...jsonBody({ public_id: publicId, username }, who.auth) });

const remove = (who: TestUser, publicId: string, username: string) =>
  api(`${GROUP}/member`, { method: "DELETE", ...jsonBody({ public_id: publicId, username }, who.auth) });

const leave = (who: TestUser, publicId: string) =>
  api(`${GROUP}/member/self?public_id=${publicId}`, { method: "DELETE", headers: who.auth });

const rename = (who: TestUser, publicId: string, name: string) =>
  api(GROUP, { method: "PATCH", ...jsonBody({ public_id: publicId, name }, who.auth) });

const setRole = (who: TestUser, publicId: string, username: string, role: string) =>
  api(`${GROUP}/member`, { method: "PATCH", ...jsonBody({ public_id: publicId, username, role }, who.auth) });

const textsOf = (s: TestSocket) => s.frames.flatMap((f) => (f.message_type === "TEXT" ? [f.text] : []));

describe("a group chat of five", () => {
  it("reaches every member, counts each one's unread, and cuts a removed member off", async () => {
    const maker = await createUser({ profileName: "Maker" });
    const [b, c, d, e] = (await people(4)) as [TestUser, TestUser, TestUser, TestUser];
    const group = await groupOf(maker, [b, c, d, e]);
    expect(group).toMatchObject({ kind: "GROUP", chat_thread_type: "GROUP", name: "Trail crew" });
    expect(group.total_members).toBe(5);
    expect(group.is_admin).toBe(true);
    const id = group.public_id;

    // Everyone sees it in their list, not an admin there.
    const seen = await json<ChatThread>(await api(`${CHAT}/thread?public_id=${id}`, { headers: e.auth }));
    expect(seen).toMatchObject({ kind: "GROUP", name: "Trail crew", total_members: 5, is_admin: false });

    // Four members online, one (e) away: a message reaches the four sockets.
    const sockets = await Promise.all([maker, b, c, d].map((u) => openSocket(u, id)));
    const [sm, sb, sc, sd] = sockets as [TestSocket, TestSocket, TestSocket, TestSocket];
    sb.send({ message_type: "TEXT", text: "Hello group" });
    for (const s of sockets) await s.next("TEXT", (f) => f.text === "Hello group");
    // Typing goes to the others too.
    sc.send({ message_type: "TYPING" });
    await sd.next("TYPING", (f) => f.message_sender.username === c.username);

    // Each member has their own unread count: e (away) has 1; d closes and misses the next two.
    sd.close();
    await settle();
    sm.send({ message_type: "TEXT", text: "Second" });
    await sb.next("TEXT", (f) => f.text === "Second");
    sc.send({ message_type: "TEXT", text: "Third" });
    await sb.next("TEXT", (f) => f.text === "Third");
    await expect.poll(async () => (await threadOf(e, id)).total_unread_messages).toBe(3);
    await expect.poll(async () => (await threadOf(d, id)).total_unread_messages).toBe(2);
    expect((await threadOf(b, id)).total_unread_messages).toBe(0);

    // The maker removes c: c's socket closes after the MEMBER_LEFT line, and c gets nothing after.
    const removed = await remove(maker, id, c.username);
    expect(removed.status).toBe(200);
    const left = await sb.next("MEMBER_LEFT");
    expect(left).toMatchObject({
      message_sender: { username: maker.username },
      system: { user: { username: c.username } },
      group: { name: "Trail crew", total_members: 4 },
    });
    await expect.poll(() => sc.closed?.code).toBe(CLOSE_NOT_MEMBER);
    const cutAt = (await messageList(c, id)).list[0]!.id;
    sb.send({ message_type: "TEXT", text: "After c left" });
    await sm.next("TEXT", (f) => f.text === "After c left");
    await settle();
    expect(textsOf(sc)).not.toContain("After c left");
    // c reads the thread up to their removal, nothing after; no socket, no picture, no last message.
    const cList = await messageList(c, id);
    expect(cList.list.map((m) => m.text)).not.toContain("After c left");
    expect(cList.list[0]!.id).toBe(cutAt);
    expect(cList.list.map((m) => m.text)).toContain("Hello group");
    const cThread = await json<ChatThread>(await api(`${CHAT}/thread?public_id=${id}`, { headers: c.auth }));
    expect(cThread).toMatchObject({ left: true, last_message: null, total_members: 4 });
    const cAuth = await api(`${CHAT}/websocket/auth?public_id=${id}`, { method: "POST", headers: c.auth });
    expect(cAuth.status).toBe(403);
    expect(await detail(cAuth)).toBe(CHAT_MSG.notInGroup);
    expect((await members(c, id)).status).toBe(403);

    // d leaves by themself: everyone online hears it; d keeps reading up to then.
    expect((await leave(d, id)).status).toBe(200);
    const dLeft = await sb.next("MEMBER_LEFT", (f) => f.system?.user?.username === d.username);
    expect(dLeft.message_sender.username).toBe(d.username);
    expect(dLeft.group.total_members).toBe(3);
    expect((await leave(d, id)).status).toBe(403);

    // Renaming reaches the members and the thread rows.
    expect((await rename(b, id, "Not yours")).status).toBe(403);
    const renamed = await rename(maker, id, "  Summit team ");
    expect(renamed.status).toBe(200);
    expect((await json<ChatThread>(renamed)).name).toBe("Summit team");
    const frame = await sb.next("RENAMED");
    expect(frame).toMatchObject({
      system: { user: null, name: "Summit team" },
      group: { name: "Summit team" },
    });
    expect((await threadOf(e, id)) as unknown as ChatThread).toMatchObject({ name: "Summit team" });

    // The system lines are in the thread for members, and do not count as unread.
    const lines = (await messageList(e, id)).list.map((m) => m.message_type);
    expect(lines).toEqual(expect.arrayContaining(["MEMBER_LEFT", "RENAMED"]));
    await expect.poll(async () => (await threadOf(e, id)).total_unread_messages).toBe(4);

    // Adding someone back: MEMBER_JOINED, and they can open the socket again.
    expect((await add(maker, id, c.username)).status).toBe(201);
    await sb.next("MEMBER_JOINED", (f) => f.system?.user?.username === c.username);
    // Someone added back starts with nothing unread.
    await expect.poll(async () => (await threadOf(c, id)).total_unread_messages).toBe(0);
    const back = await openSocket(c, id);
    sb.send({ message_type: "TEXT", text: "Welcome back" });
    await back.next("TEXT", (f) => f.text === "Welcome back");
    const list = await json<{ list: GroupMemberItem[]; total_list: number }>(await members(b, id));
    expect(list.total_list).toBe(4);
    expect(list.list[0]).toMatchObject({ username: maker.username, is_maker: true, is_admin: true });
    for (const s of [...sockets, back]) if (!s.closed) s.close();
  });

  it("keeps groups between 2 and 49 others, and refuses blocks and closed inboxes", async () => {
    const maker = await createUser();
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const one = await makeGroup(maker, "Too few", [a]);
    expect(one.status).toBe(422);
    expect(await detail(one)).toContain(CHAT_MSG.groupTooSmall);
    // A name given twice counts once.
    expect((await makeGroup(maker, "Twice", [a, a])).status).toBe(422);
    const blank = await makeGroup(maker, "   ", [a, b]);
    expect(blank.status).toBe(422);
    expect(await detail(blank)).toContain(CHAT_MSG.groupNameRequired);
    expect((await makeGroup(maker, "Me too", [a, maker])).status).toBe(422);
    const ghost = await api(GROUP, {
      method: "POST",
      ...jsonBody({ name: "Ghosts", usernames: [a.username, "nobodyhere999"] }, maker.auth),
    });
    expect(ghost.status).toBe(404);

    const many = await people(GROUP_OTHERS_MAX + 1);
    const tooMany = await makeGroup(maker, "Crowd", many);
    expect(tooMany.status).toBe(422);
    expect(await detail(tooMany)).toContain(CHAT_MSG.groupTooLarge);
    const full = await groupOf(maker, many.slice(0, GROUP_OTHERS_MAX), "Full house");
    expect(full.total_members).toBe(GROUP_OTHERS_MAX + 1);
    const fiftyFirst = await add(maker, full.public_id, many[GROUP_OTHERS_MAX]!.username);
    expect(fiftyFirst.status).toBe(409);
    expect(await detail(fiftyFirst)).toBe(CHAT_MSG.groupTooLarge);

    const blocker = await createUser();
    await block(blocker, maker);
    const blocked = await makeGroup(maker, "Blocked", [a, blocker]);
    expect(blocked.status).toBe(403);
    expect(await detail(blocked)).toBe(CHAT_MSG.blocked);
    const quiet = await createUser({ allowNewChat: false });
    const closed = await makeGroup(maker, "Quiet", [a, quiet]);
    expect(closed.status).toBe(403);
    expect(await detail(closed)).toBe(CHAT_MSG.newChatsOff);

    const group = await groupOf(maker, [a, b]);
    expect((await add(maker, group.public_id, blocker.username)).status).toBe(403);
    expect((await add(maker, group.public_id, quiet.username)).status).toBe(403);
    expect((await add(maker, group.public_id, a.username)).status).toBe(409);
  });

  it("tells outsiders nothing and lets only the maker and admins manage", async () => {
    const maker = await createUser();
    const [a, b, outsider] = (await people(3)) as [TestUser, TestUser, TestUser];
    const { public_id: id } = await groupOf(maker, [a, b]);
    expect((await members(outsider, id)).status).toBe(404);
    expect(
      (await api(`${CHAT}/thread/message/list?public_id=${id}`, { headers: outsider.auth })).status,
    ).toBe(404);
    expect(
      (await api(`${CHAT}/websocket/auth?public_id=${id}`, { method: "POST", headers: outsider.auth }))
        .status,
    ).toBe(404);
    expect((await add(outsider, id, outsider.username)).status).toBe(404);
    expect((await rename(outsider, id, "Mine")).status).toBe(404);

    // A member who is not an admin may not add, remove, rename or delete the group.
    const notAdmin = await add(a, id, outsider.username);
    expect(notAdmin.status).toBe(403);
    expect(await detail(notAdmin)).toBe(CHAT_MSG.notAdmin);
    expect((await remove(a, id, b.username)).status).toBe(403);
    const del = await api(`${CHAT}/thread?public_id=${id}`, { method: "DELETE", headers: a.auth });
    expect(del.status).toBe(403);
    expect(await detail(del)).toBe(CHAT_MSG.makerDeletes);
    expect((await remove(maker, id, outsider.username)).status).toBe(404);

    // One-to-one threads are no groups.
    const direct = await startThread(maker, a);
    expect((await members(maker, direct)).status).toBe(400);
    const directThread = await json<ChatThread>(
      await api(`${CHAT}/thread?public_id=${direct}`, { headers: a.auth }),
    );
    expect(directThread).toMatchObject({ kind: "DIRECT", chat_thread_type: "PERSONAL", name: null });

    // When the maker leaves, the longest-standing member becomes an admin.
    expect((await leave(maker, id)).status).toBe(200);
    expect((await add(a, id, outsider.username)).status).toBe(201);
    // The maker deletes a group for everyone; a former member only takes it off their list.
    const gone = await api(`${CHAT}/thread?public_id=${id}`, { method: "DELETE", headers: maker.auth });
    expect(gone.status).toBe(204);
    expect((await api(`${CHAT}/thread?public_id=${id}`, { headers: maker.auth })).status).toBe(404);
    expect((await api(`${CHAT}/thread?public_id=${id}`, { headers: a.auth })).status).toBe(200);
  });
});

describe("a group's admins", () => {
  it("are named and dismissed by the maker and admins, live for everyone; the maker stays one", async () => {
    const maker = await createUser();
    const [a, b, c] = (await people(3)) as [TestUser, TestUser, TestUser];
    const { public_id: id } = await groupOf(maker, [a, b, c]);
    const sb = await openSocket(b, id);

    // A member who is not an admin names nobody; nor may anyone name an outsider.
    const refused = await setRole(a, id, b.username, "ADMIN");
    expect(refused.status).toBe(403);
    expect(await detail(refused)).toBe(CHAT_MSG.notAdmin);
    expect((await setRole(maker, id, (await createUser()).username, "ADMIN")).status).toBe(404);
    expect((await setRole(maker, id, a.username, "OWNER")).status).toBe(422);

    // The maker makes a an admin: everyone online hears it, the list and a's thread say so.
    const made = await setRole(maker, id, a.username, "ADMIN");
    expect(made.status).toBe(200);
    expect(await json(made)).toMatchObject({
      username: a.username,
      is_admin: true,
      message: { message_type: "ADMIN_ADDED" },
    });
    expect(await sb.next("ADMIN_ADDED")).toMatchObject({
      message_sender: { username: maker.username },
      system: { user: { username: a.username } },
      group: { total_members: 4 },
    });
    expect((await threadOf(a, id)) as unknown as ChatThread).toMatchObject({ is_admin: true });
    const listed = await json<{ list: GroupMemberItem[] }>(await members(c, id));
    expect(listed.list.slice(0, 2).map((m) => [m.username, m.is_admin])).toEqual([
      [maker.username, true],
      [a.username, true],
    ]);
    // Again changes nothing and tells nobody.
    const again = await json<{ message: unknown }>(await setRole(maker, id, a.username, "ADMIN"));
    expect(again.message).toBeNull();

    // The new admin manages: names b, then takes it back; neither may demote or remove the maker.
    expect((await setRole(a, id, b.username, "ADMIN")).status).toBe(200);
    expect((await setRole(a, id, b.username, "MEMBER")).status).toBe(200);
    expect(await sb.next("ADMIN_REMOVED")).toMatchObject({ system: { user: { username: b.username } } });
    const demoteMaker = await setRole(a, id, maker.username, "MEMBER");
    expect(demoteMaker.status).toBe(403);
    expect(await detail(demoteMaker)).toBe(CHAT_MSG.makerStaysAdmin);
    expect((await setRole(maker, id, maker.username, "MEMBER")).status).toBe(403);
    expect((await remove(a, id, maker.username)).status).toBe(403);
    expect((await threadOf(b, id)) as unknown as ChatThread).toMatchObject({ is_admin: false });
    expect((await add(b, id, (await createUser()).username)).status).toBe(403);

    // The maker takes a's back; then a manages nothing.
    expect((await setRole(maker, id, a.username, "MEMBER")).status).toBe(200);
    expect((await setRole(a, id, b.username, "ADMIN")).status).toBe(403);
    // Once the maker has left, the group's one admin stays one until they name another.
    expect((await setRole(maker, id, c.username, "ADMIN")).status).toBe(200);
    expect((await leave(maker, id)).status).toBe(200);
    const last = await setRole(c, id, c.username, "MEMBER");
    expect(last.status).toBe(409);
    expect(await detail(last)).toBe(CHAT_MSG.lastAdmin);
    expect((await setRole(c, id, a.username, "ADMIN")).status).toBe(200);
    expect((await setRole(c, id, c.username, "MEMBER")).status).toBe(200);
    expect((await threadOf(c, id)) as unknown as ChatThread).toMatchObject({ is_admin: false });
    const lines = (await messageList(b, id)).list.map((m) => m.message_type);
    expect(lines.filter((t) => t === "ADMIN_ADDED")).toHaveLength(4);
    expect(lines.filter((t) => t === "ADMIN_REMOVED")).toHaveLength(3);
    sb.close();
  });
});

describe("replies in chat", () => {
  it("carry what they answer, and refuse another thread's message", async () => {
    const a = await createUser({ profileName: "Ada" });
    const b = await createUser();
    const id = await startThread(a, b);
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    const long = `Where do we meet? ${"x".repeat(300)}`;
    sa.send({ message_type: "TEXT", text: long });
    const original = await sb.next("TEXT", (f) => f.text === long);
    sb.send({ message_type: "TEXT", text: "At the station", reply_to: original.id });
    const reply = await sa.next("TEXT", (f) => f.text === "At the station");
    expect(reply.reply_to).toMatchObject({
      id: original.id,
      sender: { username: a.username, profile_name: "Ada" },
      message_type: "TEXT",
      deleted: false,
    });
    expect(reply.reply_to!.text!.startsWith("Where do we meet?")).toBe(true);
    expect([...reply.reply_to!.text!].length).toBeLessThanOrEqual(120);
    const listed = (await messageList(a, id)).list[0] as unknown as ChatMessage;
    expect(listed.reply_to?.id).toBe(original.id);
    // A message without a reply says so.
    expect(original.reply_to).toBeNull();

    // Another thread's message id is refused, and nothing is stored.
    const other = await startThread(a, await createUser());
    const so = await openSocket(a, other);
    so.send({ message_type: "TEXT", text: "Elsewhere" });
    const elsewhere = await so.next("TEXT", (f) => f.text === "Elsewhere");
    sb.send({ message_type: "TEXT", text: "Wrong thread", reply_to: elsewhere.id + 1000 });
    const refused = await sb.next("ERROR");
    expect(refused.text).toBe(CHAT_MSG.replyNotFound);
    expect((await messageList(b, id)).list.map((m) => m.text)).not.toContain("Wrong thread");
    sb.send({ message_type: "TEXT", text: "Bad id", reply_to: "one" });
    expect((await sb.next("ERROR", (f) => f.text !== CHAT_MSG.replyNotFound)).text).toMatch(/reply_to/);

    // A deleted original leaves the reply saying so, without its text.
    sa.send({ message_type: "DELETE", id: original.id });
    await sb.next("DELETE");
    const after = (await messageList(b, id)).list.find(
      (m) => m.text === "At the station",
    ) as unknown as ChatMessage;
    expect(after.reply_to).toMatchObject({ id: original.id, text: null, deleted: true });
    for (const s of [sa, sb, so]) s.close();
  });

  it("work in groups too, and a removed member's old token opens nothing", async () => {
    const maker = await createUser();
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const { public_id: id } = await groupOf(maker, [a, b]);
    const token = await socketToken(a, id);
    const sm = await openSocket(maker, id);
    sm.send({ message_type: "TEXT", text: "Question" });
    const q = await sm.next("TEXT", (f) => f.text === "Question");
    expect((await remove(maker, id, a.username)).status).toBe(200);
    expect((await upgrade(id, token)).status).toBe(403);
    const sb = await openSocket(b, id);
    sb.send({ message_type: "TEXT", text: "Answer", reply_to: q.id });
    const answer = await sm.next("TEXT", (f) => f.text === "Answer");
    expect(answer.reply_to).toMatchObject({
      id: q.id,
      text: "Question",
      sender: { username: maker.username },
    });
    sm.close();
    sb.close();
  });
});
