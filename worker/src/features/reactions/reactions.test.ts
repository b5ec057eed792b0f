import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Community } from "#shared/schemas/communities.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import type { Comment, FeedItem } from "#shared/schemas/posts.ts";
import {
  DEFAULT_REACTION_PALETTE,
  REACTION_MSG,
  type Reaction,
  type ReactionResult,
  type Reactor,
} from "#shared/schemas/reactions.ts";
import { createThreadTables } from "#worker/features/chat/storage-queries.ts";
import { api, detail, env, form, json, jsonBody, reads } from "#worker-test/api.ts";
import { openSocket, say, settle, startThread } from "#worker-test/chat.ts";
import { createAdmin, createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost, removeByStaff } from "#worker-test/posts.ts";
import { block } from "#worker-test/rows.ts";

// Reactions on posts, comments and chat messages (docs/decisions/140): exact counts when many
// react at once, toggling, who reacted, blocked people left out of the blocker's counts, nothing
// for items one cannot see, the REACTION frame in chat, and one notification per item and hour.

const PATH = "/api/v1/private/user/reaction";
type Target = "POST" | "COMMENT" | "MESSAGE";
const reactAs = (user: TestUser, target_type: Target, public_id: string, emoji: string, on = true) =>
  api(PATH, { method: on ? "PUT" : "DELETE", ...jsonBody({ target_type, public_id, emoji }, user.auth) });
const reactionsOf = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<ReactionResult>(res)).reactions;
};
const postAs = async (user: TestUser | null, publicId: string) =>
  (
    await json<FeedItem>(
      await api(`/api/v1/micropost?public_id=${publicId}`, user ? { headers: user.auth } : {}),
    )
  ).micropost;
const who = async (user: TestUser | null, type: Target, publicId: string, emoji: string) => {
  const res = await api(
    `/api/v1/reaction/list?target_type=${type}&public_id=${encodeURIComponent(publicId)}&emoji=${encodeURIComponent(emoji)}`,
    user ? { headers: user.auth } : {},
  );
  return res;
};
const people = (n: number) => Promise.all(Array.from({ length: n }, () => createUser()));
const notificationsOf = async (user: TestUser) =>
  (
    await json<{ list: Notification[] }>(
      await api("/api/v1/private/user/notification/list?limit=50", { headers: user.auth }),
    )
  ).list;
const count = (list: Reaction[], emoji: string) => list.find((r) => r.emoji === emoji);
const editCommunity = (user: TestUser, fields: Record<string, string>) =>
  api("/api/v1/private/user/community", { method: "PATCH", headers: user.auth, body: form(fields) });
const setPalette = (user: TestUser, name: string, palette: unknown) =>
  editCommunity(user, { name, reaction_palette: JSON.stringify(palette) });
const messagesOf = async (user: TestUser, id: string) =>
  (
    await json<{ list: Array<{ id: number; reactions: Reaction[] }> }>(
      await api(`/api/v1/private/user/chat/thread/message/list?public_id=${id}`, { headers: user.auth }),
    )
  ).list;

async function commentOn(user: TestUser, postId: string, body = "A comment") {
  const res = await api("/api/v1/private/user/micropost/comment", {
    method: "POST",
    ...jsonBody({ parent_micropost_public_id: postId, body }, user.auth),
  });
  expect(res.status).toBe(201);
  return json<Comment>(res);
}

describe("reactions on posts", () => {
  it("counts many people reacting at once exactly, grouped by emoji, and each sees whether they reacted", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const crowd = await people(12);
    const results = await Promise.all(
      crowd.map((u, i) => reactAs(u, "POST", post.public_id, i % 3 === 0 ? "🎉" : "👍")),
    );
    expect(results.map((r) => r.status)).toEqual(crowd.map(() => 200));
    // The same people again, at once: idempotent, nothing moves.
    await Promise.all(crowd.map((u, i) => reactAs(u, "POST", post.public_id, i % 3 === 0 ? "🎉" : "👍")));

    const seen = (await postAs(crowd[1]!, post.public_id)).reactions;
    expect(seen).toHaveLength(2);
    expect(count(seen, "👍")).toEqual({ emoji: "👍", total: 8, reacted: true });
    expect(count(seen, "🎉")).toEqual({ emoji: "🎉", total: 4, reacted: false });
    // A visitor sees the counts too; the feed carries them as the post's page does.
    expect(count((await postAs(null, post.public_id)).reactions, "👍")).toMatchObject({
      total: 8,
      reacted: false,
    });

    // Half take theirs back at once; a second take-back changes nothing.
    await Promise.all(
      crowd.slice(0, 6).map((u, i) => reactAs(u, "POST", post.public_id, i % 3 === 0 ? "🎉" : "👍", false)),
    );
    const after = await reactionsOf(await reactAs(crowd[0]!, "POST", post.public_id, "🎉", false));
    expect(count(after, "👍")).toMatchObject({ total: 4 });
    expect(count(after, "🎉")).toMatchObject({ total: 2, reacted: false });
    const counted = await env.DB.prepare(
      "SELECT sum(total) AS n FROM reaction_counts rc JOIN microposts m ON m.id = rc.target_id AND rc.target_type = 'POST' WHERE m.public_id = ?1",
    )
      .bind(post.public_id)
      .first<{ n: number }>();
    expect(counted?.n).toBe(6);
  });

  it("lists who reacted, newest first, and leaves a blocked person out of the blocker's counts and list", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const [ana, bo, cy] = await people(3);
    for (const u of [ana!, bo!, cy!]) await reactionsOf(await reactAs(u, "POST", post.public_id, "❤️"));
    const listed = await who(null, "POST", post.public_id, "❤️");
    expect(listed.status).toBe(200);
    const page = await json<{ list: Reactor[]; total_list: number }>(listed);
    expect(page.total_list).toBe(3);
    expect(page.list.map((r) => r.user.username)).toEqual([cy!.username, bo!.username, ana!.username]);

    await block(ana!, bo!);
    expect(count((await postAs(ana!, post.public_id)).reactions, "❤️")).toEqual({
      emoji: "❤️",
      total: 2,
      reacted: true,
    });
    expect(count((await postAs(cy!, post.public_id)).reactions, "❤️")).toMatchObject({ total: 3 });
    const forAna = await json<{ list: Reactor[]; total_list: number }>(
      await who(ana!, "POST", post.public_id, "❤️"),
    );
    expect(forAna.total_list).toBe(2);
    expect(forAna.list.map((r) => r.user.username)).not.toContain(bo!.username);
  });

  it("refuses a bad emoji with 400, and items the person cannot see with 404", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const reader = await createUser();
    for (const emoji of ["🦄", "hello", "👍👍"]) {
      const res = await reactAs(reader, "POST", post.public_id, emoji);
      expect(res.status, emoji).toBe(400);
      expect(await detail(res)).toContain("palette");
    }
    expect((await reactAs(reader, "POST", "nosuchpost", "👍")).status).toBe(404);
    const draft = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: author.auth,
      body: (() => {
        const f = new FormData();
        f.set("title", "Draft");
        f.set("body", "<p>d</p>");
        f.set("community_name", community);
        f.set("is_draft", "true");
        return f;
      })(),
    });
    const draftId = (await json<{ public_id: string }>(draft)).public_id;
    expect((await reactAs(reader, "POST", draftId, "👍")).status).toBe(404);
    expect((await who(reader, "POST", draftId, "👍")).status).toBe(404);

    const removed = await newPost(author, community);
    const reporter = await createUser();
    await reactionsOf(await reactAs(reader, "POST", removed.public_id, "👍"));
    await removeByStaff(await createAdmin(), removed, author, reporter);
    expect((await reactAs(reader, "POST", removed.public_id, "👀")).status).toBe(404);
    expect((await who(null, "POST", removed.public_id, "👍")).status).toBe(404);
  });

  it("takes two round trips to D1 to react, the token check riding in the first", async () => {
    const author = await createUser({ trustLevel: 2, trustLevelManual: true });
    const post = await newPost(author, await newCommunity(author));
    const reader = await createUser();
    const res = await reactAs(reader, "POST", post.public_id, "👍");
    expect(res.status).toBe(200);
    expect(reads(res).calls).toBe(2);
    const back = await reactAs(reader, "POST", post.public_id, "👍", false);
    expect(reads(back).calls).toBe(2);
  });

  it("tells the author once per item and hour, whoever reacts, and never for their own", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const [ana, bo] = await people(2);
    await reactionsOf(await reactAs(ana!, "POST", post.public_id, "👍"));
    await reactionsOf(await reactAs(ana!, "POST", post.public_id, "👍", false));
    await reactionsOf(await reactAs(ana!, "POST", post.public_id, "❤️"));
    await reactionsOf(await reactAs(bo!, "POST", post.public_id, "😂"));
    await reactionsOf(await reactAs(author, "POST", post.public_id, "😂"));
    const told = (await notificationsOf(author)).filter((n) => n.kind === "REACTION");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actor: { username: ana!.username }, text: "A title" });
    expect(told[0]!.link).toContain(`/p/${post.public_id}/`);
  });

  it("counts adding reactions toward a new account's daily allowance", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const newcomer = await createUser({ trustLevel: 0, trustLevelManual: true });
    await env.DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?1, 100, ?2)")
      .bind(`trust:reaction:${newcomer.id}`, Date.now())
      .run();
    const refused = await reactAs(newcomer, "POST", post.public_id, "👍");
    expect(refused.status).toBe(429);
    expect(await detail(refused)).toContain("react 100 times");
    // Taking one back is not limited.
    expect((await reactAs(newcomer, "POST", post.public_id, "👍", false)).status).toBe(200);
  });
});

describe("reactions on comments", () => {
  it("counts people reacting at once, carries them in the comment list, and hides a deleted comment's", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const commenter = await createUser();
    const comment = await commentOn(commenter, post.public_id);
    const crowd = await people(6);
    await Promise.all(crowd.map((u) => reactAs(u, "COMMENT", comment.public_id, "🙏")));
    const list = await json<{ list: Comment[] }>(
      await api(`/api/v1/micropost/comment/list?post_public_id=${post.public_id}`, {
        headers: crowd[0]!.auth,
      }),
    );
    expect(list.list[0]!.reactions).toEqual([{ emoji: "🙏", total: 6, reacted: true }]);
    const page = await json<{ total_list: number }>(await who(null, "COMMENT", comment.public_id, "🙏"));
    expect(page.total_list).toBe(6);
    const told = (await notificationsOf(commenter)).filter((n) => n.kind === "REACTION");
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toContain(`?comment=${comment.public_id}`);

    const removed = await api(`/api/v1/private/user/micropost/comment?public_id=${comment.public_id}`, {
      method: "DELETE",
      headers: commenter.auth,
    });
    expect(removed.status).toBeLessThan(300);
    expect((await reactAs(crowd[0]!, "COMMENT", comment.public_id, "👍")).status).toBe(404);
  });

  it("drops a deleted post's reactions and its comments' with it", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const comment = await commentOn(author, post.public_id);
    const reader = await createUser();
    await reactionsOf(await reactAs(reader, "POST", post.public_id, "👍"));
    await reactionsOf(await reactAs(reader, "COMMENT", comment.public_id, "👍"));
    const gone = await api(`/api/v1/private/user/micropost?public_id=${post.public_id}`, {
      method: "DELETE",
      headers: author.auth,
    });
    expect(gone.status).toBe(204);
    const left = await env.DB.prepare("SELECT (SELECT count(*) FROM reactions WHERE user_id = ?1) AS r")
      .bind(reader.id)
      .first<{ r: number }>();
    expect(left?.r).toBe(0);
  });
});

describe("reactions on chat messages", () => {
  it("sends REACTION frames to the thread, counts both people, and keeps outsiders out", async () => {
    const a = await createUser();
    const b = await createUser();
    const id = await startThread(a, b);
    await say(a, id, "Lunch?");
    const first = await api(`/api/v1/private/user/chat/thread/message/list?public_id=${id}`, {
      headers: b.auth,
    });
    const messageId = (await json<{ list: Array<{ id: number }> }>(first)).list[0]!.id;
    const target = `${id}:${messageId}`;
    // No one has reacted to anything on the page: its reactions need no read of D1.
    expect(reads(first).calls).toBe(1);

    const sa = await openSocket(a, id);
    const mark = sa.frames.length;
    await Promise.all([reactAs(a, "MESSAGE", target, "👍"), reactAs(b, "MESSAGE", target, "👍")]);
    const frame = await sa.next("REACTION", (f) => f.username === b.username, mark);
    expect(frame).toEqual({
      message_type: "REACTION",
      message_id: messageId,
      emoji: "👍",
      username: b.username,
      on: true,
    });
    await sa.next("REACTION", (f) => f.username === a.username, mark);

    await say(b, id, "Sure");
    const page = await api(`/api/v1/private/user/chat/thread/message/list?public_id=${id}`, {
      headers: a.auth,
    });
    expect(reads(page).calls).toBe(2);
    const listed = await json<{ list: Array<{ id: number; reactions: Reaction[] }> }>(page);
    expect(listed.list.map((m) => m.reactions)).toEqual([[], [{ emoji: "👍", total: 2, reacted: true }]]);
    // Read again, the page's reactions ride with the thread's row: one round trip, the same answer,
    // each person's own reaction marked.
    for (const reader of [a, b]) {
      const again = await api(`/api/v1/private/user/chat/thread/message/list?public_id=${id}`, {
        headers: reader.auth,
      });
      expect(reads(again).calls).toBe(1);
      expect(
        (await json<{ list: Array<{ reactions: Reaction[] }> }>(again)).list.map((m) => m.reactions),
      ).toEqual([[], [{ emoji: "👍", total: 2, reacted: true }]]);
    }
    expect((await json<{ total_list: number }>(await who(b, "MESSAGE", target, "👍"))).total_list).toBe(2);

    // Taking it back tells the thread; doing it twice tells it once.
    const before = sa.frames.length;
    await reactionsOf(await reactAs(b, "MESSAGE", target, "👍", false));
    await reactionsOf(await reactAs(b, "MESSAGE", target, "👍", false));
    await sa.next("REACTION", (f) => !f.on, before);
    await settle();
    expect(sa.frames.slice(before).filter((f) => f.message_type === "REACTION")).toHaveLength(1);

    const outsider = await createUser();
    expect((await reactAs(outsider, "MESSAGE", target, "👍")).status).toBe(404);
    expect((await who(outsider, "MESSAGE", target, "👍")).status).toBe(404);
    expect((await who(null, "MESSAGE", target, "👍")).status).toBe(404);
    expect((await reactAs(a, "MESSAGE", `${id}:999`, "👍")).status).toBe(404);
    expect((await reactAs(a, "MESSAGE", id, "👍")).status).toBe(404);
    expect((await reactAs(a, "MESSAGE", target, "🦄")).status).toBe(400);
    const told = (await notificationsOf(a)).filter((n) => n.kind === "REACTION");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: `/chat/thread/${id}`, text: "Lunch?" });
  });

  it("reads the reactions of a thread whose messages were reacted to before its object kept track", async () => {
    const a = await createUser();
    const b = await createUser();
    const id = await startThread(a, b);
    await say(a, id, "Older");
    await say(a, id, "Newer");
    const path = `/api/v1/private/user/chat/thread/message/list?public_id=${id}`;
    const before = await json<{ list: Array<{ id: number }> }>(await api(path, { headers: a.auth }));
    const older = before.list[1]!.id;
    // The object as it was before: no mark on its messages; a reaction written to D1 then.
    const stub = env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(id));
    await runInDurableObject(stub, (_instance, state: DurableObjectState) => {
      state.storage.sql.exec("ALTER TABLE messages DROP COLUMN reacted");
      createThreadTables(state.storage.sql);
    });
    const thread = await env.DB.prepare("SELECT id FROM chat_threads WHERE public_id = ?")
      .bind(id)
      .first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO reactions (target_type, target_id, message_id, user_id, emoji, created_at) VALUES ('MESSAGE', ?, ?, ?, '👍', 1)",
    )
      .bind(thread!.id, older, b.id)
      .run();

    const page = await api(path, { headers: a.auth });
    const listed = await json<{ list: Array<{ reactions: Reaction[] }> }>(page);
    expect(listed.list.map((m) => m.reactions)).toEqual([[], [{ emoji: "👍", total: 1, reacted: false }]]);
    expect(reads(page).calls).toBe(2);
  });
});

describe("a community's own palette", () => {
  it("is its owner's to set and reset; its posts and comments offer it and refuse other emoji", async () => {
    const owner = await createUser();
    const name = await newCommunity(owner);
    const post = await newPost(owner, name);
    const comment = await commentOn(owner, post.public_id);
    const [reader, member] = await people(2);
    // A reaction from before the change may still be taken back after it.
    await reactionsOf(await reactAs(reader!, "POST", post.public_id, "👍"));

    const set = await setPalette(owner, name, ["🦄", "🔥", "❤️"]);
    expect(set.status, await set.clone().text()).toBe(200);
    expect((await json<Community>(set)).reaction_palette).toEqual(["🦄", "🔥", "❤️"]);
    const shown = await json<FeedItem>(await api(`/api/v1/micropost?public_id=${post.public_id}`));
    expect(shown.community.reaction_palette).toEqual(["🦄", "🔥", "❤️"]);

    expect(count(await reactionsOf(await reactAs(reader!, "POST", post.public_id, "🦄")), "🦄")).toEqual({
      emoji: "🦄",
      total: 1,
      reacted: true,
    });
    await reactionsOf(await reactAs(member!, "COMMENT", comment.public_id, "🔥"));
    for (const [type, id] of [
      ["POST", post.public_id],
      ["COMMENT", comment.public_id],
    ] as const) {
      const refused = await reactAs(member!, type, id, "🎉");
      expect(refused.status, `${type} ${await refused.clone().text()}`).toBe(400);
      expect(await detail(refused)).toContain(REACTION_MSG.notInPalette);
    }
    const back = await reactionsOf(await reactAs(reader!, "POST", post.public_id, "👍", false));
    expect(count(back, "👍")).toBeUndefined();

    // Reset: the default eight again, and the field is left out.
    const reset = await editCommunity(owner, { name, remove_reaction_palette: "true" });
    expect(reset.status).toBe(200);
    expect((await json<Community>(reset)).reaction_palette).toBeUndefined();
    expect((await reactAs(member!, "POST", post.public_id, DEFAULT_REACTION_PALETTE[5]!)).status).toBe(200);
    expect((await reactAs(member!, "POST", post.public_id, "🔥")).status).toBe(400);
  });

  it("refuses anyone but the owner with 403, and a palette that is not 1 to 12 distinct emoji with 422", async () => {
    const owner = await createUser();
    const name = await newCommunity(owner);
    const stranger = await createUser();
    const denied = await setPalette(stranger, name, ["🔥"]);
    expect(denied.status).toBe(403);
    expect(await detail(denied)).toBe("Only the community's owner can change its reactions");
    expect((await editCommunity(stranger, { name, remove_reaction_palette: "true" })).status).toBe(403);

    const cases: Array<[unknown, string]> = [
      [[], REACTION_MSG.paletteEmpty],
      [Array.from("🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒🍑🥭"), REACTION_MSG.paletteMax],
      [["🔥", "🔥"], REACTION_MSG.paletteRepeated],
      [["🔥", "fire"], REACTION_MSG.notAnEmoji],
      [["🔥🔥"], REACTION_MSG.notAnEmoji],
      [["A"], REACTION_MSG.notAnEmoji],
      [{ emoji: "🔥" }, REACTION_MSG.paletteInvalid],
    ];
    for (const [palette, message] of cases) {
      const res = await setPalette(owner, name, palette);
      expect(res.status, JSON.stringify(palette)).toBe(422);
      expect(await detail(res), JSON.stringify(palette)).toContain(message);
    }
    const broken = await editCommunity(owner, { name, reaction_palette: "[not json" });
    expect(broken.status).toBe(422);
    expect(await detail(broken)).toContain(REACTION_MSG.paletteInvalid);
    // Twelve distinct emoji, flags and skin tones among them, are fine.
    const twelve = ["🇧🇷", "👍🏽", "🏳️‍🌈", "🍐", "🍊", "🍋", "🍌", "🍉", "🍇", "🍓", "🫐", "👨‍👩‍👧"];
    const fine = await setPalette(owner, name, twelve);
    expect(fine.status, await fine.clone().text()).toBe(200);
    expect((await json<Community>(fine)).reaction_palette).toEqual(twelve);
  });
});

describe("blocked people's reactions", () => {
  it("are left out of the blocker's comment list, chat messages and who-lists", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const comment = await commentOn(author, post.public_id);
    const [viewer, blocked, other] = (await people(3)) as [TestUser, TestUser, TestUser];
    // A group made before the block: a block keeps nobody out of a group they are in already.
    const group = await json<{ public_id: string }>(
      await api("/api/v1/private/user/chat/group", {
        method: "POST",
        ...jsonBody({ name: "Mixed", usernames: [blocked.username, other.username] }, viewer.auth),
      }),
    );
    await block(viewer, blocked);
    for (const u of [blocked, other]) await reactionsOf(await reactAs(u, "COMMENT", comment.public_id, "🙏"));
    const comments = async (u: TestUser) =>
      (
        await json<{ list: Comment[] }>(
          await api(`/api/v1/micropost/comment/list?post_public_id=${post.public_id}`, { headers: u.auth }),
        )
      ).list[0]!.reactions;
    expect(await comments(viewer)).toEqual([{ emoji: "🙏", total: 1, reacted: false }]);
    expect(await comments(other)).toEqual([{ emoji: "🙏", total: 2, reacted: true }]);
    const whoComment = await json<{ list: Reactor[]; total_list: number }>(
      await who(viewer, "COMMENT", comment.public_id, "🙏"),
    );
    expect(whoComment.total_list).toBe(1);
    expect(whoComment.list.map((r) => r.user.username)).toEqual([other.username]);

    // An emoji only the blocked person used is not shown to the blocker at all.
    await reactionsOf(await reactAs(blocked, "POST", post.public_id, "👀"));
    expect(count((await postAs(viewer, post.public_id)).reactions, "👀")).toBeUndefined();
    expect(count((await postAs(other, post.public_id)).reactions, "👀")).toMatchObject({ total: 1 });

    // In a group chat: the blocker's messages and who-list leave the blocked person out.
    await say(other, group.public_id, "Photos tonight");
    const messageId = (await messagesOf(viewer, group.public_id))[0]!.id;
    const target = `${group.public_id}:${messageId}`;
    await reactionsOf(await reactAs(blocked, "MESSAGE", target, "👍"));
    await reactionsOf(await reactAs(other, "MESSAGE", target, "👍"));
    expect((await messagesOf(viewer, group.public_id))[0]!.reactions).toEqual([
      { emoji: "👍", total: 1, reacted: false },
    ]);
    expect((await messagesOf(other, group.public_id))[0]!.reactions).toEqual([
      { emoji: "👍", total: 2, reacted: true },
    ]);
    const whoMessage = await json<{ list: Reactor[] }>(await who(viewer, "MESSAGE", target, "👍"));
    expect(whoMessage.list.map((r) => r.user.username)).toEqual([other.username]);
  });

  it("send the blocker's sockets no REACTION frame, while the others get it", async () => {
    const [viewer, blocked, other] = (await people(3)) as [TestUser, TestUser, TestUser];
    const group = await json<{ public_id: string }>(
      await api("/api/v1/private/user/chat/group", {
        method: "POST",
        ...jsonBody({ name: "Frames", usernames: [blocked.username, other.username] }, viewer.auth),
      }),
    );
    await block(viewer, blocked);
    const id = group.public_id;
    await say(viewer, id, "Who is in?");
    const messageId = (await messagesOf(viewer, id))[0]!.id;
    const target = `${id}:${messageId}`;
    const sv = await openSocket(viewer, id);
    const so = await openSocket(other, id);
    const [markV, markO] = [sv.frames.length, so.frames.length];
    await reactionsOf(await reactAs(blocked, "MESSAGE", target, "🎉"));
    await so.next("REACTION", (f) => f.username === blocked.username, markO);
    // Whom not to tell is read in the reaction's own batch: a chat reaction costs the round trips
    // a reaction does (the thread's read with the token check, the batch).
    const added = await reactAs(other, "MESSAGE", target, "🎉");
    await reactionsOf(added.clone());
    expect(reads(added).calls).toBe(2);
    // The blocker hears the other person's reaction, and never the blocked one's.
    await sv.next("REACTION", (f) => f.username === other.username, markV);
    await reactionsOf(await reactAs(blocked, "MESSAGE", target, "🎉", false));
    await so.next("REACTION", (f) => f.username === blocked.username && !f.on, markO);
    await settle();
    const heard = sv.frames.slice(markV).filter((f) => f.message_type === "REACTION");
    expect(heard.map((f) => (f as { username: string }).username)).toEqual([other.username]);
    sv.close();
    so.close();
  });
});
