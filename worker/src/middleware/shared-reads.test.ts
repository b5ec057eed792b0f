import { describe, expect, it } from "vitest";
import { api, deps, json, reads } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";
import { changesPages, onlyReads, TALLY_ONLY } from "../db/changes";

// Public pages read the same for every visitor, so this isolate answers a visitor's repeat read
// without D1 for a second, and only while the answer is exact for them.

interface Feed {
  list: Array<{ micropost: { title: string; public_id: string } }>;
  total_list: number;
}
interface Post {
  micropost: { total_micropost_votes: number; user_voted: boolean };
}

const titles = (feed: Feed) => feed.list.map((item) => item.micropost.title);

/** A community of its own with one post, and the address of its page of posts (read by visitors). */
async function place() {
  const author = await createUser();
  const name = await newCommunity(author);
  const post = await newPost(author, name, { title: "First" });
  return { author, name, post, page: `/api/v1/community/micropost/list?name=${name}&limit=10` };
}

describe("answers kept for visitors", () => {
  it("answers a visitor's repeat read from the kept copy: the same body, no D1 round trip", async () => {
    const { page } = await place();
    const first = await api(page);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(reads(first).calls).toBeGreaterThan(0);
    const again = await api(page);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(reads(again).calls).toBe(0);
    expect(await again.text()).toBe(await first.text());
    // The kept answer says where in the database's history it was read.
    expect(again.headers.get("x-d1-bookmark")).toBe(first.headers.get("x-d1-bookmark"));
  });

  it("keeps every public page a visitor reads: each is answered again from the kept copy", async () => {
    const { author, name, post, page } = await place();
    const pages = [
      page,
      "/api/v1/feed?option=NEW&limit=4",
      `/api/v1/micropost?public_id=${post.public_id}`,
      `/api/v1/micropost/comment/list?post_public_id=${post.public_id}&limit=10`,
      `/api/v1/community?name=${name}`,
      "/api/v1/community/list?limit=10",
      `/api/v1/user?username=${author.username}`,
      `/api/v1/user/micropost/list?username=${author.username}&limit=10`,
      `/api/v1/search?${new URLSearchParams({ q: "First", type: "posts" })}`,
      "/api/v1/featured/main/list",
    ];
    for (const path of pages) {
      const first = await api(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("x-cache"), path).toBe("MISS");
      const again = await api(path);
      expect(again.headers.get("x-cache"), path).toBe("HIT");
      expect(await again.text(), path).toBe(await first.text());
    }
  });

  it("shows a write made by anyone at once: a new post is on the next visitor's read", async () => {
    const { author, name, page } = await place();
    expect(titles(await json<Feed>(await api(page)))).toEqual(["First"]);
    await newPost(author, name, { title: "Second" });
    const after = await api(page);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(titles(await json<Feed>(after))).toEqual(["Second", "First"]);
  });

  it("shows a removal at once: a deleted post leaves the visitor's page", async () => {
    const { author, post, page } = await place();
    expect((await json<Feed>(await api(page))).total_list).toBe(1);
    const deleted = await api(`/api/v1/private/user/micropost?public_id=${post.public_id}`, {
      method: "DELETE",
      headers: author.auth,
    });
    expect(deleted.status).toBeLessThan(300);
    expect((await json<Feed>(await api(page))).total_list).toBe(0);
  });

  it("never answers a signed-in reader from the kept copy: their own vote shows", async () => {
    const { post } = await place();
    const reader = await createUser();
    const path = `/api/v1/micropost?public_id=${post.public_id}`;
    await api(path);
    expect((await api(path)).headers.get("x-cache")).toBe("HIT");
    const voted = await api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: reader.auth,
    });
    expect(voted.status).toBe(200);
    const mine = await api(path, { headers: reader.auth });
    expect(mine.headers.get("x-cache")).toBeNull();
    expect((await json<Post>(mine)).micropost).toMatchObject({ total_micropost_votes: 1, user_voted: true });
    // And the visitor's read after the kept copy's second counts the vote, without their own mark.
    await new Promise((r) => setTimeout(r, 1_050));
    const visitor = await json<Post>(await api(path));
    expect(visitor.micropost).toMatchObject({ total_micropost_votes: 1, user_voted: false });
  });

  it("keeps a visitor's copy through a vote, a tally: it counts the vote once its second is over", async () => {
    const { post } = await place();
    const voter = await createUser();
    const path = `/api/v1/micropost?public_id=${post.public_id}`;
    await api(path);
    const voted = await api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: voter.auth,
    });
    expect((await json<{ total_micropost_votes: number }>(voted)).total_micropost_votes).toBe(1);
    const kept = await api(path);
    expect(kept.headers.get("x-cache")).toBe("HIT");
    expect((await json<Post>(kept)).micropost.total_micropost_votes).toBe(0);
    await new Promise((r) => setTimeout(r, 1_050));
    const next = await api(path);
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect((await json<Post>(next)).micropost.total_micropost_votes).toBe(1);
  });

  it("reads D1 again for a visitor who has seen a later state, and for a reload that asks for the newest", async () => {
    const { page } = await place();
    const kept = await api(page);
    const later = await api("/api/v1/community/list?limit=1", { headers: { "cache-control": "no-cache" } });
    const newer = later.headers.get("x-d1-bookmark")!;
    expect(newer > kept.headers.get("x-d1-bookmark")!).toBe(true);
    const withNewer = await api(page, { headers: { "x-d1-bookmark": newer } });
    expect(withNewer.headers.get("x-cache")).toBe("MISS");
    expect(reads(withNewer).calls).toBeGreaterThan(0);
    // A bookmark no newer than the kept answer's is served from it.
    const withOlder = await api(page, { headers: { "x-d1-bookmark": kept.headers.get("x-d1-bookmark")! } });
    expect(withOlder.headers.get("x-cache")).toBe("HIT");
    const reload = await api(page, { headers: { "cache-control": "no-cache" } });
    expect(reload.headers.get("x-cache")).toBe("MISS");
    expect(reads(reload).calls).toBeGreaterThan(0);
  });

  it("keeps no refusal: a missing post is looked up again every time", async () => {
    const path = "/api/v1/micropost?public_id=zzzzzzzzzzzzzzzz";
    for (let i = 0; i < 2; i++) {
      const res = await api(path);
      expect(res.status).toBe(404);
      expect(reads(res).calls).toBeGreaterThan(0);
    }
  });

  it("shows a write made through any data handle of this isolate (the queue, an object, a test's setup)", async () => {
    const { post, page } = await place();
    await api(page);
    await deps.db.write([
      deps.db.prepare({
        sql: "UPDATE microposts SET title = ?1 WHERE public_id = ?2",
        binds: ["Renamed", post.public_id],
      }),
    ]);
    expect(titles(await json<Feed>(await api(page)))).toEqual(["Renamed"]);
  });
});

describe("what counts as a write", () => {
  it("counts only a SELECT, or a WITH that ends in one, as a read", () => {
    expect(onlyReads("SELECT * FROM users")).toBe(true);
    expect(onlyReads("  -- the page\n (SELECT id FROM a) UNION ALL (SELECT id FROM b)")).toBe(true);
    expect(onlyReads("WITH page AS (SELECT id FROM microposts) SELECT * FROM page")).toBe(true);
    expect(onlyReads("SELECT updated_at, deleted_at, replace(title, 'a', 'b') FROM microposts")).toBe(true);
    expect(onlyReads("WITH gone AS (SELECT id FROM users) DELETE FROM follows WHERE id IN gone")).toBe(false);
    expect(onlyReads("INSERT INTO follows VALUES (1, 2, 3)")).toBe(false);
    expect(onlyReads("update users set status = 'ACTIVE'")).toBe(false);
    expect(onlyReads("REPLACE INTO counters VALUES (1)")).toBe(false);
    expect(onlyReads("PRAGMA defer_foreign_keys = ON")).toBe(false);
    expect(onlyReads("SELECT 1; DELETE FROM users")).toBe(false);
  });

  it("guards a tally's write as a write, but does not drop the kept copies for it", () => {
    const tally = `${TALLY_ONLY}UPDATE microposts SET total_votes = total_votes + 1 WHERE id = ?1`;
    expect(onlyReads(tally)).toBe(false);
    expect(changesPages(tally)).toBe(false);
    expect(changesPages("UPDATE microposts SET title = ?1 WHERE id = ?2")).toBe(true);
    expect(changesPages("SELECT 1")).toBe(false);
  });
});
