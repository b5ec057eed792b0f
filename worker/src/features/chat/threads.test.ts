import { describe, expect, it } from "vitest";
import { CHAT_MSG } from "#shared/schemas/chat.ts";
import { api, detail, env, form, json } from "#worker-test/api.ts";
import { CHAT, openSocket, socketToken, startThread } from "#worker-test/chat.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { block } from "#worker-test/rows.ts";

const create = (who: TestUser, username: string) =>
  api(`${CHAT}/thread`, { method: "POST", headers: who.auth, body: form({ username }) });

interface ThreadJson {
  public_id: string;
  chat_thread_type: string;
  chat_thread_user_list: Array<{
    username: string;
    profile_name: string | null;
    profile_image: string | null;
  }>;
  total_unread_messages: number;
  created_at: string;
  last_message: unknown;
  updated_at: string;
}

describe("starting a chat", () => {
  it("creates one personal thread per pair, whoever starts it", async () => {
    const a = await createUser();
    const b = await createUser({ profileName: "Bea" });
    const first = await create(a, b.username);
    expect(first.status).toBe(201);
    const { public_id } = await json<{ public_id: string }>(first);
    expect(public_id).toMatch(/^[a-z2-9]{16}$/);
    const again = await create(b, a.username);
    expect(again.status).toBe(200);
    expect((await json<{ public_id: string }>(again)).public_id).toBe(public_id);
    // JSON works as well as a form, and the name is lowercased with spaces removed.
    const asJson = await api(`${CHAT}/thread`, {
      method: "POST",
      headers: { ...a.auth, "content-type": "application/json" },
      body: JSON.stringify({ username: ` ${b.username.toUpperCase().split("").join(" ")} ` }),
    });
    expect(asJson.status).toBe(200);
    expect((await json<{ public_id: string }>(asJson)).public_id).toBe(public_id);
  });

  it("refuses oneself, unknown people, and anyone across a block", async () => {
    const me = await createUser();
    const self = await create(me, me.username);
    expect(self.status).toBe(403);
    expect(await detail(self)).toBe(CHAT_MSG.withYourself);

    const ghost = await create(me, "nobodyhere123");
    expect(ghost.status).toBe(404);
    expect(await detail(ghost)).toBe(CHAT_MSG.userNotFound);
    const unconfirmed = await createUser({ status: "UNCONFIRMED" });
    expect((await create(me, unconfirmed.username)).status).toBe(404);
    const deleted = await createUser({ deletedAt: Date.now() });
    expect((await create(me, deleted.username)).status).toBe(404);

    const blocker = await createUser();
    await block(blocker, me);
    const blockedMe = await create(me, blocker.username);
    expect(blockedMe.status).toBe(403);
    expect(await detail(blockedMe)).toBe(CHAT_MSG.blocked);

    const blockee = await createUser();
    await block(me, blockee);
    expect((await create(me, blockee.username)).status).toBe(403);
    expect((await create(blockee, me.username)).status).toBe(403);
  });

  it("respects the new-chat setting, but keeps an existing conversation", async () => {
    const me = await createUser();
    const quiet = await createUser({ allowNewChat: false });
    const refused = await create(me, quiet.username);
    expect(refused.status).toBe(403);
    expect(await detail(refused)).toBe(CHAT_MSG.newChatsOff);
    const list = await json<{ total_list: number }>(await api(`${CHAT}/thread/list`, { headers: me.auth }));
    expect(list.total_list).toBe(0);

    // Someone who turns new chats off later can still be reached in the thread they have.
    const friend = await createUser();
    const existing = await startThread(me, friend);
    await env.DB.prepare("UPDATE users SET allow_new_chat = 0 WHERE id = ?1").bind(friend.id).run();
    const res = await create(me, friend.username);
    expect(res.status).toBe(200);
    expect((await json<{ public_id: string }>(res)).public_id).toBe(existing);
  });

  it("follows the ALLOW_NEW_CHAT setting as its owner switches it", async () => {
    const me = await createUser();
    const other = await createUser();
    const toggle = () =>
      api("/api/v1/private/user/setting/boolean?user_boolean_setting=ALLOW_NEW_CHAT", {
        method: "PATCH",
        headers: other.auth,
      });
    expect((await toggle()).status).toBe(200);
    expect((await create(me, other.username)).status).toBe(403);
    expect((await toggle()).status).toBe(200);
    expect((await create(me, other.username)).status).toBe(201);
  });

  it("validates the body and needs a session", async () => {
    const me = await createUser();
    const missing = await api(`${CHAT}/thread`, { method: "POST", headers: me.auth, body: form({}) });
    expect(missing.status).toBe(422);
    expect(await detail(missing)).toMatch(/^username: /);
    const noBody = await api(`${CHAT}/thread`, { method: "POST", headers: me.auth });
    expect(noBody.status).toBe(415);
    expect((await api(`${CHAT}/thread`, { method: "POST", body: form({ username: "x" }) })).status).toBe(401);
  });
});

describe("looking up a personal thread before starting it", () => {
  const find = (who: TestUser, username: string) =>
    api(`${CHAT}/thread/personal?username=${encodeURIComponent(username)}`, { headers: who.auth });
  const threadCount = async (who: TestUser) =>
    (await json<{ total_list: number }>(await api(`${CHAT}/thread/list`, { headers: who.auth }))).total_list;

  it("answers null and the person, and creates nothing; then the thread once there is one", async () => {
    const me = await createUser();
    const other = await createUser({ profileName: "Olga", profileImage: "/media/seed/o.svg" });
    const before = await find(me, ` ${other.username.toUpperCase()} `);
    expect(before.status).toBe(200);
    expect(await json(before)).toEqual({
      public_id: null,
      user: { username: other.username, profile_name: "Olga", profile_image: "/media/seed/o.svg" },
    });
    expect(await threadCount(me)).toBe(0);
    expect(await threadCount(other)).toBe(0);

    const id = await startThread(other, me);
    const after = await json<{ public_id: string | null }>(await find(me, other.username));
    expect(after.public_id).toBe(id);
  });

  it("refuses as starting would: oneself, unknown people, blocks, new chats off", async () => {
    const me = await createUser();
    const self = await find(me, me.username);
    expect(self.status).toBe(403);
    expect(await detail(self)).toBe(CHAT_MSG.withYourself);
    const ghost = await find(me, "nobodyhere123");
    expect(ghost.status).toBe(404);
    expect(await detail(ghost)).toBe(CHAT_MSG.userNotFound);

    const blocker = await createUser();
    await block(blocker, me);
    const blocked = await find(me, blocker.username);
    expect(blocked.status).toBe(403);
    expect(await detail(blocked)).toBe(CHAT_MSG.blocked);

    const quiet = await createUser({ allowNewChat: false });
    const off = await find(me, quiet.username);
    expect(off.status).toBe(403);
    expect(await detail(off)).toBe(CHAT_MSG.newChatsOff);
    // ...but an existing conversation with them is still found.
    const friend = await createUser();
    const existing = await startThread(me, friend);
    await env.DB.prepare("UPDATE users SET allow_new_chat = 0 WHERE id = ?1").bind(friend.id).run();
    expect((await json<{ public_id: string }>(await find(me, friend.username))).public_id).toBe(existing);

    expect((await api(`${CHAT}/thread/personal`, { headers: me.auth })).status).toBe(422);
    expect((await api(`${CHAT}/thread/personal?username=x`)).status).toBe(401);
  });
});

describe("threads", () => {
  it("lists the caller's threads with the spec's fields, and shows one", async () => {
    const me = await createUser({ profileName: "Me Myself" });
    const other = await createUser({ profileName: "Other One", profileImage: "/media/seed/x.svg" });
    const id = await startThread(me, other);
    const res = await api(`${CHAT}/thread/list`, { headers: me.auth });
    expect(res.status).toBe(200);
    const page = await json<{ list: ThreadJson[]; total_list: number; total_pages: number }>(res);
    expect(page.total_list).toBe(1);
    expect(page.total_pages).toBe(1);
    const thread = page.list[0]!;
    expect(thread).toMatchObject({
      public_id: id,
      chat_thread_type: "PERSONAL",
      total_unread_messages: 0,
      last_message: null,
    });
    expect(thread.chat_thread_user_list).toEqual(
      expect.arrayContaining([
        { username: me.username, profile_name: "Me Myself", profile_image: null },
        { username: other.username, profile_name: "Other One", profile_image: "/media/seed/x.svg" },
      ]),
    );
    expect(thread.created_at).toBe(thread.updated_at);
    const one = await api(`${CHAT}/thread?public_id=${id}`, { headers: other.auth });
    expect(one.status).toBe(200);
    expect((await json<ThreadJson>(one)).public_id).toBe(id);
  });

  it("is empty for someone new, and pages with skip and limit", async () => {
    const me = await createUser();
    const empty = await json<{ list: unknown[]; total_list: number; total_pages: number }>(
      await api(`${CHAT}/thread/list`, { headers: me.auth }),
    );
    expect(empty).toEqual({ list: [], total_list: 0, total_pages: 0 });
    for (let i = 0; i < 3; i++) await startThread(me, await createUser());
    const page = await json<{ list: unknown[]; total_list: number; total_pages: number }>(
      await api(`${CHAT}/thread/list?skip=2&limit=2`, { headers: me.auth }),
    );
    expect(page.list).toHaveLength(1);
    expect(page.total_list).toBe(3);
    expect(page.total_pages).toBe(2);
    expect((await api(`${CHAT}/thread/list?limit=1000`, { headers: me.auth })).status).toBe(422);
  });

  it("shows nothing of a thread to people outside it", async () => {
    const a = await createUser();
    const b = await createUser();
    const id = await startThread(a, b);
    const outsider = await createUser();
    const paths = [
      `${CHAT}/thread?public_id=${id}`,
      `${CHAT}/thread/message/list?public_id=${id}`,
      `${CHAT}/thread/user/list?public_id=${id}`,
    ];
    for (const path of paths) {
      const res = await api(path, { headers: outsider.auth });
      expect(res.status, path).toBe(404);
      expect(await detail(res)).toBe(CHAT_MSG.threadNotFound);
      expect((await api(path)).status, path).toBe(401);
    }
    expect((await api(`${CHAT}/thread?public_id=nosuchthread`, { headers: a.auth })).status).toBe(404);
  });

  it("lists a thread's participants", async () => {
    const a = await createUser();
    const b = await createUser();
    const id = await startThread(a, b);
    const page = await json<{ list: Array<{ username: string }>; total_list: number }>(
      await api(`${CHAT}/thread/user/list?public_id=${id}`, { headers: b.auth }),
    );
    expect(page.total_list).toBe(2);
    expect(page.list.map((u) => u.username).sort()).toEqual([a.username, b.username].sort());
  });

  it("gives no socket token across a block made after the thread", async () => {
    const a = await createUser();
    const b = await createUser();
    const id = await startThread(a, b);
    await socketToken(a, id);
    await block(b, a);
    const res = await api(`${CHAT}/websocket/auth?public_id=${id}`, { method: "POST", headers: a.auth });
    expect(res.status).toBe(403);
    expect(await detail(res)).toBe(CHAT_MSG.blocked);
  });
});

describe("finding people", () => {
  it("searches usernames by prefix, lowercased and without spaces", async () => {
    const me = await createUser();
    const tag = `zq${Math.floor(Math.random() * 1e6)}`;
    const exact = await createUser({ username: tag });
    const longer = await createUser({ username: `${tag}x` });
    const quiet = await createUser({ username: `${tag}q`, allowNewChat: false });
    const res = await api(`${CHAT}/user/list?username=${encodeURIComponent(` ${tag.toUpperCase()} `)}`, {
      headers: me.auth,
    });
    expect(res.status).toBe(200);
    const page = await json<{
      list: Array<{ username: string; allow_new_chat: boolean }>;
      total_list: number;
    }>(res);
    expect(page.total_list).toBe(3);
    expect(page.list[0]!.username).toBe(exact.username);
    expect(page.list.map((u) => u.username).sort()).toEqual(
      [exact.username, longer.username, quiet.username].sort(),
    );
    expect(page.list.find((u) => u.username === quiet.username)!.allow_new_chat).toBe(false);
  });

  it("leaves out the caller and people who block them, and flags people they block", async () => {
    const tag = `zb${Math.floor(Math.random() * 1e6)}`;
    const me = await createUser({ username: `${tag}me` });
    const blocker = await createUser({ username: `${tag}blocker` });
    const blocked = await createUser({ username: `${tag}blocked` });
    await block(blocker, me);
    await block(me, blocked);
    const page = await json<{ list: Array<{ username: string; is_blocked: boolean }> }>(
      await api(`${CHAT}/user/list?username=${tag}`, { headers: me.auth }),
    );
    expect(page.list).toEqual([expect.objectContaining({ username: blocked.username, is_blocked: true })]);
    const none = await json<{ list: unknown[]; total_list: number }>(
      await api(`${CHAT}/user/list?username=`, { headers: me.auth }),
    );
    expect(none.total_list).toBe(0);
    // Wildcards are letters like any other, not patterns.
    const wild = await json<{ total_list: number }>(
      await api(`${CHAT}/user/list?username=%25`, { headers: me.auth }),
    );
    expect(wild.total_list).toBe(0);
  });

  it("lists the people the caller has chatted with, most recent first", async () => {
    const me = await createUser();
    const x = await createUser();
    const y = await createUser();
    const withX = await startThread(me, x);
    await startThread(y, me);
    const people = async () =>
      (
        await json<{ list: Array<{ username: string }> }>(
          await api(`${CHAT}/user/list/personal`, { headers: me.auth }),
        )
      ).list.map((u) => u.username);
    expect(await people()).toEqual([y.username, x.username]);
    const sx = await openSocket(x, withX);
    sx.send({ message_type: "TEXT", text: "ping me" });
    await sx.next("TEXT");
    await expect.poll(people).toEqual([x.username, y.username]);
  });
});
