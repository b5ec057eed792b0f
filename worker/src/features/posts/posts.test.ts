import { describe, expect, it } from "vitest";
import type { Community } from "#shared/schemas/communities.ts";
import type { FeedItem, Post, VoteResult } from "#shared/schemas/posts.ts";
import { api, detail, env, form, json, jsonBody, reads } from "#worker-test/api.ts";
import { CHAT, startThread } from "#worker-test/chat.ts";
import { noticesOf } from "#worker-test/notices.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { bigPng, mp4File, newCommunity, newPost, pngFile } from "#worker-test/posts.ts";
import { counted, spent } from "#worker-test/rows.ts";

const createPost = (user: TestUser, fields: Record<string, string | Blob>) =>
  api("/api/v1/private/user/micropost", { method: "POST", headers: user.auth, body: form(fields) });
const getPost = async (publicId: string, auth: Record<string, string> = {}) =>
  api(`/api/v1/micropost?public_id=${publicId}`, { headers: auth });

describe("creating a post", () => {
  it("answers 201 with its link, and the post shows every field of the spec", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const res = await createPost(author, {
      title: "  Golden hour in Lisbon ",
      body: "<h2>Light</h2><p>The light on the tiles.</p>",
      community_name: community,
      post_type: "TEXT",
      is_draft: "false",
    });
    expect(res.status).toBe(201);
    const created = await json<{ public_id: string; link: string }>(res);
    expect(created.link).toBe(`/c/${community}/p/${created.public_id}/golden-hour-in-lisbon`);

    const item = await json<FeedItem>(await getPost(created.public_id, author.auth));
    expect(item.owner).toMatchObject({ username: author.username, is_staff: false, is_verified_user: false });
    expect(item.community).toMatchObject({ name: community, total_microposts: 1 });
    expect(item.micropost).toMatchObject({
      public_id: created.public_id,
      title: "Golden hour in Lisbon",
      body: "<h2>Light</h2><p>The light on the tiles.</p>",
      link: created.link,
      post_type: "TEXT",
      user_file_list: [],
      is_pinned: false,
      depth: 0,
      total_micropost_votes: 0,
      total_micropost_comments: 0,
      user_voted: false,
      user_is_owner: true,
    });
    for (const field of ["published_at", "created_at", "updated_at"] as const)
      expect(new Date(item.micropost[field]!).toISOString()).toBe(item.micropost[field]);
    expect(item.comment_list).toEqual([]);
    expect((await json<FeedItem>(await getPost(created.public_id))).micropost.user_is_owner).toBe(false);
  });

  it("joins the author to the community they post in", async () => {
    const owner = await createUser();
    const community = await newCommunity(owner);
    const author = await createUser();
    await newPost(author, community);
    const after = await json<Community>(
      await api(`/api/v1/community?name=${community}`, { headers: author.auth }),
    );
    expect(after.total_members).toBe(2);
    expect(after.user_membership?.role).toBe("MEMBER");
  });

  it("turns plain text into paragraphs and links, and @name into a profile link with a notification", async () => {
    const author = await createUser();
    const friend = await createUser();
    const community = await newCommunity(author);
    const { public_id } = await newPost(author, community, {
      body: `Hello @${friend.username} and @nobodyhere\n\nsee https://example.com/page`,
    });
    const item = await json<FeedItem>(await getPost(public_id));
    expect(item.micropost.body).toBe(
      `<p>Hello <a href="/user/${friend.username}">@${friend.username}</a> and @nobodyhere</p>` +
        `<p>see <a href="https://example.com/page" target="_blank" rel="noopener noreferrer nofollow">https://example.com/page</a></p>`,
    );
    // The friend's inbox keeps the mention (docs/decisions/223): their list shows it, D1 has none.
    expect((await noticesOf(friend)).map((n) => [n.kind, n.link, n.actor?.username, n.text])).toEqual([
      ["MENTION", item.micropost.link, author.username, "A title"],
    ]);
    const inD1 = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?1")
      .bind(friend.id)
      .first<{ n: number }>();
    expect(inD1?.n).toBe(0);
  });

  it("links an address typed in the editor's HTML, opening apart as chat's links do", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const { public_id } = await newPost(author, community, {
      body: "<p>Slides: www.example.com/talk and <strong>https://example.org</strong>.</p>",
    });
    const item = await json<FeedItem>(await getPost(public_id));
    const out = 'target="_blank" rel="noopener noreferrer nofollow"';
    expect(item.micropost.body).toBe(
      `<p>Slides: <a href="https://www.example.com/talk" ${out}>www.example.com/talk</a> and <strong><a href="https://example.org" ${out}>https://example.org</a></strong>.</p>`,
    );
  });

  it.each([
    [{ title: "" }, "title: Title is required"],
    [{ title: "    " }, "title: Title is required"],
    [{ title: "t".repeat(301) }, "title: Title must be 300 characters or less"],
    [{ body: "" }, "body: Write something in the body"],
    [{ body: "<p>  </p>" }, "body: Write something in the body"],
    [{ body: "b".repeat(10_001) }, "body: Body must be 10000 characters or less"],
    [{ body: `<p>text</p>${"<span></span>".repeat(8_000)}` }, "body: Body must be 10000 characters or less"],
    [{ community_name: "" }, "community_name: Choose a community"],
    [{ post_type: "POLL" }, "post_type: Use TEXT or MEDIA"],
    [{ post_type: "MEDIA" }, "file: Add an image or a video"],
    [{ body: "<script>alert(1)</script>" }, "body: Write something in the body"],
  ])("refuses %o with a 422 naming the field, and creates nothing", async (fields, message) => {
    const author = await createUser();
    const community = await newCommunity(author);
    const res = await createPost(author, {
      title: "Fine title",
      body: "Fine body",
      community_name: community,
      ...fields,
    });
    expect(res.status).toBe(422);
    expect(await detail(res)).toContain(message);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM microposts WHERE owner_id = ?1")
      .bind(author.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("accepts a 300-character title and a 10,000-character body", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const res = await createPost(author, {
      title: "t".repeat(300),
      body: "b".repeat(10_000),
      community_name: community,
    });
    expect(res.status).toBe(201);
  });

  it("takes a text post as JSON or as a plain form too", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const asJson = await api("/api/v1/private/user/micropost", {
      method: "POST",
      ...jsonBody(
        { title: "From JSON", body: "json body", community_name: community, is_draft: false },
        author.auth,
      ),
    });
    expect(asJson.status).toBe(201);
    const asForm = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: author.auth,
      body: new URLSearchParams({ title: "From a form", body: "form body", community_name: community }),
    });
    expect(asForm.status).toBe(201);
    expect((await json<{ link: string }>(asForm)).link).toMatch(/\/from-a-form$/);
  });

  it("answers 404 for a community that does not exist", async () => {
    const author = await createUser();
    const res = await createPost(author, { title: "T", body: "B", community_name: "nowhere" });
    expect(res.status).toBe(404);
  });

  it("needs a signed-in user", async () => {
    const res = await api("/api/v1/private/user/micropost", { method: "POST", body: form({ title: "T" }) });
    expect(res.status).toBe(401);
  });
});

describe("media posts", () => {
  it("stores an image or a video by its bytes and serves it with its real type", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    for (const [file, kind, type] of [
      [pngFile("holiday.jpg"), "IMAGE", "image/png"],
      [mp4File(), "VIDEO", "video/mp4"],
    ] as const) {
      const { public_id } = await newPost(author, community, { post_type: "MEDIA", body: "", file });
      const item = await json<FeedItem>(await getPost(public_id));
      expect(item.micropost.post_type).toBe("MEDIA");
      expect(item.micropost.user_file_list).toHaveLength(1);
      expect(item.micropost.user_file_list[0]!.file_type).toBe(kind);
      const served = await api(item.micropost.user_file_list[0]!.file);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
    }
  });

  it("takes its stored file with it when its author deletes it", async () => {
    const author = await createUser();
    const { public_id } = await newPost(author, await newCommunity(author), {
      post_type: "MEDIA",
      body: "",
      file: pngFile("gone.png"),
    });
    const file = (await json<FeedItem>(await getPost(public_id))).micropost.user_file_list[0]!.file;
    expect((await api(file)).status).toBe(200);
    const deleted = await api(`/api/v1/private/user/micropost?public_id=${public_id}`, {
      method: "DELETE",
      headers: author.auth,
    });
    expect(deleted.status).toBe(204);
    expect((await api(file)).status).toBe(404);
    expect((await getPost(public_id)).status).toBe(404);
  });

  it("refuses a text file named .png (415) and a file over 1 MB (422)", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const fake = new File(["<script>alert(1)</script> this is text"], "cat.png", { type: "image/png" });
    const wrong = await createPost(author, {
      title: "T",
      community_name: community,
      post_type: "MEDIA",
      file: fake,
    });
    expect(wrong.status).toBe(415);
    const big = await createPost(author, {
      title: "T",
      community_name: community,
      post_type: "MEDIA",
      file: bigPng(),
    });
    expect(big.status).toBe(422);
    expect(await detail(big)).toBe("file: File size should not exceed 1MB");
  });

  it("cannot be edited, even by its owner", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const { public_id } = await newPost(author, community, { post_type: "MEDIA", file: pngFile() });
    const res = await api("/api/v1/private/user/micropost", {
      method: "PATCH",
      ...jsonBody({ public_id, body: "new" }, author.auth),
    });
    expect(res.status).toBe(403);
    expect(await detail(res)).toBe("Media posts cannot be edited");
  });
});

describe("safe rendering", () => {
  it("keeps formatting and drops every script, handler, style and javascript: link", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const hostile = [
      "<h2>Title</h2><p><strong>bold</strong> <em>it</em></p>",
      "<script>alert('x')</script>",
      '<img src="x" onerror="alert(1)">',
      '<img src="/media/ok.png" alt="ok">',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="jav&#x09;ascript:alert(1)">tab</a>',
      '<a href="/c/agora" onclick="alert(1)">home</a>',
      '<p style="background:url(javascript:alert(1))">styled</p>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload="alert(1)"><circle/></svg>',
      '<form action="https://evil.example"><input name="x"></form>',
      "<style>body{display:none}</style>",
    ].join("");
    const { public_id } = await newPost(author, community, { body: hostile });
    const body = (await json<FeedItem>(await getPost(public_id))).micropost.body;
    expect(body).toContain("<h2>Title</h2><p><strong>bold</strong> <em>it</em></p>");
    expect(body).toContain('<img src="/media/ok.png" alt="ok">');
    expect(body).toContain('<a href="/c/agora">home</a>');
    expect(body).not.toMatch(
      /<script|onerror|onclick|onload|javascript:|<iframe|<svg|<form|<input|<style|style=/i,
    );
    expect(body).not.toContain("alert('x')");
    expect(body).not.toContain('src="x"');
  });
});

describe("editing and deleting", () => {
  it("lets the owner edit the body in place (200) and nobody else (403)", async () => {
    const author = await createUser();
    const other = await createUser();
    const community = await newCommunity(author);
    const { public_id } = await newPost(author, community);
    const refused = await api("/api/v1/private/user/micropost", {
      method: "PATCH",
      ...jsonBody({ public_id, body: "hijack" }, other.auth),
    });
    expect(refused.status).toBe(403);

    const res = await api("/api/v1/private/user/micropost", {
      method: "PATCH",
      ...jsonBody({ public_id, body: "<p>Better body</p>" }, author.auth),
    });
    expect(res.status).toBe(200);
    const micropost = await json<Post>(res);
    expect(micropost.body).toBe("<p>Better body</p>");
    expect(micropost.title).toBe("A title");
    expect((await json<FeedItem>(await getPost(public_id))).micropost.body).toBe("<p>Better body</p>");

    const blank = await api("/api/v1/private/user/micropost", {
      method: "PATCH",
      ...jsonBody({ public_id, body: "   " }, author.auth),
    });
    expect(blank.status).toBe(422);
  });

  it("lets only the owner delete (204); counters go back; the post is gone", async () => {
    const author = await createUser();
    const other = await createUser();
    const community = await newCommunity(author);
    const { public_id } = await newPost(author, community);
    const del = (auth: Record<string, string>) =>
      api(`/api/v1/private/user/micropost?public_id=${public_id}`, { method: "DELETE", headers: auth });
    expect((await del(other.auth)).status).toBe(403);
    expect((await getPost(public_id)).status).toBe(200);
    const res = await del(author.auth);
    expect(res.status).toBe(204);
    expect((await getPost(public_id)).status).toBe(404);
    expect((await del(author.auth)).status).toBe(404);
    const after = await json<Community>(await api(`/api/v1/community?name=${community}`));
    expect(after.total_microposts).toBe(0);
  });
});

describe("votes", () => {
  const toggle = (user: TestUser, publicId: string) =>
    api(`/api/v1/private/user/micropost/vote?public_id=${publicId}`, { method: "PATCH", headers: user.auth });

  it("toggles and answers user_voted with the count moved by one", async () => {
    const author = await createUser();
    const voter = await createUser();
    const community = await newCommunity(author);
    const { public_id } = await newPost(author, community);
    const first = await json<VoteResult>(await toggle(voter, public_id));
    expect(first).toEqual({ user_voted: true, total_micropost_votes: 1 });
    expect((await json<FeedItem>(await getPost(public_id, voter.auth))).micropost.user_voted).toBe(true);
    const [note] = await noticesOf(author);
    expect(note?.kind).toBe("UPVOTE");
    const second = await json<VoteResult>(await toggle(voter, public_id));
    expect(second).toEqual({ user_voted: false, total_micropost_votes: 0 });
  });

  it("keeps a vote in two b-trees, its key and the person's index, with no rowid (migration 0116)", async () => {
    const table = await env.DB.prepare(
      "SELECT wr FROM pragma_table_list WHERE name = 'micropost_votes'",
    ).first<{
      wr: number;
    }>();
    expect(table?.wr).toBe(1);
  });

  it("keeps the count equal to the votes under many simultaneous toggles by the same person", async () => {
    const author = await createUser();
    const voter = await createUser();
    const community = await newCommunity(author);
    const { public_id } = await newPost(author, community);
    const answers = await Promise.all(Array.from({ length: 25 }, () => toggle(voter, public_id)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const results = await Promise.all(answers.map((r) => json<VoteResult>(r)));
    // Every answer is a state the post really passed through: voted with 1, or not with 0.
    for (const r of results) expect(r.total_micropost_votes).toBe(r.user_voted ? 1 : 0);
    const item = await json<FeedItem>(await getPost(public_id, voter.auth));
    expect(item.micropost.total_micropost_votes).toBe(1);
    expect(item.micropost.user_voted).toBe(true);

    const others = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    await Promise.all(others.map((o) => toggle(o, public_id)));
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM micropost_votes v JOIN microposts m ON m.id = v.micropost_id WHERE m.public_id = ?1",
    )
      .bind(public_id)
      .first<{ n: number }>();
    const total = (await json<FeedItem>(await getPost(public_id))).micropost.total_micropost_votes;
    expect(total).toBe(9);
    expect(rows?.n).toBe(9);
  });

  it("answers 404 for a post that does not exist and 401 without a token", async () => {
    const voter = await createUser();
    expect((await toggle(voter, "nosuchpost")).status).toBe(404);
    expect((await api("/api/v1/private/user/micropost/vote?public_id=x", { method: "PATCH" })).status).toBe(
      401,
    );
  });
});

describe("the editor's image upload", () => {
  const upload = (user: TestUser | null, file: File) =>
    api("/api/v1/private/user/file/upload", {
      method: "POST",
      headers: user?.auth ?? {},
      body: form({ file }),
    });

  it("stores an image and answers its link, served with its real type", async () => {
    const user = await createUser();
    const res = await upload(user, pngFile("pasted.gif"));
    expect(res.status).toBe(200);
    const { link } = await json<{ link: string }>(res);
    expect(link).toMatch(/^\/media\/editor\/[a-z2-9]+\.png$/);
    const served = await api(link);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("refuses text, videos, files over 1 MB and visitors", async () => {
    const user = await createUser();
    expect((await upload(user, new File(["hello"], "a.png", { type: "image/png" }))).status).toBe(415);
    expect((await upload(user, mp4File())).status).toBe(415);
    expect((await upload(user, bigPng())).status).toBe(422);
    expect((await upload(null, pngFile())).status).toBe(401);
  });

  it("an upload refused by its hourly limit is not counted toward a new account's day", async () => {
    const joined = Date.now() - 24 * 60 * 60_000;
    const user = await createUser({
      trustLevel: 0,
      trustLevelManual: false,
      trustLevelAt: joined,
      createdAt: joined,
    });
    await spent(`upload:${user.id}`, 100);
    const refused = await upload(user, pngFile());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await detail(refused)).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(await counted(`trust:upload:${user.id}`)).toBeNull();

    await spent(`upload:${user.id}`, 0);
    await spent(`trust:upload:${user.id}`, 19);
    const stored = await upload(user, pngFile());
    expect(stored.status).toBe(200);
    // The token check, both counters (the level, a day old, worked out again with them), the file.
    expect(reads(stored).calls).toBe(3);
    const past = await upload(user, pngFile());
    expect(past.status).toBe(429);
    expect(await json<{ limit: Record<string, unknown> }>(past)).toMatchObject({
      limit: { action: "upload", max: 20, trust_level: 0, reason: "AGE" },
    });
    expect(await counted(`upload:${user.id}`)).toBe(2);
    expect(await counted(`trust:upload:${user.id}`)).toBe(21);
  });

  it("a new account's media drafts and chat pictures spend the same daily upload allowance", async () => {
    const user = await createUser({ trustLevel: 0, trustLevelManual: true });
    const community = await newCommunity(await createUser());
    const draft = (fields: Record<string, string | Blob>) =>
      createPost(user, { title: "Holiday", community_name: community, is_draft: "true", ...fields });
    await spent(`trust:upload:${user.id}`, 18);
    expect((await draft({ post_type: "MEDIA", file: pngFile() })).status).toBe(201);
    const thread = await startThread(user, await createUser());
    const picture = () =>
      api(`${CHAT}/image`, {
        method: "POST",
        headers: user.auth,
        body: form({ public_id: thread, file: pngFile() }),
      });
    expect((await picture()).status).toBe(201);
    // The twentieth of the day is spent: a draft's file, a chat picture and an editor image are refused.
    for (const refused of [
      await draft({ post_type: "MEDIA", file: pngFile() }),
      await picture(),
      await upload(user, pngFile()),
    ]) {
      expect(refused.status).toBe(429);
      expect(await json<{ limit: Record<string, unknown> }>(refused)).toMatchObject({
        limit: { action: "upload", max: 20, trust_level: 0 },
      });
    }
    // A draft without a file stores nothing and spends nothing.
    expect((await draft({ post_type: "TEXT", body: "<p>Words only</p>" })).status).toBe(201);
  });
});

describe("post limits", () => {
  const day = 24 * 60 * 60_000;
  const newcomer = (joined = Date.now() - day) =>
    createUser({ trustLevel: 0, trustLevelManual: false, trustLevelAt: joined, createdAt: joined });
  const publish = (user: TestUser, fields: Record<string, string>) =>
    api("/api/v1/private/user/micropost/draft/publish", {
      method: "PATCH",
      headers: user.auth,
      body: form(fields),
    });
  const postsBy = async (user: TestUser) =>
    (
      await env.DB.prepare("SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 0")
        .bind(user.id)
        .first<{ n: number }>()
    )?.n;

  it("a post refused by its hourly limit is not counted toward a new account's day; a missing community or a blank body counts toward neither", async () => {
    const person = await newcomer();
    const community = await newCommunity(await createUser());
    const fields = { title: "Hello", body: "<p>First words</p>", community_name: community };
    await spent(`post:${person.id}`, 100);
    const refused = await createPost(person, fields);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json<{ detail: string }>(refused)).detail).toMatch(
      /^Too many attempts\. Try again in \d+ seconds\.$/,
    );
    expect(await counted(`post:${person.id}`)).toBe(101);
    expect(await counted(`trust:post:${person.id}`)).toBeNull();
    expect(await postsBy(person)).toBe(0);

    await spent(`post:${person.id}`, 0);
    expect((await createPost(person, { ...fields, community_name: "nosuchplace" })).status).toBe(404);
    const blank = await createPost(person, { ...fields, body: "<script>alert(1)</script>" });
    expect(blank.status).toBe(422);
    expect(await counted(`post:${person.id}`)).toBe(0);
    expect(await counted(`trust:post:${person.id}`)).toBeNull();

    expect((await createPost(person, fields)).status).toBe(201);
    expect(await counted(`post:${person.id}`)).toBe(1);
    expect(await counted(`trust:post:${person.id}`)).toBe(1);
  });

  it("past a new account's day, a post and a draft's publishing are refused saying why; saving a draft, or publishing one not one's own, does not count", async () => {
    const joined = Date.now() - day;
    const person = await newcomer(joined);
    const community = await newCommunity(await createUser());
    await spent(`trust:post:${person.id}`, 4);
    const first = await newPost(person, community, { title: "First", body: "", is_draft: "true" });
    const second = await newPost(person, community, {
      title: "Second",
      body: "<p>Two</p>",
      is_draft: "true",
    });
    expect(await counted(`trust:post:${person.id}`)).toBe(4);
    const stranger = await createUser();
    expect((await publish(stranger, { public_id: second.public_id })).status).toBe(404);
    expect((await publish(person, { public_id: "nosuchdraft" })).status).toBe(404);
    expect(await counted(`trust:post:${person.id}`)).toBe(4);

    const published = await publish(person, {
      public_id: first.public_id,
      title: "First, finished",
      body: "<p>One</p>",
      community_name: community,
    });
    expect(published.status).toBe(200);
    expect(await counted(`trust:post:${person.id}`)).toBe(5);

    const until = new Date(joined + 3 * day);
    const weekday = until.toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" });
    for (const refused of [
      await publish(person, { public_id: second.public_id }),
      await createPost(person, { title: "Third", body: "<p>Three</p>", community_name: community }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).not.toBeNull();
      const body = await json<{ detail: string; limit: Record<string, unknown> }>(refused);
      expect(body.detail).toMatch(
        new RegExp(`^New accounts can publish 5 posts a day; more from ${weekday} `),
      );
      expect(body.limit).toEqual({
        action: "post",
        max: 5,
        trust_level: 0,
        reason: "AGE",
        until: until.toISOString(),
        retry_at: expect.any(String),
      });
    }
    expect(await postsBy(person)).toBe(1);
    const draft = await api(`/api/v1/private/user/micropost/draft?public_id=${second.public_id}`, {
      headers: person.auth,
    });
    expect(draft.status).toBe(200);
  });
});
