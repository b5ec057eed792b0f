import { describe, expect, it } from "vitest";
import type { Comment } from "#shared/schemas/posts.ts";
import { api, detail, env, json, jsonBody } from "#worker-test/api.ts";
import { noticesOf } from "#worker-test/notices.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";

// Edits of posts and comments count toward an hourly allowance by trust level (new 20, member 60,
// regular 200: docs/decisions/136), and a mention tells a person once per post or comment however
// often an edit takes it out and puts it back.

const editComment = (user: TestUser, public_id: string, body: string) =>
  api("/api/v1/private/user/micropost/comment", {
    method: "PATCH",
    ...jsonBody({ public_id, body }, user.auth),
  });
const editPost = (user: TestUser, public_id: string, body: string) =>
  api("/api/v1/private/user/micropost", { method: "PATCH", ...jsonBody({ public_id, body }, user.auth) });

/**
 * A notification about a post, written to D1 `ago` ms back as before the inbox kept that kind
 * (docs/decisions/223); answers the post's link.
 */
async function toldInD1(who: TestUser, kind: string, actor: TestUser, postId: string, ago: number) {
  const res = await api(`/api/v1/micropost?public_id=${postId}`);
  const { link } = (await json<{ micropost: { link: string } }>(res)).micropost;
  await env.DB.prepare(
    "INSERT INTO notifications (user_id, kind, actor_id, link, text, is_read, created_at) VALUES (?1, ?2, ?3, ?4, 'A title', 0, ?5)",
  )
    .bind(who.id, kind, actor.id, link, Date.now() - ago)
    .run();
  return link;
}

async function commentBy(user: TestUser, body = "First words") {
  const author = await createUser();
  const post = await newPost(author, await newCommunity(author));
  const res = await api("/api/v1/private/user/micropost/comment", {
    method: "POST",
    ...jsonBody({ parent_micropost_public_id: post.public_id, body }, user.auth),
  });
  expect(res.status).toBe(201);
  return { post, comment: await json<Comment>(res) };
}

const versions = async (public_id: string) =>
  (await json<{ total_list: number }>(await api(`/api/v1/micropost/comment/history?public_id=${public_id}`)))
    .total_list;

/** A person of that level, which staff fixed so it stays put. */
const atLevel = (trustLevel: number) => createUser({ trustLevel, trustLevelManual: true });

describe("edit allowance", () => {
  it("stops a new account's sixty edits in a row at twenty, with why and until when, storing nothing more", async () => {
    const me = await atLevel(0);
    const { comment } = await commentBy(me);
    const statuses: number[] = [];
    let refusal: Response | null = null;
    for (let i = 1; i <= 60; i++) {
      const res = await editComment(me, comment.public_id, `Version ${i}`);
      statuses.push(res.status);
      if (res.status === 429 && !refusal) refusal = res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(await detail(refusal!.clone())).toMatch(
      /^New accounts can edit posts and comments 20 times an hour; more from \d\d:\d\d UTC\.$/,
    );
    const retry = Number(refusal!.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(3000);
    expect(retry).toBeLessThanOrEqual(3600);
    const { limit } = await json<{ limit: { action: string; max: number; until: string } }>(refusal!);
    expect(limit).toMatchObject({ action: "edit", max: 20, trust_level: 0 });
    expect(Date.parse(limit.until) - Date.now()).toBeLessThanOrEqual(3_600_000);
    // The current text and the twenty it replaced, no more.
    expect(await versions(comment.public_id)).toBe(21);
    const row = await env.DB.prepare("SELECT body FROM comments WHERE public_id = ?1")
      .bind(comment.public_id)
      .first<{ body: string }>();
    expect(row?.body).toBe("<p>Version 20</p>");
  });

  it("counts a post's edits and a comment's edits together", async () => {
    const me = await atLevel(0);
    const post = await newPost(me, await newCommunity(me));
    const { comment } = await commentBy(me);
    for (let i = 0; i < 10; i++)
      expect((await editPost(me, post.public_id, `<p>Post ${i}</p>`)).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await editComment(me, comment.public_id, `Comment ${i}`)).status).toBe(200);
    const refused = await editPost(me, post.public_id, "<p>One more</p>");
    expect(refused.status).toBe(429);
    expect(await detail(refused)).toMatch(/can edit posts and comments 20 times an hour/);
  });

  it("gives members sixty an hour and regulars two hundred", async () => {
    for (const [level, max, who] of [
      [1, 60, "Members"],
      [2, 200, "Regulars"],
    ] as const) {
      const me = await atLevel(level);
      const { comment } = await commentBy(me);
      // The hour's edits so far, as the counter holds them.
      await env.DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?1, ?2, ?3)")
        .bind(`trust:edit:${me.id}`, max - 1, Date.now() - 60_000)
        .run();
      expect((await editComment(me, comment.public_id, "The last one this hour")).status).toBe(200);
      const refused = await editComment(me, comment.public_id, "One too many");
      expect(refused.status).toBe(429);
      expect(await detail(refused)).toMatch(
        new RegExp(`^${who} can edit posts and comments ${max} times an hour`),
      );
    }
  });

  it("does not count an edit refused for being someone else's", async () => {
    const me = await atLevel(0);
    const { comment } = await commentBy(await createUser());
    for (let i = 0; i < 25; i++)
      expect((await editComment(me, comment.public_id, "Mine now")).status).toBe(403);
    const own = await commentBy(me);
    expect((await editComment(me, own.comment.public_id, "Fine")).status).toBe(200);
  });
});

describe("mentions", () => {
  it("tell a person once per comment, however often an edit takes their name out and puts it back", async () => {
    const me = await createUser();
    const named = await createUser();
    const { comment } = await commentBy(me, "Hello");
    for (let i = 0; i < 10; i++) {
      expect((await editComment(me, comment.public_id, `Hello @${named.username} ${i}`)).status).toBe(200);
      expect((await editComment(me, comment.public_id, `Hello ${i}`)).status).toBe(200);
    }
    const mentions = async (who: TestUser) =>
      (
        await json<{ list: Array<{ kind: string }> }>(
          await api("/api/v1/private/user/notification/list?limit=50", { headers: who.auth }),
        )
      ).list.filter((n) => n.kind === "MENTION");
    expect(await mentions(named)).toHaveLength(1);
  });

  it("tell a person once per post, from its first words or an edit", async () => {
    const me = await createUser();
    const named = await createUser();
    const post = await newPost(me, await newCommunity(me), { body: `<p>With @${named.username}</p>` });
    for (let i = 0; i < 5; i++) {
      expect((await editPost(me, post.public_id, `<p>Without ${i}</p>`)).status).toBe(200);
      expect((await editPost(me, post.public_id, `<p>With @${named.username} ${i}</p>`)).status).toBe(200);
    }
    expect((await noticesOf(named)).filter((n) => n.kind === "MENTION")).toHaveLength(1);
  });

  it("tell a person named only by an edit, and nobody again for a mention D1 kept from before", async () => {
    const me = await createUser();
    const named = await createUser();
    const earlier = await createUser();
    const post = await newPost(me, await newCommunity(me), { body: "<p>Nobody yet</p>" });
    // A mention written to D1 before the inbox kept them (docs/decisions/223).
    const link = await toldInD1(earlier, "MENTION", me, post.public_id, 1000);
    const body = `<p>Now @${named.username} and @${earlier.username}</p>`;
    expect((await editPost(me, post.public_id, body)).status).toBe(200);
    expect((await noticesOf(named)).map((n) => [n.kind, n.link, n.actor?.username])).toEqual([
      ["MENTION", link, me.username],
    ]);
    expect((await noticesOf(earlier)).filter((n) => n.kind === "MENTION")).toHaveLength(1);
  });
});

describe("edits seen by commenters", () => {
  it("tells each person who commented once per post and hour, not the editor, and nobody for an edit that changed nothing", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const ana = await createUser();
    const bo = await createUser();
    for (const [who, body] of [
      [ana, "First"],
      [ana, "Second"],
      [bo, "Third"],
      [author, "Mine"],
    ] as const) {
      const res = await api("/api/v1/private/user/micropost/comment", {
        method: "POST",
        ...jsonBody({ parent_micropost_public_id: post.public_id, body }, who.auth),
      });
      expect(res.status).toBe(201);
    }
    const edited = async (user: TestUser) =>
      (
        await json<{ list: Array<{ kind: string; link: string; actor: { username: string } | null }> }>(
          await api("/api/v1/private/user/notification/list?limit=50", { headers: user.auth }),
        )
      ).list.filter((n) => n.kind === "POST_EDITED");

    expect((await editPost(author, post.public_id, "<p>Second words</p>")).status).toBe(200);
    expect((await editPost(author, post.public_id, "<p>Second words</p>")).status).toBe(200);
    expect((await editPost(author, post.public_id, "<p>Third words</p>")).status).toBe(200);
    for (const person of [ana, bo]) {
      const told = await edited(person);
      expect(told).toHaveLength(1);
      expect(told[0]!.actor?.username).toBe(author.username);
      expect(told[0]!.link).toContain(`/p/${post.public_id}/`);
    }
    expect(await edited(author)).toHaveLength(0);
    // Their inboxes keep them (docs/decisions/223): D1 has none.
    const inD1 = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE kind = 'POST_EDITED' AND link = ?1",
    )
      .bind((await edited(ana))[0]!.link)
      .first<{ n: number }>();
    expect(inD1?.n).toBe(0);
  });

  it("tells nobody who blocked the author, switched comment notices off, or heard of it from D1 this hour", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const [blocker, quiet, earlier, told] = [
      await createUser(),
      await createUser({ notifyComment: false }),
      await createUser(),
      await createUser(),
    ];
    for (const who of [blocker, quiet, earlier, told]) {
      const res = await api("/api/v1/private/user/micropost/comment", {
        method: "POST",
        ...jsonBody({ parent_micropost_public_id: post.public_id, body: "Words" }, who.auth),
      });
      expect(res.status).toBe(201);
    }
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, 1)")
      .bind(blocker.id, author.id)
      .run();
    const link = await toldInD1(earlier, "POST_EDITED", author, post.public_id, 60_000);
    expect((await editPost(author, post.public_id, "<p>New words</p>")).status).toBe(200);
    const edits = async (who: TestUser) => (await noticesOf(who)).filter((n) => n.kind === "POST_EDITED");
    expect((await edits(told)).map((n) => [n.link, n.actor?.username])).toEqual([[link, author.username]]);
    for (const who of [blocker, quiet]) expect(await edits(who)).toEqual([]);
    expect(await edits(earlier)).toHaveLength(1);
  });
});
