import { beforeAll, describe, expect, it } from "vitest";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { api, deps, env, json, reads } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { LOOKUP_ROWS_PER_POST, newCommunity, newPost } from "#worker-test/posts.ts";
import { insertPosts } from "#worker-test/rows.ts";

type Feed = CursorPage<FeedItem>;
const feed = (query: string, auth: Record<string, string> = {}) =>
  api(`/api/v1/feed?${query}`, { headers: auth });
const titles = (page: Feed) => page.list.map((i) => i.micropost.title);

/** Follows every next_cursor of a feed and answers every title, in order. */
async function walk(query: string, auth: Record<string, string> = {}): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Feed = await json(await feed(`${query}${cursor ? `&cursor=${cursor}` : ""}`, auth));
    seen.push(...titles(page));
    cursor = page.next_cursor;
  } while (cursor && seen.length < 1000);
  return seen;
}

// One database for the file: 300 posts of one author, 40 of a verified one, a few with votes.
let author: TestUser;
let verified: TestUser;
let reader: TestUser;
let community: string;
let other: string;

beforeAll(async () => {
  author = await createUser();
  verified = await createUser({ isVerifiedUser: true });
  reader = await createUser();
  community = await newCommunity(author);
  other = await newCommunity(verified);
  await insertPosts(author.id, community, 300, { startAt: 1_000_000, votes: (i) => (i % 50 === 7 ? i : 0) });
  await insertPosts(verified.id, other, 40, { startAt: 2_000_000, verified: true });
});

describe("the home feed", () => {
  it("answers pages of 4 with the spec's fields, newest first, with totals from counters", async () => {
    const res = await feed("option=new");
    expect(res.status).toBe(200);
    const page = await json<Feed>(res);
    expect(page.list).toHaveLength(4);
    expect(page.total_list).toBe(340);
    expect(page.total_pages).toBe(85);
    expect(titles(page)).toEqual(["Bulk 39", "Bulk 38", "Bulk 37", "Bulk 36"]);
    const item = page.list[0]!;
    expect(Object.keys(item).sort()).toEqual(["comment_list", "community", "micropost", "owner"]);
    expect(item.owner.username).toBe(verified.username);
    expect(item.community.name).toBe(other);
    expect(item.micropost.link).toMatch(new RegExp(`^/c/${other}/p/[^/]+/bulk$`));
  });

  it("accepts the option in either case and defaults to NEW", async () => {
    const a = titles(await json(await feed("option=NEW")));
    const b = titles(await json(await feed("option=new")));
    const c = titles(await json(await feed("")));
    expect(a).toEqual(b);
    expect(a).toEqual(c);
    expect((await feed("option=hot")).status).toBe(422);
  });

  it("reaches every post exactly once by following next_cursor, and skip agrees with it", async () => {
    const all = await walk("option=new&limit=25");
    expect(all).toHaveLength(340);
    expect(new Set(all).size).toBe(340 - 40);
    const skipped = titles(await json(await feed("option=new&skip=200&limit=4")));
    expect(skipped).toEqual(all.slice(200, 204));
  });

  it("orders TOP by votes", async () => {
    const page = await json<Feed>(await feed("option=top"));
    expect(page.list.map((i) => i.micropost.total_micropost_votes)).toEqual([257, 207, 157, 107]);
  });

  it("shows only verified people's posts in VERIFIED", async () => {
    const all = await walk("option=verified&limit=10");
    expect(all).toHaveLength(40);
    const page = await json<Feed>(await feed("option=verified"));
    expect(page.total_list).toBe(40);
    expect(page.list.every((i) => i.owner.is_verified_user)).toBe(true);
  });

  it("follows a person's verified mark when it changes after they posted", async () => {
    const late = await createUser();
    const place = await newCommunity(late);
    await newPost(late, place, { title: "Before the plan" });
    const before = await json<Feed>(await feed("option=verified"));
    // Through the app's data handle, as the plan's purchase writes it: a visitor's next read shows it.
    const verify = (on: number) =>
      deps.db.write([
        deps.db.prepare({
          sql: "UPDATE users SET is_verified_business = ?1 WHERE id = ?2",
          binds: [on, late.id],
        }),
      ]);
    await verify(1);
    const after = await json<Feed>(await feed("option=verified"));
    expect(after.total_list).toBe(before.total_list + 1);
    expect(titles(after)[0]).toBe("Before the plan");
    await verify(0);
    expect((await json<Feed>(await feed("option=verified"))).total_list).toBe(before.total_list);
  });

  it("answers 401 to visitors for COMMUNITIES and FOLLOWING", async () => {
    expect((await feed("option=communities")).status).toBe(401);
    expect((await feed("option=following")).status).toBe(401);
  });

  it("shows the posts of the reader's communities in COMMUNITIES, and of people they follow in FOLLOWING", async () => {
    const fresh = await createUser();
    const empty = await json<Feed>(await feed("option=communities", fresh.auth));
    expect(empty).toEqual({ list: [], total_list: 0, total_pages: 0, next_cursor: null });

    await api(`/api/v1/private/user/community/join?name=${other}`, { method: "POST", headers: fresh.auth });
    const mine = await walk("option=communities&limit=7", fresh.auth);
    expect(mine).toHaveLength(40);
    expect(mine[0]).toBe("Bulk 39");

    await env.DB.prepare("INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, 1)")
      .bind(fresh.id, author.id)
      .run();
    const following = await json<Feed>(await feed("option=following", fresh.auth));
    expect(following.total_list).toBe(300);
    expect(following.list.every((i) => i.owner.username === author.username)).toBe(true);
    expect(await walk("option=following&limit=50", fresh.auth)).toHaveLength(300);
  });

  it("merges many communities newest first", async () => {
    const fan = await createUser();
    const names: string[] = [];
    for (let i = 0; i < 12; i++) {
      // Different owners: one person may create ten communities a day.
      const name = await newCommunity(await createUser());
      names.push(name);
      await insertPosts(reader.id, name, 3, { startAt: 5_000_000 + i * 10 });
      await api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", headers: fan.auth });
    }
    const page = await json<Feed>(await feed("option=communities&limit=36", fan.auth));
    expect(page.total_list).toBe(36);
    const times = page.list.map((i) => Date.parse(i.micropost.published_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(page.list.map((i) => i.community.name)).size).toBe(12);
  });

  it("shows the reader's vote and membership", async () => {
    const page = await json<Feed>(await feed("option=top", reader.auth));
    const target = page.list[0]!;
    await api(`/api/v1/private/user/micropost/vote?public_id=${target.micropost.public_id}`, {
      method: "PATCH",
      headers: reader.auth,
    });
    const again = await json<Feed>(await feed("option=top", reader.auth));
    expect(again.list[0]!.micropost.user_voted).toBe(true);
    expect(again.list[0]!.community.user_membership).toBeNull();
  });

  it("never shows drafts", async () => {
    const writer = await createUser();
    const place = await newCommunity(writer);
    await newPost(writer, place, { title: "Secret draft", is_draft: "true" });
    expect(await walk("option=new&limit=100")).not.toContain("Secret draft");
  });

  it("refuses a cursor of another order", async () => {
    const page = await json<Feed>(await feed("option=new"));
    const res = await feed(`option=top&cursor=${page.next_cursor}`);
    expect(res.status).toBe(422);
  });
});

describe("the feed's cost in D1 rows", () => {
  it("reads a fixed number of rows a post it returns, and the same at page 60 as at page 2", async () => {
    for (const option of ["new", "top", "verified"]) {
      const first = await json<Feed>(await feed(`option=${option}`));
      const second = await feed(`option=${option}&cursor=${first.next_cursor}`);
      const cost2 = reads(second);
      // The page and what its items show are one statement: its rows are the page's index range
      // and each post's lookups.
      expect(cost2.listReturned, option).toBe(4);
      expect(cost2.list, option).toBeLessThanOrEqual(LOOKUP_ROWS_PER_POST * cost2.listReturned);

      let cursor = first.next_cursor;
      for (let i = 0; i < (option === "verified" ? 5 : 58); i++) {
        cursor = (await json<Feed>(await feed(`option=${option}&cursor=${cursor}`))).next_cursor;
      }
      const deep = await feed(`option=${option}&cursor=${cursor}`);
      const costDeep = reads(deep);
      expect(costDeep.listReturned, option).toBe(4);
      // Page 60 read by OFFSET would read 236 more index entries; by the cursor it reads what page 2
      // read, give or take a post's newest comment or flair.
      expect(costDeep.list, option).toBeLessThanOrEqual(cost2.list + 2);
      expect(costDeep.total, option).toBeLessThanOrEqual(cost2.total + 2);
    }
  });

  it("reads page + sources rows for COMMUNITIES and FOLLOWING, whatever the depth", async () => {
    const fan = await createUser();
    await api(`/api/v1/private/user/community/join?name=${community}`, { method: "POST", headers: fan.auth });
    await api(`/api/v1/private/user/community/join?name=${other}`, { method: "POST", headers: fan.auth });
    const first = await json<Feed>(await feed("option=communities", fan.auth));
    const second = reads(await feed(`option=communities&cursor=${first.next_cursor}`, fan.auth));
    let cursor = first.next_cursor;
    for (let i = 0; i < 40; i++)
      cursor = (await json<Feed>(await feed(`option=communities&cursor=${cursor}`, fan.auth))).next_cursor;
    const deep = reads(await feed(`option=communities&cursor=${cursor}`, fan.auth));
    expect(deep.listReturned).toBe(4);
    // The merge reads a page and a row a source, then each post's lookups: what page 2 read.
    expect(deep.list).toBeLessThanOrEqual(second.list + 2);
    expect(deep.list).toBeLessThanOrEqual(LOOKUP_ROWS_PER_POST * deep.listReturned + 2);
  });
});
