import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "#shared/api.ts";
import type { Blog, BlogSummary, FeaturedItem, MembershipPlan } from "#shared/schemas/content.ts";
import { api, env, json } from "#worker-test/api.ts";

beforeAll(async () => {
  const db = env.DB;
  await db.batch([
    db.prepare(
      `INSERT INTO featured_items (link, title, subtitle, image, position, created_at) VALUES
       ('https://example.org', 'Second', 'Outside', '/media/b.svg', 2, 1),
       ('/c/agora', 'First', 'Inside', '/media/a.svg', 1, 1)`,
    ),
    db.prepare(
      `INSERT INTO membership_plans (membership_type, name, price_cents, features, position) VALUES
       ('BUSINESS', 'Business', 10000, '["All User benefits","Professional profile"]', 1),
       ('USER', 'User', 1000, '["Verified mark","Priority support"]', 0)`,
    ),
    db.prepare(
      `INSERT INTO blog_posts (title, slug, category, summary, body, published_at, created_at, updated_at) VALUES
       ('Older', 'older', 'GUIDE', 'o', '<p>old</p>', 1000, 1, 1),
       ('Newer', 'newer', 'ANNOUNCEMENT', 'n', '<p>new</p>', 2000, 1, 1),
       ('Hidden draft', 'hidden-draft', 'OTHER', 'h', '<p>h</p>', NULL, 1, 1),
       ('Scheduled', 'scheduled', 'OTHER', 's', '<p>s</p>', 99999999999999, 1, 1)`,
    ),
  ]);
});

describe("content from the database", () => {
  it("lists the featured cards in their order", async () => {
    const res = await api("/api/v1/featured/main/list");
    expect(res.status).toBe(200);
    const { list } = await json<{ list: FeaturedItem[] }>(res);
    expect(list.map((f) => [f.title, f.link, f.subtitle, f.image])).toEqual([
      ["First", "/c/agora", "Inside", "/media/a.svg"],
      ["Second", "https://example.org", "Outside", "/media/b.svg"],
    ]);
  });

  it("lists the plans with their monthly price and features", async () => {
    const { list } = await json<{ list: MembershipPlan[] }>(await api("/api/v1/membership/plan/list"));
    expect(list).toEqual([
      {
        membership_type: "USER",
        name: "User",
        price: 10,
        currency: "USD",
        interval: "month",
        features: ["Verified mark", "Priority support"],
      },
      {
        membership_type: "BUSINESS",
        name: "Business",
        price: 100,
        currency: "USD",
        interval: "month",
        features: ["All User benefits", "Professional profile"],
      },
    ]);
  });

  it("lists published blog posts only, newest first, by category too", async () => {
    const page = await json<Page<BlogSummary>>(await api("/api/v1/blog/list"));
    expect(page.list.map((b) => b.slug)).toEqual(["newer", "older"]);
    expect(page.total_list).toBe(2);
    expect(page.list[0]).not.toHaveProperty("body");
    const guides = await json<Page<BlogSummary>>(await api("/api/v1/blog/list?category=guide"));
    expect(guides.list.map((b) => b.slug)).toEqual(["older"]);
  });

  it("shows one published post by slug and hides the others", async () => {
    const res = await api("/api/v1/blog?slug=newer");
    expect(res.status).toBe(200);
    expect(await json<Blog>(res)).toMatchObject({
      title: "Newer",
      body: "<p>new</p>",
      category: "ANNOUNCEMENT",
    });
    for (const slug of ["hidden-draft", "scheduled", "nothing"]) {
      expect((await api(`/api/v1/blog?slug=${slug}`)).status, slug).toBe(404);
    }
    expect((await api("/api/v1/blog")).status).toBe(422);
  });
});
