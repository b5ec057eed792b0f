import { runInDurableObject } from "cloudflare:test";
import { sign } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { LIVE_BUFFER_FRAMES, LIVE_POST_BUFFER_FRAMES, type LivePostFrame } from "#shared/schemas/live.ts";
import { CLOSE_SESSION_ENDED, SessionRecheck } from "#worker/lib/sockets/resumable.ts";
import { api, env, form, json } from "#worker-test/api.ts";
import { converse, openSocket as openChatSocket, say, settle, startThread } from "#worker-test/chat.ts";
import {
  AUTH,
  type LiveSocket,
  liveToken,
  openLive,
  openPostLive,
  POST_AUTH,
  postToken,
  postTokenRequest,
  upgrade,
  upgradePost,
} from "#worker-test/live.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";
import { block } from "#worker-test/rows.ts";
import type { Inbox } from "./inbox";
import type { PostWatchers } from "./post-watchers";

async function follow(who: TestUser, whom: TestUser) {
  const res = await api(`/api/v1/private/user/follow?username=${whom.username}`, {
    method: "POST",
    headers: who.auth,
  });
  expect(res.status).toBe(200);
}

async function comment(who: TestUser, postId: string, body = "<p>Nice one</p>") {
  const res = await api("/api/v1/private/user/micropost/comment", {
    method: "POST",
    headers: who.auth,
    body: form({ parent_micropost_public_id: postId, body }),
  });
  expect(res.status).toBe(201);
}

const inboxOf = (user: TestUser) => env.INBOX.get(env.INBOX.idFromName(`user:${user.id}`));
/** The seq of each event a tab received (not of the frames about the socket itself). */
const seqs = (s: LiveSocket) =>
  s.frames.filter((f) => !["HELLO", "RESYNC", "PONG", "ERROR"].includes(f.type)).map((f) => f.seq);

describe("the live socket token", () => {
  it("opens one socket only: a second use is refused", async () => {
    const ada = await createUser();
    const token = await liveToken(ada);
    const first = await upgrade(token);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    const again = await upgrade(token);
    expect(again.status).toBe(401);
  });

  it("refuses a forged, chat, expired or missing token and a plain request", async () => {
    const ada = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: String(ada.id),
      kind: "live",
      ver: 0,
      jti: "a".repeat(22),
      iat: now,
      exp: now + 60,
    };
    expect((await upgrade(await sign(claims, "not-the-secret", "HS256"))).status).toBe(401);
    expect((await upgrade(await sign({ ...claims, kind: "chat" }, env.JWT_SECRET, "HS256"))).status).toBe(
      401,
    );
    expect((await upgrade(await sign({ ...claims, exp: now - 1 }, env.JWT_SECRET, "HS256"))).status).toBe(
      401,
    );
    expect((await upgrade(ada.token)).status).toBe(401);
    expect((await api("/api/v1/live/websocket/connect?token=")).status).toBe(422);
    const plain = await api(`/api/v1/live/websocket/connect?token=${await liveToken(ada)}`);
    expect(plain.status).toBe(426);
    expect((await api(AUTH, { method: "POST" })).status).toBe(401);
  });

  it("an inbox serves only its owner: another person's socket is refused there", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    await openLive(ada);
    const res = await inboxOf(ada).fetch(
      new Request("http://inbox/", {
        headers: {
          upgrade: "websocket",
          "x-agora-live-user-id": String(bob.id),
          "x-agora-live-token-version": "0",
          "x-agora-live-token-id": "b".repeat(22),
          "x-agora-live-token-expires": String(Date.now() + 60_000),
        },
      }),
    );
    expect(res.status).toBe(403);
  });
});

describe("events reach every open tab", () => {
  it("a follow: NOTIFICATION and UNREAD, on both tabs, with increasing seq", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const [tab1, tab2] = [await openLive(ada), await openLive(ada)];
    await follow(bob, ada);
    for (const tab of [tab1, tab2]) {
      const note = await tab.next("NOTIFICATION");
      expect(note.notification).toMatchObject({
        kind: "FOLLOWER",
        actor: { username: bob.username },
        is_read: false,
      });
      // Ada mutes nothing: the frame's copy is the row her list now starts with, and a tab may show it.
      expect(note.listed).toBe(true);
      const unread = await tab.next("UNREAD");
      expect(unread).toMatchObject({ unread_notifications: 1, total_unread: 1 });
      expect(unread.seq).toBeGreaterThan(note.seq);
    }
  });

  it("a mention and a new member, kept by the inbox (docs/decisions/223): NOTIFICATION and UNREAD", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const name = await newCommunity(ada);
    const tab = await openLive(ada);
    await comment(bob, (await newPost(bob, name)).public_id, `<p>Over to @${ada.username}</p>`);
    const mention = await tab.next("NOTIFICATION", (f) => f.notification.kind === "MENTION");
    expect(mention.notification).toMatchObject({ actor: { username: bob.username }, is_read: false });
    expect(mention.listed).toBe(true);
    expect(await tab.next("UNREAD", (f) => f.seq > mention.seq)).toMatchObject({ unread_notifications: 1 });
    const carol = await createUser();
    const joined = await api(`/api/v1/private/user/community/join?name=${name}`, {
      method: "POST",
      headers: carol.auth,
    });
    expect(joined.status).toBe(200);
    const member = await tab.next("NOTIFICATION", (f) => f.notification.kind === "COMMUNITY");
    expect(member.notification).toMatchObject({
      actor: { username: carol.username },
      link: `/c/${name}/members`,
    });
    expect(await tab.next("UNREAD", (f) => f.seq > member.seq)).toMatchObject({ unread_notifications: 2 });
  });

  it("UNREAD follows what the person read: after reading everything, a new follow counts one", async () => {
    const [ada, bob, cy] = [await createUser(), await createUser(), await createUser()];
    const tab = await openLive(ada);
    await follow(bob, ada);
    await tab.next("UNREAD", (f) => f.unread_notifications === 1);
    const read = await api("/api/v1/private/user/notification/read", {
      method: "PATCH",
      headers: ada.auth,
      body: form({}),
    });
    expect(read.status).toBe(200);
    await tab.next("UNREAD", (f) => f.unread_notifications === 0);
    await follow(cy, ada);
    const note = await tab.next("NOTIFICATION", (f) => f.notification.actor?.username === cy.username);
    const after = await tab.next("UNREAD", (f) => f.seq > note.seq);
    expect(after).toMatchObject({ unread_notifications: 1, total_unread: 1 });
  });

  it("a person who mutes a phrase: the counts the tabs get leave the muted notification out", async () => {
    const [ada, bob, cy] = [await createUser(), await createUser(), await createUser()];
    const mute = await api("/api/v1/private/user/filter", {
      method: "POST",
      headers: ada.auth,
      body: form({ phrase: "spoiler", contexts: "NOTIFICATIONS" }),
    });
    expect(mute.status).toBe(201);
    const post = await newPost(ada, await newCommunity(ada));
    const tab = await openLive(ada);
    await comment(bob, post.public_id, "<p>a spoiler about the ending</p>");
    await follow(cy, ada);
    const note = await tab.next("NOTIFICATION", (f) => f.notification.kind === "FOLLOWER");
    // Her lists leave muted notifications out, which the frame cannot know: the tab asks for the list.
    expect(note.listed).toBe(false);
    const after = await tab.next("UNREAD", (f) => f.seq > note.seq);
    expect(after).toMatchObject({ unread_notifications: 1, total_unread: 1 });
    const list = await json<{ list: Array<{ kind: string }> }>(
      await api("/api/v1/private/user/notification/list", { headers: ada.auth }),
    );
    expect(list.list.map((n) => n.kind)).toEqual(["FOLLOWER"]);
  });

  it("a chat message: CHAT_THREAD with the text and the unread count, and UNREAD", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const id = await startThread(ada, bob);
    const live = await openLive(bob);
    const chat = await openChatSocket(ada, id);
    chat.send({ message_type: "TEXT", text: "are you there?", client_id: "c1" });
    const frame = await live.next("CHAT_THREAD", (f) => f.total_unread_messages === 1);
    expect(frame).toMatchObject({ public_id: id, last_message: { text: "are you there?" } });
    await live.next("UNREAD", (f) => f.unread_chat_threads === 1);
  });
});

const vote = async (who: TestUser, postId: string) => {
  const res = await api(`/api/v1/private/user/micropost/vote?public_id=${postId}`, {
    method: "PATCH",
    headers: who.auth,
  });
  expect(res.status).toBe(200);
};
const postObjectOf = (postId: string) =>
  env.POST_WATCHERS.get(env.POST_WATCHERS.idFromName(`post:${postId}`));
const activities = (s: LiveSocket<LivePostFrame>) => s.frames.filter((f) => f.type === "POST_ACTIVITY");

describe("a post's own socket", () => {
  it("comments and votes reach every tab showing the post, and no other socket", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const community = await newCommunity(ada);
    const post = await newPost(ada, community);
    const other = await newPost(ada, community);
    const [tab1, tab2] = [await openPostLive(bob, post.public_id), await openPostLive(ada, post.public_id)];
    const elsewhere = await openPostLive(bob, other.public_id);
    const inbox = await openLive(bob);
    await comment(ada, post.public_id);
    for (const tab of [tab1, tab2]) {
      const activity = await tab.next("POST_ACTIVITY");
      expect(activity).toMatchObject({ public_id: post.public_id, total_micropost_comments: 1 });
    }
    await vote(ada, post.public_id);
    const voted = await tab1.next("POST_ACTIVITY", (f) => f.total_micropost_votes === 1);
    expect(voted.seq).toBeGreaterThan(activities(tab1)[0]!.seq);
    await settle();
    expect(activities(elsewhere)).toEqual([]);
    // The person's inbox carries nothing of it: one delivery per tab, not two.
    expect(inbox.frames.filter((f) => f.type !== "HELLO" && f.type !== "UNREAD")).toEqual([]);
  });

  it("a post the person may not see gets no token; a token opens one socket, of its own post only", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const community = await newCommunity(ada);
    const draft = await newPost(ada, community, { is_draft: "true" });
    expect((await postTokenRequest(bob, draft.public_id)).status).toBe(404);
    expect((await postTokenRequest(bob, "no-such-post")).status).toBe(404);
    expect((await api(`${POST_AUTH}?public_id=x`, { method: "POST" })).status).toBe(401);
    const [post, other] = [await newPost(ada, community), await newPost(ada, community)];
    const token = await postToken(bob, post.public_id);
    // Not another post's, not the inbox's; and the inbox's token does not open a post.
    expect((await upgradePost(other.public_id, token)).status).toBe(401);
    expect((await upgrade(token)).status).toBe(401);
    expect((await upgradePost(post.public_id, await liveToken(bob))).status).toBe(401);
    expect(
      (await api(`/api/v1/live/post/websocket/connect?public_id=${post.public_id}&token=${token}`)).status,
    ).toBe(426);
    const first = await upgradePost(post.public_id, token);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    expect((await upgradePost(post.public_id, token)).status).toBe(401);
  });

  it("the post's object serves its own post only, and only upgrades the Worker forwards", async () => {
    const ada = await createUser();
    const post = await newPost(ada, await newCommunity(ada));
    await openPostLive(ada, post.public_id);
    const forged = (postId: string) =>
      postObjectOf(post.public_id).fetch(
        new Request("http://post/", {
          headers: {
            upgrade: "websocket",
            "x-agora-live-post-id": postId,
            "x-agora-live-user-id": String(ada.id),
            "x-agora-live-token-version": "0",
            "x-agora-live-token-id": "c".repeat(22),
            "x-agora-live-token-expires": String(Date.now() + 60_000),
          },
        }),
      );
    expect((await forged("another-post")).status).toBe(403);
    expect((await postObjectOf(post.public_id).fetch(new Request("http://post/"))).status).toBe(426);
  });

  it("activity by someone on either side of a block never reaches that person's tab, nor its RESUME", async () => {
    const [ada, bob, mallory, eve] = [
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser(),
    ];
    const post = await newPost(ada, await newCommunity(ada));
    const bobs = await openPostLive(bob, post.public_id);
    const eves = await openPostLive(eve, post.public_id);
    const adas = await openPostLive(ada, post.public_id);
    await block(bob, mallory);
    await block(mallory, eve);
    await comment(mallory, post.public_id, "<p>from someone blocked</p>");
    await vote(mallory, post.public_id);
    await adas.next("POST_ACTIVITY", (f) => f.total_micropost_votes === 1);
    await settle(300);
    expect([...activities(bobs), ...activities(eves)]).toEqual([]);
    // A tab of Bob's that reconnects and RESUMEs from before them is not given them either.
    const again = await openPostLive(bob, post.public_id);
    again.send({ type: "RESUME", after: bobs.frames[0]!.seq });
    await settle(300);
    expect(activities(again)).toEqual([]);
    // Someone else's comment arrives, with the counts as they are.
    await comment(ada, post.public_id);
    await bobs.next(
      "POST_ACTIVITY",
      (f) => f.total_micropost_comments === 2 && f.total_micropost_votes === 1,
    );
  });

  it("a tab that reconnects RESUMEs after its last seq and gets exactly what it missed; RESYNC past what is kept", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const post = await newPost(ada, await newCommunity(ada));
    const first = await openPostLive(bob, post.public_id);
    await comment(ada, post.public_id);
    const seen = await first.next("POST_ACTIVITY");
    first.close();
    await settle();
    await vote(ada, post.public_id);
    await comment(ada, post.public_id, "<p>second</p>");
    await expect
      .poll(() =>
        runInDurableObject(postObjectOf(post.public_id), (_o: PostWatchers, s) =>
          Number(s.storage.sql.exec("SELECT seq FROM post").one().seq),
        ),
      )
      .toBe(seen.seq + 2);
    const second = await openPostLive(bob, post.public_id);
    second.send({ type: "RESUME", after: seen.seq });
    const last = await second.next("POST_ACTIVITY", (f) => f.total_micropost_comments === 2);
    expect(last).toMatchObject({ total_micropost_votes: 1, seq: seen.seq + 2 });
    await settle();
    expect(activities(second).map((f) => f.seq)).toEqual([seen.seq + 1, seen.seq + 2]);
    // More than the object keeps, or a seq it never gave: RESYNC.
    for (let i = 0; i < LIVE_POST_BUFFER_FRAMES + 2; i++)
      await postObjectOf(post.public_id).activity(post.public_id, null);
    const late = await openPostLive(bob, post.public_id);
    late.send({ type: "RESUME", after: seen.seq });
    await late.next("RESYNC");
    const future = await openPostLive(bob, post.public_id);
    future.send({ type: "RESUME", after: 1_000_000 });
    await future.next("RESYNC");
    future.send({ type: "RESUME", after: "yesterday" });
    await future.next("ERROR");
    expect(future.closed).toBeNull();
  });

  it("past the resume window the first event moves the seq and later ones write nothing; a RESUME from before gets RESYNC", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const post = await newPost(ada, await newCommunity(ada));
    const object = postObjectOf(post.public_id);
    const seq = () =>
      runInDurableObject(object, (_o: PostWatchers, s) =>
        Number(s.storage.sql.exec("SELECT seq FROM post").one().seq),
      );
    // The last tab left longer ago than the window keeps events for.
    const longGone = () =>
      runInDurableObject(object, (_o: PostWatchers, s) => {
        s.storage.sql.exec("UPDATE post SET gone_at = 1");
      });
    const first = await openPostLive(bob, post.public_id);
    await comment(ada, post.public_id);
    const seen = await first.next("POST_ACTIVITY");
    first.close();
    await settle();
    await longGone();
    await object.activity(post.public_id, null);
    expect(await seq()).toBe(seen.seq + 1);
    await object.activity(post.public_id, null);
    await vote(ada, post.public_id);
    await settle();
    expect(await seq()).toBe(seen.seq + 1);
    const back = await openPostLive(bob, post.public_id);
    expect(back.frames[0]).toMatchObject({ type: "HELLO", seq: seen.seq + 1 });
    back.send({ type: "RESUME", after: seen.seq });
    await back.next("RESYNC");
    // A tab was handed the seq since: the next event nobody can hear moves it again.
    back.close();
    await settle();
    await longGone();
    await object.activity(post.public_id, null);
    expect(await seq()).toBe(seen.seq + 2);
    const again = await openPostLive(bob, post.public_id);
    again.send({ type: "RESUME", after: seen.seq + 1 });
    await again.next("RESYNC");
  });

  it("a password change closes the person's post sockets with 4401 at once, with no activity on the post, and voids its tokens", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const post = await newPost(ada, await newCommunity(ada));
    const tab = await openPostLive(bob, post.public_id);
    const others = await openPostLive(ada, post.public_id);
    const unused = await postToken(bob, post.public_id);
    const res = await api("/api/v1/private/user/auth/update/password", {
      method: "PATCH",
      headers: bob.auth,
      body: form({ old_password: "password", new_password: "a-brand-new-password" }),
    });
    expect(res.status).toBe(202);
    await expect.poll(() => tab.closed?.code, { timeout: 5_000 }).toBe(CLOSE_SESSION_ENDED);
    expect(others.closed).toBeNull();
    expect((await upgradePost(post.public_id, unused)).status).toBe(401);
  });
});

describe("resuming", () => {
  it("a tab that reconnects RESUMEs after its last seq and gets exactly what it missed", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const first = await openLive(ada);
    await follow(bob, ada);
    const seen = await first.next("UNREAD");
    first.close();
    await settle();
    const carl = await createUser();
    await follow(carl, ada);
    // While no tab was open the inbox kept the events for a RESUME.
    await expect
      .poll(() =>
        runInDurableObject(inboxOf(ada), (_i: Inbox, s) =>
          Number(s.storage.sql.exec("SELECT seq FROM inbox").one().seq),
        ),
      )
      .toBeGreaterThan(seen.seq + 1);
    const second = await openLive(ada);
    second.send({ type: "RESUME", after: seen.seq });
    const missed = await second.next("NOTIFICATION");
    expect(missed.notification.actor?.username).toBe(carl.username);
    await second.next("UNREAD", (f) => f.unread_notifications === 2);
    await settle();
    const replayed = seqs(second).filter((s) => s > seen.seq);
    expect(new Set(replayed).size).toBe(replayed.length);
    expect(replayed).toEqual([seen.seq + 1, seen.seq + 2]);
  });

  it("RESYNC when the tab missed more than the inbox keeps, or names a seq it never gave", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const tab = await openLive(ada);
    await follow(bob, ada);
    await tab.next("UNREAD");
    const events = Array.from({ length: LIVE_BUFFER_FRAMES + 5 }, () => ({
      type: "UNREAD" as const,
      unread_notifications: 0,
      unread_chat_threads: 0,
      total_unread: 0,
    }));
    await inboxOf(ada).deliver(ada.id, events);
    const late = await openLive(ada);
    late.send({ type: "RESUME", after: 1 });
    await late.next("RESYNC");
    const future = await openLive(ada);
    future.send({ type: "RESUME", after: 1_000_000 });
    await future.next("RESYNC");
  });

  it("refuses a malformed frame with an ERROR and keeps the socket", async () => {
    const ada = await createUser();
    const tab = await openLive(ada);
    tab.send({ type: "RESUME", after: "yesterday" });
    await tab.next("ERROR");
    tab.send({ type: "PING" });
    await tab.next("PONG");
    expect(tab.closed).toBeNull();
  });
});

describe("revocation", () => {
  it("a revoked session closes the person's live sockets with 4401 and voids older tokens", async () => {
    const ada = await createUser();
    const tab = await openLive(ada);
    const unused = await liveToken(ada);
    const res = await api("/api/v1/private/user/auth/update/password", {
      method: "PATCH",
      headers: ada.auth,
      body: form({ old_password: "password", new_password: "a-brand-new-password" }),
    });
    expect(res.status).toBe(202);
    await expect.poll(() => tab.closed?.code, { timeout: 5_000 }).toBe(CLOSE_SESSION_ENDED);
    expect((await upgrade(unused)).status).toBe(401);
  });

  it("a tab's opening counts as the account check: an inbox woken within 30 s reads no account", async () => {
    const ada = await createUser();
    await openLive(ada);
    await runInDurableObject(inboxOf(ada), async (_i: Inbox, state) => {
      let reads = 0;
      // The object as the runtime builds it again after a sleep, before any event came.
      await new SessionRecheck(() => state.storage.sql).run(async () => {
        reads += 1;
      });
      expect(reads, "the Worker read the account to let the tab in").toBe(0);
    });
  });

  it("a tab opened on a newer token version closes the older version's tabs, though nobody told the inbox", async () => {
    const ada = await createUser();
    const old = await openLive(ada);
    // The account's version moves and the inbox is not told (a revocation whose message was lost).
    await env.DB.prepare("UPDATE users SET token_version = token_version + 1 WHERE id = ?1")
      .bind(ada.id)
      .run();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: String(ada.id),
      kind: "live",
      ver: 1,
      jti: "b".repeat(22),
      iat: now,
      exp: now + 60,
    };
    const fresh = await openLive(ada, await sign(claims, env.JWT_SECRET, "HS256"));
    await expect.poll(() => old.closed?.code, { timeout: 5_000 }).toBe(CLOSE_SESSION_ENDED);
    await settle(200);
    expect(fresh.closed).toBeNull();
  });

  it("a notice carries the person's account: a session revoked without telling ends before the notice reaches it", async () => {
    const ada = await createUser();
    const tab = await openLive(ada);
    await follow(await createUser(), ada);
    await tab.next("NOTIFICATION");
    const before = tab.frames.length;
    // The last check is stale, and the token version moved in D1 with nobody telling the inbox.
    await runInDurableObject(inboxOf(ada), async (instance: Inbox) => {
      (instance as unknown as { recheck: { expire(): void } }).recheck.expire();
    });
    await env.DB.prepare("UPDATE users SET token_version = token_version + 1 WHERE id = ?1")
      .bind(ada.id)
      .run();
    await follow(await createUser(), ada);
    await expect.poll(() => tab.closed?.code, { timeout: 5_000 }).toBe(CLOSE_SESSION_ENDED);
    // The follow's own batch read the account: the tab was closed before the notice, not after a read.
    expect(tab.frames.slice(before).some((f) => f.type === "NOTIFICATION")).toBe(false);
  });

  it("an inbox woken from hibernation reads accounts again only when its last read is 30 s old", async () => {
    const ada = await createUser();
    const tab = await openLive(ada);
    await follow(await createUser(), ada);
    await tab.next("NOTIFICATION");
    await runInDurableObject(inboxOf(ada), async (_i: Inbox, state) => {
      let reads = 0;
      const read = async () => {
        reads += 1;
      };
      // The object as the runtime builds it again after a sleep: nothing in memory, its storage kept.
      const woken = new SessionRecheck(() => state.storage.sql);
      await woken.run(read);
      expect(reads, "the delivery's own check is under 30 s old").toBe(0);
      woken.expire();
      await woken.run(read);
      await new SessionRecheck(() => state.storage.sql).run(read);
      expect(reads, "one read once the last is stale, none again right after").toBe(1);
    });
  });
});

describe("presence among chat partners", () => {
  const presence = (s: LiveSocket) => s.frames.filter((f) => f.type === "PRESENCE");
  const hideOnline = async (user: TestUser) => {
    const res = await api("/api/v1/private/user/setting/boolean?user_boolean_setting=SHOW_ONLINE", {
      method: "PATCH",
      headers: user.auth,
    });
    expect(res.status).toBe(200);
    expect((await json<{ result: boolean }>(res)).result).toBe(false);
  };

  it("a partner's tabs see the person come online and go offline; a later tab gets who is online", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    await converse(ada, bob);
    const bobs = await openLive(bob);
    const adas = await openLive(ada);
    await bobs.next("PRESENCE", (f) => f.username === ada.username && f.online);
    // Bob was online first: Ada's tab hears it from Bob's answer.
    await adas.next("PRESENCE", (f) => f.username === bob.username && f.online);
    const second = await openLive(ada);
    await second.next("PRESENCE", (f) => f.username === bob.username && f.online);
    // One tab closing is not leaving; the last one is.
    adas.close();
    await settle(300);
    expect(presence(bobs).some((f) => !f.online)).toBe(false);
    second.close();
    await bobs.next("PRESENCE", (f) => f.username === ada.username && !f.online);
    // Someone with no chat with Ada hears nothing of her.
    const carl = await createUser();
    const carls = await openLive(carl);
    await openLive(ada);
    await expect
      .poll(() => presence(bobs).filter((f) => f.username === ada.username && f.online).length)
      .toBe(2);
    expect(presence(carls)).toEqual([]);
  });

  it("two people online see each other once messages went both ways, not before", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const [adas, bobs] = [await openLive(ada), await openLive(bob)];
    await settle();
    // An empty thread with a stranger tells nothing of when they are online; nor does writing to them.
    const thread = await startThread(ada, bob);
    await say(ada, thread, "Hello? Are you there?");
    const again = await openLive(ada);
    await settle(500);
    expect([...presence(adas), ...presence(bobs), ...presence(again)]).toEqual([]);
    await say(bob, thread, "Yes, hello");
    await adas.next("PRESENCE", (f) => f.username === bob.username && f.online);
    await bobs.next("PRESENCE", (f) => f.username === ada.username && f.online);
  });

  it("an empty thread with a stranger, or one only one side wrote in, never shows them online", async () => {
    const [ada, bob, eve] = [await createUser(), await createUser(), await createUser()];
    await startThread(ada, bob);
    const one = await startThread(eve, ada);
    await say(eve, one, "Buy my course");
    const [bobs, eves] = [await openLive(bob), await openLive(eve)];
    await settle(300);
    const adas = await openLive(ada);
    await settle(500);
    adas.close();
    await settle(300);
    expect([...presence(adas), ...presence(bobs), ...presence(eves)]).toEqual([]);
  });

  it("someone who hides being online is never announced and sees nobody's presence", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    await converse(ada, bob);
    await hideOnline(ada);
    const bobs = await openLive(bob);
    const adas = await openLive(ada);
    const later = await openLive(ada);
    await settle(300);
    later.close();
    adas.close();
    await settle(300);
    expect(presence(bobs)).toEqual([]);
    const again = await openLive(ada);
    await settle(300);
    expect([...presence(adas), ...presence(later), ...presence(again)]).toEqual([]);
  });

  it("turning it off while online tells partners the person left", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    await converse(ada, bob);
    const bobs = await openLive(bob);
    const adas = await openLive(ada);
    await bobs.next("PRESENCE", (f) => f.username === ada.username && f.online);
    await adas.next("PRESENCE", (f) => f.username === bob.username && f.online);
    await hideOnline(ada);
    await bobs.next("PRESENCE", (f) => f.username === ada.username && !f.online);
    // And Ada, who now hides hers, no longer sees Bob online.
    await adas.next("PRESENCE", (f) => f.username === bob.username && !f.online);
  });

  it("a block while both are online takes each one's dot away", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    await converse(ada, bob);
    const [adas, bobs] = [await openLive(ada), await openLive(bob)];
    await adas.next("PRESENCE", (f) => f.username === bob.username && f.online);
    const res = await api(`/api/v1/private/user/block?username=${bob.username}`, {
      method: "POST",
      headers: ada.auth,
    });
    expect(res.status).toBeLessThan(300);
    await adas.next("PRESENCE", (f) => f.username === bob.username && !f.online);
    await bobs.next("PRESENCE", (f) => f.username === ada.username && !f.online);
  });

  it("blocked people, either way, get nothing", async () => {
    const [ada, bob, eve] = [await createUser(), await createUser(), await createUser()];
    await converse(ada, bob);
    await converse(ada, eve);
    await block(ada, bob);
    await block(eve, ada);
    const bobs = await openLive(bob);
    const eves = await openLive(eve);
    const adas = await openLive(ada);
    await settle(300);
    adas.close();
    await settle(300);
    expect([...presence(bobs), ...presence(eves), ...presence(adas)]).toEqual([]);
  });
});

describe("an inbox's storage", () => {
  /** A new person's inbox as older code left it: its row, owned by them, then `tables`' statements. */
  const inboxMadeBefore = async (tables: string) => {
    const person = await createUser();
    const stub = env.INBOX.get(env.INBOX.idFromName(`user:${person.id}`));
    await runInDurableObject(stub, (_instance: Inbox, state) => {
      state.storage.sql.exec(`CREATE TABLE inbox (one INTEGER PRIMARY KEY CHECK (one = 1), owner_id INTEGER NOT NULL,
          seq INTEGER NOT NULL DEFAULT 0, resync_below INTEGER NOT NULL DEFAULT 0, gone_at INTEGER NOT NULL DEFAULT 0,
          below_version INTEGER NOT NULL DEFAULT 0);
        INSERT INTO inbox (one, owner_id) VALUES (1, ${person.id});
        ${tables}`);
    });
    return { person, stub };
  };

  it("an inbox made before its schema was numbered gets the new column and its schema number on its next wake", async () => {
    // As an inbox made before ADR 231 left it: its tables without `moderation_id`, no schema number.
    const { person, stub } = await inboxMadeBefore(`
        CREATE TABLE notices (id INTEGER PRIMARY KEY AUTOINCREMENT, notice_key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
          actor_id INTEGER, link TEXT, text TEXT, is_read INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
        INSERT INTO notices (notice_key, kind, actor_id, link, text, created_at) VALUES ('old', 'FOLLOWER', NULL, NULL, NULL, 1);`);
    const kept = await stub.addNotice(person.id, {
      notice: {
        key: "MODERATION:7",
        kind: "MODERATION",
        actorId: null,
        link: null,
        text: "Spam.",
        createdAt: 2,
        moderationId: 7,
      },
      actor: null,
      muted: true,
      unread: null,
    });
    expect(kept).toBe(true);
    const all = await stub.exportNotices(person.id);
    expect(all.map((n) => [n.kind, n.moderationId])).toEqual([
      ["FOLLOWER", null],
      ["MODERATION", 7],
    ]);
    const version = await runInDurableObject(
      stub,
      (_instance: Inbox, state) => state.storage.sql.exec("SELECT version FROM inbox_schema").one().version,
    );
    expect(version).toBe(3);
  });

  it("an inbox whose notices were numbered with AUTOINCREMENT keeps their ids, and the next gets the one after (ADR 254)", async () => {
    // As schema 2 left it: AUTOINCREMENT, the (is_read, created_at, id) index, two notices kept.
    const { person, stub } = await inboxMadeBefore(`
        CREATE TABLE notices (id INTEGER PRIMARY KEY AUTOINCREMENT, notice_key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
          actor_id INTEGER, link TEXT, text TEXT, is_read INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL,
          moderation_id INTEGER);
        CREATE INDEX notices_time ON notices (created_at, id);
        CREATE INDEX notices_unread ON notices (is_read, created_at, id);
        CREATE INDEX notices_unread_actor ON notices (kind, actor_id) WHERE is_read = 0;
        INSERT INTO notices (id, notice_key, kind, actor_id, link, text, is_read, created_at)
          VALUES (5, 'a', 'FOLLOWER', 1, '/user/a', NULL, 1, 10), (9, 'b', 'FOLLOWER', 2, '/user/b', NULL, 0, 20);
        CREATE TABLE inbox_schema (one INTEGER PRIMARY KEY CHECK (one = 1), version INTEGER NOT NULL);
        INSERT INTO inbox_schema (one, version) VALUES (1, 2);`);
    const kept = await stub.addNotice(person.id, {
      notice: { key: "c", kind: "FOLLOWER", actorId: 3, link: "/user/c", text: null, createdAt: 30 },
      actor: null,
      muted: true,
      unread: null,
    });
    expect(kept).toBe(true);
    const all = await stub.exportNotices(person.id);
    expect(all.map((n) => [n.id, n.link, n.isRead])).toEqual([
      [5, "/user/a", true],
      [9, "/user/b", false],
      [10, "/user/c", false],
    ]);
    expect(await stub.unreadNotices(person.id)).toBe(2);
    const shape = await runInDurableObject(stub, (_instance: Inbox, state) =>
      state.storage.sql
        .exec(
          "SELECT name, sql FROM sqlite_master WHERE tbl_name = 'notices' AND sql IS NOT NULL ORDER BY name",
        )
        .toArray()
        .map((r) => (r.name === "notices" ? /AUTOINCREMENT/i.test(String(r.sql)) : r.name)),
    );
    expect(shape).toEqual([false, "notices_time", "notices_unread_actor"]);
  });
});
