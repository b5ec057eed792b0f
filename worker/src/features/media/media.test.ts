import { createMessageBatch } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CreatedPost } from "#shared/schemas/posts.ts";
import { handleQueue, type JobMessage } from "#worker/queue.ts";
import { api, deps, detail, env, form, json } from "#worker-test/api.ts";
import { CHAT, startThread } from "#worker-test/chat.ts";
import { createAdmin, createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost, pngFile, removeByStaff } from "#worker-test/posts.ts";

// Who may fetch an uploaded file: chat pictures are for the thread's participants, a résumé for its
// owner and staff, a data archive for its owner, a draft's or a removed post's files for their
// author and staff; everyone else gets the 404 of a file that does not exist. Public media stays
// cacheable by anyone; a post's files only for minutes (its post may be removed later).

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
const cookie = (user: TestUser) => ({
  cookie: `theme=night; access_token=${encodeURIComponent(user.token)}`,
});

async function chatPicture() {
  const [a, b] = [await createUser(), await createUser()];
  const id = await startThread(a, b);
  const res = await api(`${CHAT}/image`, {
    method: "POST",
    headers: a.auth,
    body: form({ public_id: id, file: pngFile() }),
  });
  expect(res.status).toBe(201);
  return { a, b, id, link: (await json<{ media: string }>(res)).media };
}

async function resume(owner: TestUser): Promise<string> {
  const body = new FormData();
  body.append("file", new File([PDF], "cv.pdf", { type: "application/pdf" }));
  const res = await api("/api/v1/user/resume", { method: "POST", headers: owner.auth, body });
  expect(res.status).toBe(201);
  return (await json<{ link: string }>(res)).link;
}

/** What a missing file answers: the refusals must look the same. */
async function missing() {
  const res = await api("/media/chat/nosuchthread/nosuchfile.png");
  return { status: res.status, detail: await detail(res) };
}

function expectPrivate(res: Response) {
  expect(res.status).toBe(200);
  const cache = res.headers.get("cache-control") ?? "";
  expect(cache).toContain("private");
  expect(cache).toContain("no-store");
  expect(cache).not.toContain("public");
}

describe("chat pictures", () => {
  it("are served to the thread's participants with private caching, by token or by the SPA's cookie", async () => {
    const { a, b, link } = await chatPicture();
    expect(link).toMatch(/^\/media\/chat\//);
    for (const headers of [a.auth, b.auth, cookie(b)]) {
      const res = await api(link, { headers });
      expectPrivate(res);
      expect(res.headers.get("content-type")).toBe("image/png");
    }
  });

  it("are a 404 to a stranger and to a visitor, like a file that does not exist", async () => {
    const { link } = await chatPicture();
    const stranger = await createUser();
    const absent = await missing();
    for (const headers of [{}, stranger.auth, cookie(stranger), { authorization: "Bearer not-a-token" }]) {
      const res = await api(link, { headers });
      expect({ status: res.status, detail: await detail(res) }).toEqual(absent);
      expect(res.headers.get("cache-control") ?? "").not.toContain("public");
    }
  });

  it("are a 404 to a participant whose sessions were revoked", async () => {
    const { b, link } = await chatPicture();
    const res = await api("/api/v1/private/user/auth/update/password", {
      method: "PATCH",
      headers: b.auth,
      body: form({ old_password: "password", new_password: "another-password" }),
    });
    expect(res.status).toBe(202);
    expect((await api(link, { headers: b.auth })).status).toBe(404);
  });
});

describe("résumés", () => {
  it("are served to their owner and to staff with private caching", async () => {
    const owner = await createUser();
    const link = await resume(owner);
    expectPrivate(await api(link, { headers: owner.auth }));
    expectPrivate(await api(link, { headers: cookie(owner) }));
    const admin = await createAdmin();
    expectPrivate(await api(link, { headers: admin.auth }));
    expectPrivate(await api(link, { headers: { cookie: `admin_access_token=${admin.token}` } }));
  });

  it("are a 404 to a stranger and to a visitor", async () => {
    const owner = await createUser();
    const link = await resume(owner);
    const stranger = await createUser();
    const absent = await missing();
    for (const headers of [{}, stranger.auth, cookie(stranger)]) {
      const res = await api(link, { headers });
      expect({ status: res.status, detail: await detail(res) }).toEqual(absent);
    }
  });
});

describe("public media", () => {
  it("keeps public, immutable caching for everyone", async () => {
    const user = await createUser();
    const res = await api("/api/v1/private/user/file/upload", {
      method: "POST",
      headers: user.auth,
      body: form({ file: pngFile() }),
    });
    expect(res.status).toBe(200);
    const { link } = await json<{ link: string }>(res);
    const served = await api(link);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

/** The stored file of a post or a draft (its first), as its author's draft or the post page shows it. */
async function fileOf(author: TestUser, post: CreatedPost): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT f.file FROM micropost_files f JOIN microposts m ON m.id = f.micropost_id WHERE m.public_id = ?1",
  )
    .bind(post.public_id)
    .first<{ file: string }>();
  expect(row?.file, author.username).toMatch(/^\/media\/posts\//);
  return row!.file;
}

describe("a post's files", () => {
  it("of a draft are a 404 to visitors and other people, served to the author and staff, public once published", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const draft = await newPost(author, community, { post_type: "MEDIA", file: pngFile(), is_draft: "true" });
    const link = await fileOf(author, draft);
    const stranger = await createUser();
    const absent = await missing();
    for (const headers of [{}, stranger.auth, cookie(stranger)]) {
      const res = await api(link, { headers });
      expect({ status: res.status, detail: await detail(res) }).toEqual(absent);
    }
    expectPrivate(await api(link, { headers: author.auth }));
    expectPrivate(await api(link, { headers: cookie(author) }));
    expectPrivate(await api(link, { headers: (await createAdmin()).auth }));

    const published = await api("/api/v1/private/user/micropost/draft/publish", {
      method: "PATCH",
      headers: { ...author.auth, "content-type": "application/json" },
      body: JSON.stringify({ public_id: draft.public_id }),
    });
    expect(published.status).toBe(200);
    const seen = await api(link);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("of a post staff removed are a 404 to visitors and other people, served to the author and staff", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community, { post_type: "MEDIA", file: pngFile() });
    const link = await fileOf(author, post);
    expect((await api(link)).status).toBe(200);
    const admin = await createAdmin();
    await removeByStaff(admin, post, author, await createUser());
    const absent = await missing();
    for (const headers of [{}, (await createUser()).auth]) {
      const res = await api(link, { headers });
      expect({ status: res.status, detail: await detail(res) }).toEqual(absent);
    }
    expectPrivate(await api(link, { headers: author.auth }));
    expectPrivate(await api(link, { headers: admin.auth }));
  });
});

describe("data archives", () => {
  it("are served from /media/exports/ to their owner alone, never cached; visitors and others get a 404", async () => {
    const owner = await createUser();
    const asked = await api("/api/v1/private/user/export", { method: "POST", headers: owner.auth });
    expect(asked.status).toBe(202);
    const { id } = await json<{ id: number }>(asked);
    const batch = createMessageBatch<JobMessage>("agora-jobs", [
      { id: `export-${id}`, timestamp: new Date(), attempts: 1, body: { kind: "data-export", exportId: id } },
    ]);
    await handleQueue(batch, deps);
    const row = await env.DB.prepare("SELECT object_key FROM data_exports WHERE id = ?1")
      .bind(id)
      .first<{ object_key: string }>();
    const link = `/media/${row!.object_key}`;
    expect(link).toMatch(/^\/media\/exports\//);
    const absent = await missing();
    const stranger = await createUser();
    for (const headers of [{}, stranger.auth, cookie(stranger), (await createAdmin()).auth]) {
      const res = await api(link, { headers });
      expect({ status: res.status, detail: await detail(res) }).toEqual(absent);
    }
    expectPrivate(await api(link, { headers: owner.auth }));
    expectPrivate(await api(link, { headers: cookie(owner) }));
  });
});
