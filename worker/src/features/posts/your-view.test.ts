import { describe, expect, it } from "vitest";
import type { Page } from "#shared/api.ts";
import type { AuditEntry } from "#shared/schemas/admin.ts";
import type { BookmarkResult } from "#shared/schemas/bookmarks.ts";
import type { ChatMessage } from "#shared/schemas/chat.ts";
import type { PostVersion } from "#shared/schemas/post-versions.ts";
import type { Comment, FeedItem } from "#shared/schemas/posts.ts";
import { api, detail, form, json, jsonBody } from "#worker-test/api.ts";
import { CHAT, startThread } from "#worker-test/chat.ts";
import { createAdmin, createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost, pngFile } from "#worker-test/posts.ts";

// Bookmarks, edit history and pictures' descriptions, as a reader and an author meet them.

const V1 = "/api/v1/private/user";
const save = (user: TestUser, publicId: string) =>
  api(`${V1}/micropost/bookmark?public_id=${publicId}`, { method: "PATCH", headers: user.auth });
const saved = async (user: TestUser, query = "") =>
  json<Page<FeedItem>>(await api(`${V1}/micropost/bookmark/list?limit=10${query}`, { headers: user.auth }));
const postOf = async (publicId: string, auth: Record<string, string> = {}) =>
  (await json<FeedItem>(await api(`/api/v1/micropost?public_id=${publicId}`, { headers: auth }))).micropost;
const editPost = (user: TestUser, publicId: string, body: string) =>
  api(`${V1}/micropost`, { method: "PATCH", ...jsonBody({ public_id: publicId, body }, user.auth) });
const history = (publicId: string, auth: Record<string, string> = {}, kind = "micropost") =>
  api(`/api/v1/${kind === "comment" ? "micropost/comment" : "micropost"}/history?public_id=${publicId}`, {
    headers: auth,
  });

describe("bookmarks", () => {
  it("saves and unsaves a post: the Saved list shows the newest saved first, and every post says it is saved", async () => {
    const author = await createUser();
    const reader = await createUser();
    const community = await newCommunity(author);
    const first = await newPost(author, community, { title: "First" });
    const second = await newPost(author, community, { title: "Second" });

    expect(await json<BookmarkResult>(await save(reader, second.public_id))).toEqual({ bookmarked: true });
    expect(await json<BookmarkResult>(await save(reader, first.public_id))).toEqual({ bookmarked: true });

    const page = await saved(reader);
    expect(page.total_list).toBe(2);
    expect(page.list.map((i) => i.micropost.title)).toEqual(["First", "Second"]);
    expect(page.list.every((i) => i.micropost.user_bookmarked)).toBe(true);

    // The feed and the post's page say so too; someone else and a visitor see it unsaved.
    expect((await postOf(first.public_id, reader.auth)).user_bookmarked).toBe(true);
    expect((await postOf(first.public_id, author.auth)).user_bookmarked).toBe(false);
    expect((await postOf(first.public_id)).user_bookmarked).toBe(false);
    const feed = await json<{ list: FeedItem[] }>(
      await api("/api/v1/feed?option=new&limit=20", { headers: reader.auth }),
    );
    const mine = feed.list.filter((i) => i.community.name === community);
    expect(mine.map((i) => i.micropost.user_bookmarked)).toEqual([true, true]);

    expect(await json<BookmarkResult>(await save(reader, first.public_id))).toEqual({ bookmarked: false });
    const after = await saved(reader);
    expect(after.total_list).toBe(1);
    expect(after.list.map((i) => i.micropost.title)).toEqual(["Second"]);
    expect((await postOf(first.public_id, reader.auth)).user_bookmarked).toBe(false);
  });

  it("refuses an unknown post and a draft with 404, a visitor with 401, and saves nothing", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const draft = await newPost(author, community, { is_draft: "true" });
    for (const id of ["nope", draft.public_id]) {
      const res = await save(author, id);
      expect(res.status).toBe(404);
      expect(await detail(res)).toBe("Post not found");
    }
    const post = await newPost(author, community);
    expect(
      (await api(`${V1}/micropost/bookmark?public_id=${post.public_id}`, { method: "PATCH" })).status,
    ).toBe(401);
    expect((await saved(author)).total_list).toBe(0);
  });
});

describe("edit history", () => {
  it("keeps every version of a post edited twice, newest first, and says when it was edited", async () => {
    const author = await createUser();
    const reader = await createUser();
    const post = await newPost(author, await newCommunity(author), { body: "<p>one</p>" });
    expect((await postOf(post.public_id)).edited_at).toBeNull();

    expect((await editPost(author, post.public_id, "<p>two</p>")).status).toBe(200);
    const edited = await editPost(author, post.public_id, "<p>three</p>");
    expect(edited.status).toBe(200);
    const shown = await postOf(post.public_id);
    expect(shown.edited_at).not.toBeNull();

    const page = await json<Page<PostVersion>>(await history(post.public_id, reader.auth));
    expect(page.total_list).toBe(3);
    expect(page.list.map((v) => v.body)).toEqual(["<p>three</p>", "<p>two</p>", "<p>one</p>"]);
    expect(page.list.map((v) => v.title)).toEqual(["A title", "A title", "A title"]);
    expect(page.list[0]!.edited_at).toBe(shown.edited_at);
    expect(page.list[2]!.edited_at).toBeNull();
    expect(page.list.map((v) => v.redacted)).toEqual([false, false, false]);

    // Paged: the second page starts where the first stopped.
    const rest = await json<Page<PostVersion>>(
      await api(`/api/v1/micropost/history?public_id=${post.public_id}&skip=1&limit=1`),
    );
    expect(rest.list.map((v) => v.body)).toEqual(["<p>two</p>"]);

    // Saving the same text again is no new version.
    await editPost(author, post.public_id, "<p>three</p>");
    expect((await json<Page<PostVersion>>(await history(post.public_id))).total_list).toBe(3);
  });

  it("keeps a comment's versions too", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const created = await api(`${V1}/micropost/comment`, {
      method: "POST",
      ...jsonBody({ parent_micropost_public_id: post.public_id, body: "first words" }, author.auth),
    });
    const comment = await json<Comment>(created);
    expect(comment.edited_at).toBeNull();
    const res = await api(`${V1}/micropost/comment`, {
      method: "PATCH",
      ...jsonBody({ public_id: comment.public_id, body: "better words" }, author.auth),
    });
    expect((await json<Comment>(res)).edited_at).not.toBeNull();
    const page = await json<Page<PostVersion>>(await history(comment.public_id, {}, "comment"));
    expect(page.list.map((v) => v.body)).toEqual(["<p>better words</p>", "<p>first words</p>"]);
    expect(page.list.every((v) => v.title === undefined)).toBe(true);
  });

  it("shows nothing of a draft, nor of someone who blocked the reader", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const draft = await newPost(author, community, { is_draft: "true" });
    const hidden = await history(draft.public_id, author.auth);
    expect(hidden.status).toBe(404);
    expect(await detail(hidden)).toBe("Post not found");

    const post = await newPost(author, community);
    await editPost(author, post.public_id, "<p>secret second thoughts</p>");
    const stranger = await createUser();
    await api(`${V1}/block?username=${stranger.username}`, { method: "POST", headers: author.auth });
    const refused = await history(post.public_id, stranger.auth);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("secret");
  });

  it("lets staff redact a version: its text is gone, the history says so, and the audit log has one row", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author), {
      body: "<p>my address is 1 Main St</p>",
    });
    await editPost(author, post.public_id, "<p>oops, removed</p>");
    const before = await json<Page<PostVersion>>(await history(post.public_id));
    const old = before.list[1]!;
    expect(old.id).toBeTypeOf("number");

    const admin = await createAdmin();
    const redact = (id: unknown, auth = admin.auth) =>
      api("/api/admin/private/micropost/version/redact", { method: "PATCH", ...jsonBody({ id }, auth) });
    expect((await redact(old.id, author.auth)).status).toBe(401);
    const res = await redact(old.id);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ id: old.id, redacted: true });
    expect((await redact(old.id)).status).toBe(200);
    expect((await redact(999_999)).status).toBe(404);

    const after = await json<Page<PostVersion>>(await history(post.public_id));
    expect(after.list[1]).toMatchObject({ id: old.id, body: "", redacted: true });
    expect(JSON.stringify(after)).not.toContain("Main St");
    expect(after.list[0]!.body).toBe("<p>oops, removed</p>");

    const log = await json<{ list: AuditEntry[] }>(
      await api(`/api/admin/private/audit/list?admin=${admin.username}&limit=100`, { headers: admin.auth }),
    );
    const rows = log.list.filter((e) => e.action === "VERSION_REDACT");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.target).toBe(`post:${post.public_id}`);
  });
});

describe("pictures' descriptions", () => {
  it("stores a media post's description and answers it in user_file_list", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community, {
      post_type: "MEDIA",
      body: "",
      file: pngFile(),
      alt: "  A red kite over the hills  ",
    });
    expect((await postOf(post.public_id)).user_file_list).toEqual([
      expect.objectContaining({ file_type: "IMAGE", alt: "A red kite over the hills" }),
    ]);
    const none = await newPost(author, community, { post_type: "MEDIA", body: "", file: pngFile() });
    expect((await postOf(none.public_id)).user_file_list[0]!.alt).toBeNull();
  });

  it("refuses a description over 1,000 characters with 422 and makes no post", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const res = await api(`${V1}/micropost`, {
      method: "POST",
      headers: author.auth,
      body: form({
        title: "Too long",
        community_name: community,
        post_type: "MEDIA",
        file: pngFile(),
        alt: "x".repeat(1001),
      }),
    });
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe("alt: A description must be 1000 characters or less");
    const list = await json<{ total_list: number }>(
      await api(`/api/v1/community/micropost/list?name=${community}`),
    );
    expect(list.total_list).toBe(0);
  });

  it("keeps a chat picture's description on its message, and refuses one too long", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const thread = await startThread(a, b);
    const sent = await api(`${CHAT}/image`, {
      method: "POST",
      headers: a.auth,
      body: form({ public_id: thread, file: pngFile(), alt: "Our dog asleep on the sofa" }),
    });
    expect(sent.status).toBe(201);
    expect((await json<ChatMessage>(sent)).alt).toBe("Our dog asleep on the sofa");
    const tooLong = await api(`${CHAT}/image`, {
      method: "POST",
      headers: a.auth,
      body: form({ public_id: thread, file: pngFile(), alt: "y".repeat(1001) }),
    });
    expect(tooLong.status).toBe(422);

    const page = await json<Page<ChatMessage>>(
      await api(`${CHAT}/thread/message/list?public_id=${thread}`, { headers: b.auth }),
    );
    expect(page.list.map((m) => m.alt)).toEqual(["Our dog asleep on the sofa"]);
  });

  it("asks for descriptions by default; a person may turn that off", async () => {
    const person = await createUser();
    const me = async () =>
      (
        await json<{ settings: Record<string, boolean> }>(
          await api(`${V1}/auth/me`, { headers: person.auth }),
        )
      ).settings;
    expect((await me()).REQUIRE_ALT_TEXT).toBe(true);
    const res = await api(`${V1}/setting/boolean?user_boolean_setting=REQUIRE_ALT_TEXT`, {
      method: "PATCH",
      headers: person.auth,
    });
    expect(res.status).toBe(200);
    expect((await me()).REQUIRE_ALT_TEXT).toBe(false);
  });
});
