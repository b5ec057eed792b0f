import { beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "#shared/schemas/search.ts";
import { api, env, json } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { insertComment, insertCommunity, insertPost } from "#worker-test/rows.ts";

// biome-ignore lint/suspicious/noExplicitAny: the tests read nested fields of four result shapes.
type Found = SearchResult & { list: Array<Record<string, any>> };

async function search(params: Record<string, string>, auth: Record<string, string> = {}) {
  const res = await api(`/api/v1/search?${new URLSearchParams(params)}`, { headers: auth });
  expect(res.status).toBe(200);
  return json<Found>(res);
}

let alice: Awaited<ReturnType<typeof createUser>>;
let bruno: Awaited<ReturnType<typeof createUser>>;
let photography: { id: number; name: string };

beforeAll(async () => {
  alice = await createUser({ username: "alicesearch", profileName: "Alice Moreau" });
  bruno = await createUser({ username: "brunosearch", profileName: "Bruno Silva" });
  await createUser({ username: "pendinguser", status: "UNCONFIRMED" });
  photography = await insertCommunity("photography", {
    displayName: "Photography",
    description: "Shots, gear and techniques",
  });
  await insertCommunity("cooking", { displayName: "Home Cooking", description: "Weeknight recipes" });
  const lisbon = await insertPost(
    alice.id,
    photography.id,
    "Golden hour in Lisbon",
    "<p>Shot on a <strong>35mm</strong> prime</p>",
  );
  await insertPost(bruno.id, photography.id, "Lisbon trams", "<p>Yellow trams at golden hour</p>");
  await insertPost(bruno.id, photography.id, "Secret draft about Lisbon", "<p>x</p>", { draft: true });
  await insertComment(bruno.id, lisbon.id, "<p>The tiles of Lisbon glow at sunset</p>");
});

describe("GET /api/v1/search", () => {
  it("finds posts with their community, owner and micropost, titles first", async () => {
    const found = await search({ q: "lisbon", type: "posts" });
    expect(found.search_type).toBe("posts");
    expect(found.total_list).toBe(2);
    expect(found.total_pages).toBe(1);
    expect(found.list.map((i) => i.micropost.title).sort()).toEqual([
      "Golden hour in Lisbon",
      "Lisbon trams",
    ]);
    const first = found.list.find((i) => i.micropost.title === "Golden hour in Lisbon")!;
    expect(first.community).toMatchObject({ name: "photography", user_membership: null });
    expect(first.owner).toMatchObject({ username: "alicesearch", profile_name: "Alice Moreau" });
    expect(first.owner).not.toHaveProperty("email");
    expect(first.micropost).toMatchObject({ user_voted: false, post_type: "TEXT" });
    expect(first.micropost.link).toMatch(/^\/c\/photography\/p\/[a-z0-9]+\/golden-hour-in-lisbon$/);
  });

  it("ranks a word in the title above the same word in the body", async () => {
    const community = await insertCommunity("rankingc");
    await insertPost(bruno.id, community.id, "A day out", "<p>We saw a narwhal near the harbour today</p>");
    await insertPost(bruno.id, community.id, "Narwhal facts", "<p>Tusks are teeth</p>", { publishedAt: 1 });
    const found = await search({ q: "narwhal" });
    expect(found.list.map((i) => i.micropost.title)).toEqual(["Narwhal facts", "A day out"]);
  });

  it("never shows drafts, and needs every word", async () => {
    expect((await search({ q: "secret draft" })).list).toEqual([]);
    const both = await search({ q: "golden trams" });
    expect(both.list.map((i) => i.micropost.title)).toEqual(["Lisbon trams"]);
  });

  it("matches word forms and accents", async () => {
    expect((await search({ q: "tram" })).total_list).toBe(1);
    expect((await search({ q: "LÍSBON" })).total_list).toBe(2);
  });

  it("finds comments with their post", async () => {
    const found = await search({ q: "tiles", type: "comments" });
    expect(found.search_type).toBe("comments");
    expect(found.list).toHaveLength(1);
    expect(found.list[0]!.comment.body).toContain("tiles of Lisbon");
    expect(found.list[0]!.owner.username).toBe("brunosearch");
    expect(found.list[0]!.micropost.title).toBe("Golden hour in Lisbon");
    expect(found.list[0]!.comment.link).toContain(found.list[0]!.micropost.link);
  });

  it("finds communities by the start of a name, with the caller's membership", async () => {
    await env.DB.prepare(
      "INSERT INTO community_members (community_id, user_id, role, created_at) VALUES (?1, ?2, 'MEMBER', 1)",
    )
      .bind(photography.id, alice.id)
      .run();
    const found = await search({ q: "photo", type: "communities" }, alice.auth);
    expect(found.list.map((i) => i.community.name)).toEqual(["photography"]);
    expect(found.list[0]!.community.user_membership).toMatchObject({ role: "MEMBER" });
    expect((await search({ q: "recipes", type: "communities" })).list[0]!.community.name).toBe("cooking");
  });

  it("lists every community when the community search has no text", async () => {
    await env.DB.prepare("UPDATE communities SET total_members = 5 WHERE name = 'cooking'").run();
    const found = await search({ type: "communities" });
    const all = await env.DB.prepare("SELECT count(*) AS n FROM communities").first<{ n: number }>();
    expect(found.total_list).toBe(all!.n);
    expect(found.list[0]!.community.name).toBe("cooking");
    expect(found.list.map((i) => i.community.name)).toContain("photography");
  });

  it("finds active users by username or name, not unconfirmed ones", async () => {
    const byName = await search({ q: "moreau", type: "users" }, bruno.auth);
    expect(byName.search_type).toBe("users");
    expect(byName.list).toEqual([
      { owner: expect.objectContaining({ username: "alicesearch" }), is_following: false },
    ]);
    expect((await search({ q: "bru", type: "users" })).list[0]!.owner.username).toBe("brunosearch");
    expect((await search({ q: "pendinguser", type: "users" })).list).toEqual([]);
  });

  it("falls back to posts for an unknown or missing type", async () => {
    for (const type of ["nonsense", "POSTS", ""]) {
      const found = await search({ q: "lisbon", type });
      expect(found.search_type).toBe("posts");
      expect(found.total_list).toBe(2);
    }
    expect((await search({ q: "lisbon" })).search_type).toBe("posts");
  });

  it("answers hostile text normally, never with an error", async () => {
    const hostile = [
      '"',
      '"lisbon',
      "lisbon OR trams",
      "NEAR(lisbon trams)",
      "lisbon*",
      "*",
      "title:lisbon",
      "body : lisbon",
      "'; DROP TABLE users; --",
      "lisbon) OR (1=1",
      "^lisbon",
      "-lisbon",
      "lisbon AND NOT trams",
      "{title body}: lisbon",
      "\u0000lisbon",
      "x".repeat(5000),
    ];
    for (const q of hostile) {
      for (const type of ["posts", "comments", "communities", "users"]) {
        const res = await api(`/api/v1/search?${new URLSearchParams({ q, type })}`);
        expect(res.status, `${type}: ${q.slice(0, 30)}`).toBe(200);
        const body = await json<Found>(res);
        expect(Array.isArray(body.list)).toBe(true);
      }
    }
    // The words are still searched as words: "OR" is just another word that no post has.
    expect((await search({ q: "lisbon OR trams" })).total_list).toBe(0);
    expect((await search({ q: "title:lisbon" })).total_list).toBe(0);
    expect((await search({ q: "NEAR(lisbon" })).total_list).toBe(0);
    expect((await search({ q: '"lisbon"' })).total_list).toBe(2);
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect(users!.n).toBeGreaterThan(0);
  });

  it("answers an empty list for empty text or text without words", async () => {
    for (const q of ["", "   ", "***", "()"]) {
      const found = await search({ q, type: "posts" });
      expect(found).toMatchObject({ list: [], total_list: 0, total_pages: 0 });
    }
  });

  it("pages 10 at a time by default", async () => {
    const community = await insertCommunity("pagingc");
    for (let i = 0; i < 23; i++) await insertPost(alice.id, community.id, `Kayak trip ${i}`);
    const first = await search({ q: "kayak" });
    expect(first.list).toHaveLength(10);
    expect(first.total_list).toBe(23);
    expect(first.total_pages).toBe(3);
    const third = await search({ q: "kayak", skip: "20" });
    expect(third.list).toHaveLength(3);
    const seen = new Set(
      [...first.list, ...(await search({ q: "kayak", skip: "10" })).list, ...third.list].map(
        (i) => i.micropost.public_id,
      ),
    );
    expect(seen.size).toBe(23);
  });

  it("lets a very common word give way to rarer ones, and lists a common word newest first", async () => {
    const community = await insertCommunity("commonc");
    // 5,001 posts with "filler": more than COMMON_WORD_ROWS, so "filler" is a very common word here.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5001)
       INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, published_at, created_at, updated_at)
       SELECT 'fill' || i, ?1, ?2, 'filler post ' || i, '<p>x</p>', 'f', i, i, i FROM n`,
    )
      .bind(alice.id, community.id)
      .run();
    await insertPost(alice.id, community.id, "Zebu with filler");
    await insertPost(alice.id, community.id, "Zebu alone");
    const both = await search({ q: "filler zebu" });
    expect(both.list.map((i) => i.micropost.title).sort()).toEqual(["Zebu alone", "Zebu with filler"]);
    const common = await search({ q: "filler" });
    expect(common.total_list).toBe(1000);
    expect(common.total_pages).toBe(100);
    expect(common.list[0]!.micropost.title).toBe("Zebu with filler");
    expect(common.list[1]!.micropost.title).toBe("filler post 5001");
    const last = await search({ q: "filler", skip: "990" });
    expect(last.list).toHaveLength(10);
    expect((await search({ q: "filler", skip: "1000" })).list).toEqual([]);
    expect((await search({ q: "filler nosuchwordanywhere" })).total_list).toBe(0);
  });

  it("refuses nonsense paging with a 422 naming the field", async () => {
    const res = await api("/api/v1/search?q=lisbon&skip=-1");
    expect(res.status).toBe(422);
    expect((await json<{ detail: string }>(res)).detail).toMatch(/^skip: /);
    expect((await api("/api/v1/search?q=lisbon&limit=1000")).status).toBe(422);
  });

  it("hides people who blocked the caller, and what they wrote", async () => {
    const carol = await createUser({ username: "carolsearch" });
    const community = await insertCommunity("blockc");
    await insertPost(carol.id, community.id, "Quokka sighting");
    expect((await search({ q: "quokka" }, bruno.auth)).total_list).toBe(1);
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, 1)")
      .bind(carol.id, bruno.id)
      .run();
    // The index is read alone, so the total still counts it; the page leaves it out.
    expect((await search({ q: "quokka" }, bruno.auth)).list).toEqual([]);
    expect((await search({ q: "carolsearch", type: "users" }, bruno.auth)).list).toEqual([]);
    expect((await search({ q: "quokka" })).list).toHaveLength(1);
    expect((await search({ q: "quokka" }, carol.auth)).list).toHaveLength(1);
    await env.DB.prepare("DELETE FROM blocks WHERE blocker_id = ?1").bind(carol.id).run();
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, 1)")
      .bind(bruno.id, carol.id)
      .run();
    expect((await search({ q: "quokka" }, bruno.auth)).list).toEqual([]);
  });
});
