import { describe, expect, it } from "vitest";
import type { Comment, CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { api, json, jsonBody, reads } from "#worker-test/api.ts";
import { noticesOf } from "#worker-test/notices.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";
import { counted, spent } from "#worker-test/rows.ts";

type CommentPage = CursorPage<Comment> & { parent: Comment | null };

/**
 * Rows D1 counts for each comment a page shows: its index entry, its author's and reactions' seeks,
 * and one for each pass over the JSON levels (`json_each` elements count as rows read).
 */
const ROWS_READ_PER_COMMENT = 5;

const comment = (user: TestUser | null, body: Record<string, unknown>) =>
  api("/api/v1/private/user/micropost/comment", { method: "POST", ...jsonBody(body, user?.auth ?? {}) });
const listOf = (postId: string, extra = "", auth: Record<string, string> = {}) =>
  api(`/api/v1/micropost/comment/list?post_public_id=${postId}${extra}`, { headers: auth });
const totalComments = async (postId: string) =>
  (await json<FeedItem>(await api(`/api/v1/micropost?public_id=${postId}`))).micropost
    .total_micropost_comments;

async function setup() {
  const author = await createUser();
  const community = await newCommunity(author);
  const post = await newPost(author, community);
  return { author, post };
}

/** A chain of replies, each under the previous one; answers them top first. */
async function chain(user: TestUser, postId: string, length: number): Promise<Comment[]> {
  const made: Comment[] = [];
  for (let i = 0; i < length; i++) {
    const res = await comment(user, {
      parent_micropost_public_id: postId,
      parent_micropost_comment_public_id: made.at(-1)?.public_id,
      body: `level ${i}`,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    made.push(await json<Comment>(res));
  }
  return made;
}

describe("comments", () => {
  it("creates a comment (201) and a reply, counted on the post, with notifications", async () => {
    const { author, post } = await setup();
    const friend = await createUser();
    const res = await comment(friend, { parent_micropost_public_id: post.public_id, body: "Nice one!" });
    expect(res.status).toBe(201);
    const top = await json<Comment>(res);
    expect(top).toMatchObject({
      micropost_public_id: post.public_id,
      parent_public_id: null,
      body: "<p>Nice one!</p>",
      owner: { username: friend.username },
      depth: 0,
      total_replies: 0,
      is_deleted: false,
      user_is_owner: true,
      replies: [],
    });
    expect(top.link).toBe(`${post.link}?comment=${top.public_id}`);

    const reply = await json<Comment>(
      await comment(author, {
        parent_micropost_public_id: post.public_id,
        parent_micropost_comment_public_id: top.public_id,
        body: "Thanks!",
      }),
    );
    expect(reply).toMatchObject({ depth: 1, parent_public_id: top.public_id });
    expect(await totalComments(post.public_id)).toBe(2);

    expect((await noticesOf(author)).map((n) => [n.kind, n.actor?.username])).toEqual([
      ["COMMENT", friend.username],
    ]);
    expect((await noticesOf(friend)).map((n) => [n.kind, n.actor?.username])).toEqual([
      ["REPLY", author.username],
    ]);
  });

  it("refuses replies to comments at depth 5 (422), blank bodies (422), unknown parents (404), visitors (401)", async () => {
    const { post } = await setup();
    const user = await createUser();
    const levels = await chain(user, post.public_id, 6);
    expect(levels.map((c) => c.depth)).toEqual([0, 1, 2, 3, 4, 5]);
    const deeper = await comment(user, {
      parent_micropost_public_id: post.public_id,
      parent_micropost_comment_public_id: levels[5]!.public_id,
      body: "too deep",
    });
    expect(deeper.status).toBe(422);
    expect((await json<{ detail: string }>(deeper)).detail).toContain("below depth 5");
    expect(await totalComments(post.public_id)).toBe(6);

    expect((await comment(user, { parent_micropost_public_id: post.public_id, body: "   " })).status).toBe(
      422,
    );
    expect((await comment(user, { parent_micropost_public_id: "nope", body: "hi" })).status).toBe(404);
    expect(
      (
        await comment(user, {
          parent_micropost_public_id: post.public_id,
          parent_micropost_comment_public_id: "nope",
          body: "hi",
        })
      ).status,
    ).toBe(404);
    // A comment of another post is no parent here.
    const elsewhere = (await setup()).post;
    const onOther = await comment(user, {
      parent_micropost_public_id: elsewhere.public_id,
      parent_micropost_comment_public_id: levels[0]!.public_id,
      body: "hi",
    });
    expect(onOther.status).toBe(404);
    expect((await json<{ detail: string }>(onOther)).detail).toBe("Comment not found");
    expect(await totalComments(elsewhere.public_id)).toBe(0);
    expect((await comment(null, { parent_micropost_public_id: post.public_id, body: "hi" })).status).toBe(
      401,
    );
  });

  it("lists the tree down to depth 3; deeper replies are in the single-comment view", async () => {
    const { post } = await setup();
    const user = await createUser();
    const levels = await chain(user, post.public_id, 6);

    const page = await json<CommentPage>(await listOf(post.public_id));
    expect(page.parent).toBeNull();
    expect(page.total_list).toBe(1);
    const d0 = page.list[0]!;
    const d3 = d0.replies[0]!.replies[0]!.replies[0]!;
    expect(d3.public_id).toBe(levels[3]!.public_id);
    // Depth 3 has a reply, not shown here: the page offers "More comments" from it.
    expect(d3.total_replies).toBe(1);
    expect(d3.replies).toEqual([]);

    const thread = await json<CommentPage>(
      await listOf(post.public_id, `&comment_public_id=${d3.public_id}`),
    );
    expect(thread.parent?.public_id).toBe(d3.public_id);
    expect(thread.parent?.parent_public_id).toBe(levels[2]!.public_id);
    expect(thread.list.map((c) => c.public_id)).toEqual([levels[4]!.public_id]);
    expect(thread.list[0]!.replies[0]!.public_id).toBe(levels[5]!.public_id);
  });

  it("pages top-level comments newest first from a cursor, reading at most twice what it returns", async () => {
    const { post } = await setup();
    const user = await createUser();
    for (let i = 0; i < 25; i++) {
      await comment(user, { parent_micropost_public_id: post.public_id, body: `top ${i}` });
    }
    const first = await listOf(post.public_id, "&limit=10");
    const page1 = await json<CommentPage>(first);
    expect(page1.total_list).toBe(25);
    expect(page1.total_pages).toBe(3);
    expect(page1.list[0]!.body).toBe("<p>top 24</p>");
    const second = await listOf(post.public_id, `&limit=10&cursor=${page1.next_cursor}`);
    const page2 = await json<CommentPage>(second);
    expect(page2.list.map((c) => c.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `<p>top ${14 - i}</p>`),
    );
    // One statement, and a few rows read for each comment it shows (its index entry, its
    // reactions, and its place in each pass over the JSON levels, ADR 233), never the thread: the
    // second page reads what the first did.
    for (const res of [first, second]) {
      const cost = reads(res);
      expect(cost.calls).toBe(1);
      expect(cost.list).toBeLessThanOrEqual(ROWS_READ_PER_COMMENT * 10 + 10);
      expect(cost.total).toBe(cost.list);
    }
    expect(reads(second).list).toBeLessThanOrEqual(reads(first).list + 2);
  });

  it("nests replies with at most ten under each comment, and still reads what it returns", async () => {
    const { post } = await setup();
    const user = await createUser();
    const top = await json<Comment>(
      await comment(user, { parent_micropost_public_id: post.public_id, body: "root" }),
    );
    for (let i = 0; i < 14; i++) {
      await comment(user, {
        parent_micropost_public_id: post.public_id,
        parent_micropost_comment_public_id: top.public_id,
        body: `reply ${i}`,
      });
    }
    const res = await listOf(post.public_id);
    const page = await json<CommentPage>(res);
    expect(page.list[0]!.total_replies).toBe(14);
    expect(page.list[0]!.replies.map((r) => r.body).slice(0, 2)).toEqual([
      "<p>reply 0</p>",
      "<p>reply 1</p>",
    ]);
    expect(page.list[0]!.replies).toHaveLength(10);
    const cost = reads(res);
    // Eleven comments shown, the ten replies read by the parent's index and no more.
    expect(cost.calls).toBe(1);
    expect(cost.list).toBeLessThanOrEqual(ROWS_READ_PER_COMMENT * 11 + 10);

    const thread = await json<CommentPage>(
      await listOf(post.public_id, `&comment_public_id=${top.public_id}&limit=20`),
    );
    expect(thread.total_list).toBe(14);
    expect(thread.list).toHaveLength(14);
  });

  it("lets only the author edit (200) or delete (204); a comment with replies stays as a placeholder", async () => {
    const { post } = await setup();
    const writer = await createUser();
    const other = await createUser();
    const [top, reply] = await chain(writer, post.public_id, 2);
    const edit = (user: TestUser, publicId: string, body: string) =>
      api("/api/v1/private/user/micropost/comment", {
        method: "PATCH",
        ...jsonBody({ public_id: publicId, body }, user.auth),
      });
    expect((await edit(other, top!.public_id, "hacked")).status).toBe(403);
    const edited = await edit(writer, top!.public_id, "better words");
    expect(edited.status).toBe(200);
    expect((await json<Comment>(edited)).body).toBe("<p>better words</p>");

    const del = (user: TestUser, publicId: string) =>
      api(`/api/v1/private/user/micropost/comment?public_id=${publicId}`, {
        method: "DELETE",
        headers: user.auth,
      });
    expect((await del(other, top!.public_id)).status).toBe(403);
    expect((await del(writer, top!.public_id)).status).toBe(204);
    expect(await totalComments(post.public_id)).toBe(1);
    const page = await json<CommentPage>(await listOf(post.public_id));
    expect(page.list[0]).toMatchObject({ is_deleted: true, body: "", owner: null });
    expect(page.list[0]!.replies[0]!.public_id).toBe(reply!.public_id);

    expect((await del(writer, reply!.public_id)).status).toBe(204);
    expect(await totalComments(post.public_id)).toBe(0);
    const after = await json<CommentPage>(await listOf(post.public_id));
    expect(after.list[0]!.total_replies).toBe(0);
    expect((await del(writer, reply!.public_id)).status).toBe(404);
  });

  it("counts a comment once when it is deleted twice at the same time", async () => {
    const { post } = await setup();
    const writer = await createUser();
    const [one] = await chain(writer, post.public_id, 1);
    await chain(writer, post.public_id, 1);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        api(`/api/v1/private/user/micropost/comment?public_id=${one!.public_id}`, {
          method: "DELETE",
          headers: writer.auth,
        }),
      ),
    );
    expect(await totalComments(post.public_id)).toBe(1);
    expect((await json<CommentPage>(await listOf(post.public_id))).total_list).toBe(1);
  });

  it("shows the newest comment in the feed item's comment_list", async () => {
    const { post } = await setup();
    const user = await createUser();
    await chain(user, post.public_id, 1);
    await comment(user, { parent_micropost_public_id: post.public_id, body: "latest word" });
    const item = await json<FeedItem>(await api(`/api/v1/micropost?public_id=${post.public_id}`));
    expect(item.comment_list).toHaveLength(1);
    expect(item.comment_list[0]!.body).toBe("<p>latest word</p>");
  });

  it("never lets script through a comment", async () => {
    const { post } = await setup();
    const user = await createUser();
    const res = await comment(user, {
      parent_micropost_public_id: post.public_id,
      body: '<p>hi</p><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a><script>alert(2)</script>',
    });
    const made = await json<Comment>(res);
    expect(made.body).not.toMatch(/onerror|javascript:|<script|alert\(2\)/);
  });
});

describe("comment limits", () => {
  const day = 24 * 60 * 60_000;

  it("one refused by the hourly limit is not counted toward a new account's day; one on a missing post is", async () => {
    const { post } = await setup();
    const joined = Date.now() - day;
    const person = await createUser({
      trustLevel: 0,
      trustLevelManual: false,
      trustLevelAt: joined,
      createdAt: joined,
    });
    await spent(`comment:${person.id}`, 300);
    const refused = await comment(person, { parent_micropost_public_id: post.public_id, body: "Hello" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json<{ detail: string }>(refused)).detail).toMatch(
      /^Too many attempts\. Try again in \d+ seconds\.$/,
    );
    expect(await counted(`trust:comment:${person.id}`)).toBeNull();
    expect(await totalComments(post.public_id)).toBe(0);

    await spent(`comment:${person.id}`, 0);
    await spent(`trust:comment:${person.id}`, 29);
    const missing = await comment(person, { parent_micropost_public_id: "nosuchpost", body: "Hello" });
    expect(missing.status).toBe(404);
    expect(await counted(`comment:${person.id}`)).toBe(1);
    expect(await counted(`trust:comment:${person.id}`)).toBe(30);
    const past = await comment(person, { parent_micropost_public_id: post.public_id, body: "Hello" });
    expect(past.status).toBe(429);
    expect(await json<{ limit: Record<string, unknown> }>(past)).toMatchObject({
      limit: { action: "comment", max: 30, trust_level: 0, reason: "AGE" },
    });
    expect(await totalComments(post.public_id)).toBe(0);
  });
});
