import { describe, expect, it } from "vitest";
import { adminBlogDetailSchema } from "#shared/schemas/admin.ts";
import { api, detail, json, jsonBody } from "#worker-test/api.ts";
import { createAdmin, type TestAdmin } from "#worker-test/people.ts";

const path = "/api/admin/private/admin/blog";
const call = (admin: TestAdmin, method: string, suffix: string, body?: unknown) =>
  api(`${path}${suffix}`, {
    method,
    ...(body === undefined ? { headers: admin.auth } : jsonBody(body, admin.auth)),
  });
let n = 0;
const title = () => `Release notes ${Date.now()} ${++n}`;

async function create(admin: TestAdmin, fields: Record<string, unknown> = {}) {
  const res = await call(admin, "POST", "", {
    title: title(),
    category: "announcement",
    body: "<p>Hello</p>",
    ...fields,
  });
  expect(res.status).toBe(201);
  return adminBlogDetailSchema.parse(await json(res));
}

const publicList = async () =>
  (await json<{ list: Array<{ slug: string }> }>(await api("/api/v1/blog/list?limit=100"))).list.map(
    (b) => b.slug,
  );

describe("admin blog", () => {
  it("creates unpublished, shows it only to staff until published, and hides it again when unpublished", async () => {
    const admin = await createAdmin();
    const post = await create(admin, {
      body: '<h2>News</h2><p onclick="steal()">Read <a href="javascript:alert(1)">this</a></p><script>alert(1)</script>',
      cover: "/media/admin/cover.png",
    });
    expect(post).toMatchObject({
      category: "ANNOUNCEMENT",
      published_at: null,
      cover: "/media/admin/cover.png",
    });
    expect(post.body).toBe("<h2>News</h2><p>Read <a>this</a></p>");
    expect(post.summary).toBe("News Read this");
    expect(post.slug).toMatch(/^release-notes-/);

    const staffList = await json<{ list: Array<{ id: number; published_at: string | null }> }>(
      await call(admin, "GET", "/list?limit=100"),
    );
    expect(staffList.list.find((b) => b.id === post.id)?.published_at).toBeNull();
    expect(await publicList()).not.toContain(post.slug);
    expect((await api(`/api/v1/blog?slug=${post.slug}`)).status).toBe(404);

    const published = await call(admin, "PATCH", "/publish", { id: post.id, published: true });
    expect(published.status).toBe(200);
    const answer = await json<{ detail: string; blog: { published_at: string | null } }>(published);
    expect(answer.detail).toBe("It was published");
    expect(answer.blog.published_at).not.toBeNull();
    expect(await publicList()).toContain(post.slug);
    expect((await api(`/api/v1/blog?slug=${post.slug}`)).status).toBe(200);

    // Publishing again keeps the first date.
    const twice = await json<{ blog: { published_at: string } }>(
      await call(admin, "PATCH", "/publish", { id: post.id, published: "true" }),
    );
    expect(twice.blog.published_at).toBe(answer.blog.published_at);

    const hidden = await call(admin, "PATCH", "/publish", { id: post.id, published: false });
    expect(await detail(hidden)).toBe("It was unpublished");
    expect(await publicList()).not.toContain(post.slug);
  });

  it("changes the fields given, reads one, deletes", async () => {
    const admin = await createAdmin();
    const post = await create(admin, { slug: `custom-${Date.now()}`, summary: "Mine" });
    const res = await call(admin, "PATCH", "", {
      id: post.id,
      title: "A new title",
      category: "GUIDE",
      cover: null,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      title: "A new title",
      category: "GUIDE",
      slug: post.slug,
      summary: "Mine",
      cover: null,
    });
    const one = adminBlogDetailSchema.parse(await json(await call(admin, "GET", `?id=${post.id}`)));
    expect(one.body).toBe("<p>Hello</p>");

    expect((await call(admin, "DELETE", "", { id: post.id })).status).toBe(204);
    expect((await call(admin, "GET", `?id=${post.id}`)).status).toBe(404);
    const again = await call(admin, "DELETE", "", { id: post.id });
    expect(again.status).toBe(404);
    expect(await detail(again)).toBe("This blog post does not exist");
  });

  it("keeps slugs unique: a taken one is 409, a title's gets a suffix", async () => {
    const admin = await createAdmin();
    const first = await create(admin, { title: "Same title" });
    const second = await create(admin, { title: "Same title" });
    expect(second.slug).not.toBe(first.slug);
    expect(second.slug.startsWith(first.slug)).toBe(true);
    const taken = await call(admin, "POST", "", {
      title: "x",
      category: "OTHER",
      body: "b",
      slug: first.slug,
    });
    expect(taken.status).toBe(409);
    expect(await detail(taken)).toBe("Another blog post already uses this slug");
    expect((await call(admin, "PATCH", "", { id: second.id, slug: first.slug })).status).toBe(409);
  });

  it("answers the bounds and messages of every field", async () => {
    const admin = await createAdmin();
    const ok = { title: "Fine", category: "GUIDE", body: "<p>Body</p>" };
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ["POST", "", { ...ok, title: "" }, "title: Required"],
      ["POST", "", { ...ok, title: "x".repeat(201) }, "title: Must be 200 characters or less"],
      ["POST", "", { ...ok, category: "NEWS" }, "category: Invalid category"],
      ["POST", "", { title: "Fine", category: "GUIDE" }, "body: Required"],
      ["POST", "", { ...ok, body: "x".repeat(100_001) }, "body: Must be 100000 characters or less"],
      ["POST", "", { ...ok, slug: "Not A Slug!" }, "slug: Use lowercase letters, digits and hyphens"],
      ["POST", "", { ...ok, cover: "javascript:alert(1)" }, "cover: Invalid URL"],
      // Only an uploaded picture: the site's CSP shows no other site's pictures.
      ["POST", "", { ...ok, cover: "https://images.example/cover.png" }, "cover: Invalid URL"],
      ["POST", "", { ...ok, cover: "//images.example/cover.png" }, "cover: Invalid URL"],
      ["POST", "", { ...ok, summary: "x".repeat(301) }, "summary: Must be 300 characters or less"],
      ["PATCH", "", { title: "x" }, "id: Must be a positive whole number"],
      ["PATCH", "/publish", { id: 1 }, "published: Must be true or false"],
      ["PATCH", "/publish", { id: 1, published: "yes" }, "published: Must be true or false"],
      ["DELETE", "", {}, "id: Must be a positive whole number"],
    ];
    for (const [method, suffix, body, message] of cases) {
      const res = await call(admin, method, suffix, body);
      expect(res.status, message).toBe(422);
      expect(await detail(res)).toBe(message);
    }
    expect((await call(admin, "GET", "?id=x")).status).toBe(422);
    expect((await call(admin, "PATCH", "/publish", { id: 999_999, published: true })).status).toBe(404);
    expect((await call(admin, "PATCH", "", { id: 999_999, title: "x" })).status).toBe(404);
  });
});
