import { createMessageBatch } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Page } from "#shared/api.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import { handleQueue, type JobMessage } from "#worker/queue.ts";
import { api, deps, env, form, json } from "#worker-test/api.ts";
import { noticesOf } from "#worker-test/notices.ts";
import { createAdmin, createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost, removeByStaff } from "#worker-test/posts.ts";
import { type NoticeJob, notify } from "./service";

const list = async (auth: Record<string, string>, query = "") => {
  const res = await api(`/api/v1/private/user/notification/list${query}`, { headers: auth });
  expect(res.status).toBe(200);
  return json<Page<Notification>>(res);
};
const unread = async (auth: Record<string, string>) =>
  (
    await json<{ unread_notifications: number }>(
      await api("/api/v1/private/user/unread/data", { headers: auth }),
    )
  ).unread_notifications;

describe("notifications", () => {
  it("lists by when things happened, not by when the rows were written", async () => {
    const me = await createUser();
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    // Written oldest-last, as the demo seed writes notifications from older follows and comments.
    for (const [kind, ago] of [
      ["COMMENT", 1],
      ["FOLLOWER", 30],
      ["REPLY", 5],
    ] as const) {
      await env.DB.prepare(
        "INSERT INTO notifications (user_id, kind, link, is_read, created_at) VALUES (?1, ?2, '/x', 0, ?3)",
      )
        .bind(me.id, kind, now - ago * hour)
        .run();
    }
    expect((await list(me.auth)).list.map((n) => n.kind)).toEqual(["COMMENT", "REPLY", "FOLLOWER"]);
    expect((await list(me.auth, "?unread=true")).list.map((n) => n.kind)).toEqual([
      "COMMENT",
      "REPLY",
      "FOLLOWER",
    ]);
  });

  it("lists a user's notifications newest first with the actor, and unread ones on their own", async () => {
    const me = await createUser();
    const fan = await createUser({ profileName: "A Fan" });
    await notify(deps, {
      userId: me.id,
      kind: "FOLLOWER",
      actorId: fan.id,
      link: `/user/${fan.username}`,
      text: null,
    });
    await notify(deps, {
      userId: me.id,
      kind: "COMMENT",
      actorId: fan.id,
      link: "/c/x/p/abc/title",
      text: `<p>Nice   <strong>post</strong> &amp; ${"long ".repeat(60)}</p>`,
    });
    const all = await list(me.auth);
    expect(all.total_list).toBe(2);
    expect(all.list.map((n) => n.kind)).toEqual(["COMMENT", "FOLLOWER"]);
    expect(all.list[0]).toMatchObject({
      actor: { username: fan.username, profile_name: "A Fan" },
      link: "/c/x/p/abc/title",
      is_read: false,
    });
    expect(all.list[0]!.text).toMatch(/^Nice post & long long/);
    expect(all.list[0]!.text!.length).toBeLessThanOrEqual(160);
    expect(all.list[0]!.text!.endsWith("…")).toBe(true);
    expect(await unread(me.auth)).toBe(2);

    const one = await api(`/api/v1/private/user/notification/read?id=${all.list[1]!.id}`, {
      method: "PATCH",
      headers: me.auth,
    });
    expect(await json(one)).toEqual({ updated: 1, unread_notifications: 1 });
    const unreadOnly = await list(me.auth, "?unread=true");
    expect(unreadOnly.list.map((n) => n.kind)).toEqual(["COMMENT"]);
    expect(await unread(me.auth)).toBe(1);

    const rest = await api("/api/v1/private/user/notification/read", { method: "PATCH", headers: me.auth });
    expect(await json(rest)).toEqual({ updated: 1, unread_notifications: 0 });
    expect((await list(me.auth, "?unread=true")).list).toEqual([]);
    expect((await list(me.auth)).list.every((n) => n.is_read)).toBe(true);
    expect(await unread(me.auth)).toBe(0);
  });

  it("never shows or marks someone else's notifications", async () => {
    const me = await createUser();
    const other = await createUser();
    const actor = await createUser();
    await notify(deps, {
      userId: other.id,
      kind: "UPVOTE",
      actorId: actor.id,
      link: null,
      text: null,
    });
    expect((await list(me.auth)).list).toEqual([]);
    const theirs = await env.DB.prepare("SELECT id FROM notifications WHERE user_id = ?1")
      .bind(other.id)
      .first<{ id: number }>();
    const res = await api(`/api/v1/private/user/notification/read?id=${theirs!.id}`, {
      method: "PATCH",
      headers: me.auth,
    });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ detail: "Notification not found", code: "not_found" });
    expect(await unread(other.auth)).toBe(1);
    expect((await api("/api/v1/private/user/notification/list")).status).toBe(401);
  });

  it("respects each kind's setting, one's own actions and blocks", async () => {
    const me = await createUser({ notifyUpvote: false, notifyComment: false });
    const actor = await createUser();
    const base = { userId: me.id, actorId: actor.id, link: null, text: null };
    expect(await notify(deps, { ...base, kind: "UPVOTE" })).toBe(false);
    expect(await notify(deps, { ...base, kind: "COMMENT" })).toBe(false);
    expect(await notify(deps, { ...base, kind: "REPLY" })).toBe(false);
    expect(await notify(deps, { ...base, kind: "MENTION" })).toBe(true);
    expect(await notify(deps, { ...base, kind: "MENTION", actorId: me.id })).toBe(false);
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, 1)")
      .bind(me.id, actor.id)
      .run();
    expect(await notify(deps, { ...base, kind: "MENTION" })).toBe(false);
    expect(await notify(deps, { ...base, kind: "FOLLOWER", userId: actor.id, actorId: me.id })).toBe(false);
    expect((await list(me.auth)).total_list).toBe(1);
  });

  it("refuses a bad id or paging with a 422", async () => {
    const me = await createUser();
    const res = await api("/api/v1/private/user/notification/read?id=abc", {
      method: "PATCH",
      headers: me.auth,
    });
    expect(res.status).toBe(422);
    expect((await api("/api/v1/private/user/notification/list?limit=0", { headers: me.auth })).status).toBe(
      422,
    );
  });
});

const vote = (user: TestUser, publicId: string) =>
  api(`/api/v1/private/user/micropost/vote?public_id=${publicId}`, { method: "PATCH", headers: user.auth });
const follow = (user: TestUser, username: string) =>
  api(`/api/v1/private/user/follow?username=${username}`, { method: "POST", headers: user.auth });
const markRead = (user: TestUser, id?: number) =>
  api(`/api/v1/private/user/notification/read${id === undefined ? "" : `?id=${id}`}`, {
    method: "PATCH",
    headers: user.auth,
  });
const inD1 = async (userId: number) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?1")
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

// docs/decisions/210: the notices of votes, comments and follows live in the person's inbox object.
describe("notices kept in the person's inbox", () => {
  it("lists a vote's and a follow's notices beside D1's, counts them and marks them read, none in D1", async () => {
    const me = await createUser();
    const fan = await createUser();
    const post = await newPost(me, await newCommunity(me));
    expect((await vote(fan, post.public_id)).status).toBe(200);
    expect((await follow(fan, me.username)).status).toBe(200);
    await notify(deps, { userId: me.id, kind: "MENTION", actorId: fan.id, link: "/c/x/p/zz/t", text: "hi" });
    const page = await list(me.auth);
    expect(page.list.map((n) => [n.kind, n.actor?.username, n.is_read])).toEqual([
      ["MENTION", fan.username, false],
      ["FOLLOWER", fan.username, false],
      ["UPVOTE", fan.username, false],
    ]);
    expect(page.total_list).toBe(3);
    // Only the mention (not a social write's notice) is a D1 row.
    expect(await inD1(me.id)).toBe(1);
    expect(await unread(me.auth)).toBe(3);
    // Paging reads one list across both.
    expect((await list(me.auth, "?skip=1&limit=1")).list.map((n) => n.kind)).toEqual(["FOLLOWER"]);

    const upvote = page.list[2]!;
    const one = await json<{ updated: number; unread_notifications: number }>(await markRead(me, upvote.id));
    expect(one).toEqual({ updated: 1, unread_notifications: 2 });
    expect(await json(await markRead(me, upvote.id))).toEqual({ updated: 0, unread_notifications: 2 });
    expect((await list(me.auth, "?unread=true")).list.map((n) => n.kind)).toEqual(["MENTION", "FOLLOWER"]);
    // Someone else cannot mark it read: their own inbox has no such notice.
    expect((await markRead(fan, page.list[1]!.id)).status).toBe(404);
    expect(await json(await markRead(me))).toEqual({ updated: 2, unread_notifications: 0 });
    expect(await unread(me.auth)).toBe(0);
  });

  it("keeps a notice the queue delivers twice once, and counts it once", async () => {
    const me = await createUser();
    const fan = await createUser();
    const job: NoticeJob = {
      kind: "notice",
      userId: me.id,
      delivery: {
        notice: {
          key: `UPVOTE:${fan.id}:/c/x/p/q1/t:1700000000000`,
          kind: "UPVOTE",
          actorId: fan.id,
          link: "/c/x/p/q1/t",
          text: "A title",
          createdAt: Date.now(),
        },
        actor: null,
        muted: false,
        unread: null,
      },
    };
    for (const attempt of [1, 2]) {
      const batch = createMessageBatch<JobMessage>("agora-jobs", [
        { id: `notice-${attempt}`, timestamp: new Date(), attempts: attempt, body: job },
      ]);
      await handleQueue(batch, deps);
    }
    expect((await noticesOf(me)).map((n) => [n.kind, n.text, n.actor?.username])).toEqual([
      ["UPVOTE", "A title", fan.username],
    ]);
    expect(await unread(me.auth)).toBe(1);
  });

  it("tells a follower's notice once while it is unread, and none of a post staff removed", async () => {
    const me = await createUser();
    const fan = await createUser();
    const post = await newPost(me, await newCommunity(me));
    await follow(fan, me.username);
    await api(`/api/v1/private/user/follow?username=${me.username}`, { method: "DELETE", headers: fan.auth });
    await follow(fan, me.username);
    await vote(fan, post.public_id);
    expect((await noticesOf(me)).map((n) => n.kind)).toEqual(["UPVOTE", "FOLLOWER"]);
    await removeByStaff(await createAdmin(), post, me, fan);
    // The author hears of the removal (a D1 notice); the vote on the removed post is not shown.
    const page = await list(me.auth);
    expect(page.list.map((n) => n.kind)).toEqual(["MODERATION", "FOLLOWER"]);
    expect(page.total_list).toBe(2);
  });

  it("drops the notices an account's inbox kept when the account is deleted", async () => {
    const me = await createUser();
    const fan = await createUser();
    await follow(fan, me.username);
    const inbox = env.INBOX.get(env.INBOX.idFromName(`user:${me.id}`));
    expect((await inbox.exportNotices(me.id)).map((n) => n.kind)).toEqual(["FOLLOWER"]);
    const gone = await api("/api/v1/private/user/auth/delete/account", {
      method: "DELETE",
      headers: me.auth,
      body: form({ username: me.username, password: "password" }),
    });
    expect(gone.status).toBe(202);
    expect(await inbox.exportNotices(me.id)).toEqual([]);
  });
});

const joinCommunity = (user: TestUser, name: string) =>
  api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", headers: user.auth });
const leaveCommunity = (user: TestUser, name: string) =>
  api(`/api/v1/private/user/community/leave?name=${name}`, { method: "DELETE", headers: user.auth });
const react = (user: TestUser, publicId: string, emoji: string) =>
  api("/api/v1/private/user/reaction", {
    method: "PUT",
    headers: { ...user.auth, "content-type": "application/json" },
    body: JSON.stringify({ target_type: "POST", public_id: publicId, emoji }),
  });
const inD1Of = async (userId: number, kind: string) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?1 AND kind = ?2")
      .bind(userId, kind)
      .first<{ n: number }>()
  )?.n;

// docs/decisions/223: mentions, community joins and reactions are kept by the person's inbox too.
describe("mentions, joins and reactions kept in the person's inbox", () => {
  it("tells each person a post names, with its link and author, none in D1; a block or a setting tells nobody", async () => {
    const author = await createUser();
    const [ana, bo, blocker, quiet] = [
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser({ notifyMention: false }),
    ];
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, 1)")
      .bind(blocker.id, author.id)
      .run();
    const community = await newCommunity(author);
    const res = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: author.auth,
      body: form({
        title: "Named",
        body: `<p>@${ana.username} @${bo.username} @${blocker.username} @${quiet.username}</p>`,
        community_name: community,
      }),
    });
    expect(res.status).toBe(201);
    const { link } = await json<{ link: string }>(res);
    for (const person of [ana, bo]) {
      expect((await noticesOf(person)).map((n) => [n.kind, n.link, n.actor?.username, n.text])).toEqual([
        ["MENTION", link, author.username, "Named"],
      ]);
      expect(await unread(person.auth)).toBe(1);
      expect(await inD1Of(person.id, "MENTION")).toBe(0);
    }
    for (const person of [blocker, quiet]) expect(await noticesOf(person)).toEqual([]);
  });

  it("keeps a mention delivered again (the queue's retry, an edit naming them again) once", async () => {
    const author = await createUser();
    const named = await createUser();
    const post = await newPost(author, await newCommunity(author), { body: `<p>Hi @${named.username}</p>` });
    const [kept] = await noticesOf(named);
    expect(kept?.kind).toBe("MENTION");
    const job: NoticeJob = {
      kind: "notice",
      userId: named.id,
      delivery: {
        notice: {
          key: `MENTION:${kept!.link}`,
          kind: "MENTION",
          actorId: author.id,
          link: kept!.link,
          text: "A title",
          createdAt: Date.now(),
        },
        actor: null,
        muted: false,
        unread: null,
      },
    };
    await handleQueue(
      createMessageBatch<JobMessage>("agora-jobs", [
        { id: "mention-again", timestamp: new Date(), attempts: 2, body: job },
      ]),
      deps,
    );
    const edited = await api("/api/v1/private/user/micropost", {
      method: "PATCH",
      headers: { ...author.auth, "content-type": "application/json" },
      body: JSON.stringify({ public_id: post.public_id, body: `<p>Still @${named.username}, again</p>` }),
    });
    expect(edited.status).toBe(200);
    expect((await noticesOf(named)).map((n) => n.kind)).toEqual(["MENTION"]);
    expect(await unread(named.auth)).toBe(1);
  });

  it("tells a community's owner of each new member, not of a repeated join nor of a blocked person's", async () => {
    const owner = await createUser();
    const [ana, blocked] = [await createUser({ profileName: "Ana" }), await createUser()];
    const name = await newCommunity(owner);
    expect((await joinCommunity(ana, name)).status).toBe(200);
    expect((await joinCommunity(ana, name)).status).toBe(200);
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, 1)")
      .bind(owner.id, blocked.id)
      .run();
    expect((await joinCommunity(blocked, name)).status).toBe(200);
    const told = await noticesOf(owner);
    expect(told.map((n) => [n.kind, n.link, n.actor?.profile_name, n.text])).toEqual([
      ["COMMUNITY", `/c/${name}/members`, "Ana", `c/${name}`],
    ]);
    expect(await inD1Of(owner.id, "COMMUNITY")).toBe(0);
    // Leaving and joining again is a new member again.
    expect((await leaveCommunity(ana, name)).status).toBe(204);
    expect((await joinCommunity(ana, name)).status).toBe(200);
    expect((await noticesOf(owner)).map((n) => n.kind)).toEqual(["COMMUNITY", "COMMUNITY"]);
    expect(await unread(owner.auth)).toBe(2);
  });

  it("tells a post's author of a reaction from the inbox, none in D1, and marks it read there", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await newPost(author, await newCommunity(author));
    expect((await react(fan, post.public_id, "👍")).status).toBe(200);
    const [told] = await noticesOf(author);
    expect(told).toMatchObject({ kind: "REACTION", actor: { username: fan.username }, text: "A title" });
    expect(told!.link).toContain(`/p/${post.public_id}/`);
    expect(await inD1Of(author.id, "REACTION")).toBe(0);
    expect(await json(await markRead(author, told!.id))).toEqual({ updated: 1, unread_notifications: 0 });
  });
});
