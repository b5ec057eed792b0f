import { beforeAll, describe, expect, it } from "vitest";
import type { CustomFeed, CustomFeedList, ReadAllResult } from "#shared/schemas/feeds.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { api, detail, env, json, jsonBody } from "#worker-test/api.ts";
import { openLive } from "#worker-test/live.ts";
import { createUser, login, type TestUser } from "#worker-test/people.ts";
import { insertCommunity, insertPost } from "#worker-test/rows.ts";
import { customFeedPage } from "../posts/custom-feed-queries";

type Page = CursorPage<FeedItem>;
const FEED = "/api/v1/private/user/feed";

const makeFeed = (user: TestUser, body: unknown) =>
  api(FEED, { method: "POST", ...jsonBody(body, user.auth) });
async function made(user: TestUser, body: unknown): Promise<CustomFeed> {
  const res = await makeFeed(user, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<CustomFeed>(res);
}
const posts = (query: string, auth: Record<string, string> = {}) =>
  api(`/api/v1/feed/micropost/list?${query}`, { headers: auth });
const ids = (page: Page) => page.list.map((i) => i.micropost.public_id);

/** Every post of a feed by following next_cursor, page after page. */
async function walk(query: string, auth: Record<string, string> = {}): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await posts(`${query}${cursor ? `&cursor=${cursor}` : ""}`, auth);
    expect(res.status, await res.clone().text()).toBe(200);
    const page: Page = await json(res);
    seen.push(...ids(page));
    cursor = page.next_cursor;
  } while (cursor && seen.length < 500);
  return seen;
}

/** Gives a post flair `flair` (the flair kept for the post's community when it is not there yet). */
const setFlair = async (postId: number, flair: number) => {
  await env.DB.prepare(
    `INSERT OR IGNORE INTO community_flairs (id, community_id, name, colour, created_at)
     SELECT ?1, community_id, 'Flair ' || ?1, '#3b82f6', 0 FROM microposts WHERE id = ?2`,
  )
    .bind(flair, postId)
    .run();
  await env.DB.prepare("UPDATE microposts SET flair_id = ?1 WHERE id = ?2").bind(flair, postId).run();
};

// Communities a (all), b (flair 7 only), c (all but flair 9), d (not in the feed); people p (all
// their posts, anywhere) and q (not in the feed).
let owner: TestUser;
let stranger: TestUser;
let p: TestUser;
let q: TestUser;
const names = { a: "", b: "", c: "", d: "" };
/** The public ids the feed must answer, newest first, and one TOP order of the same. */
let expected: string[] = [];
let expectedTop: string[] = [];
let feed: CustomFeed;

beforeAll(async () => {
  owner = await createUser();
  stranger = await createUser();
  p = await createUser();
  q = await createUser();
  const tag = Math.floor(Math.random() * 1e6);
  const community = {
    a: await insertCommunity(`fa${tag}`),
    b: await insertCommunity(`fb${tag}`),
    c: await insertCommunity(`fc${tag}`),
    d: await insertCommunity(`fd${tag}`),
  };
  for (const key of ["a", "b", "c", "d"] as const) names[key] = community[key].name;
  const rows: Array<{ publicId: string; at: number; votes: number; in: boolean }> = [];
  const base = 5_000_000_000_000;
  let n = 0;
  const add = async (
    who: TestUser,
    where: keyof typeof community,
    flair: number | null,
    inFeed: boolean,
    at?: number,
  ) => {
    n += 1;
    const publishedAt = at ?? base - n * 1000;
    const votes = (n * 37) % 11;
    const post = await insertPost(who.id, community[where].id, `Post ${n}`, "<p>x</p>", {
      publishedAt,
      votes,
    });
    if (flair !== null) await setFlair(post.id, flair);
    rows.push({ publicId: post.publicId, at: publishedAt, votes, in: inFeed });
  };
  for (let i = 0; i < 4; i++) {
    await add(q, "a", null, true);
    await add(q, "b", 7, true);
    await add(q, "b", 8, false);
    await add(q, "b", null, false);
    await add(q, "c", 9, false);
    await add(q, "c", 3, true);
    await add(q, "c", null, true);
    await add(q, "d", null, false);
    await add(p, "d", 9, true);
    // p's post in a community of the feed: once, not twice.
    await add(p, "a", null, true);
  }
  // Two posts published in the same millisecond: the id decides, and paging splits neither.
  await add(q, "a", null, true, base - 2);
  await add(p, "d", null, true, base - 2);
  // A draft never shows.
  await insertPost(p.id, community.a.id, "Draft", "<p>x</p>", { draft: true });
  const kept = rows.filter((r) => r.in);
  // Insert order gives ids, so among equal times the later insert (higher id) comes first.
  const order = (key: (r: (typeof kept)[number]) => number) =>
    kept
      .map((r, i) => ({ r, i }))
      .sort((x, y) => key(y.r) - key(x.r) || y.i - x.i)
      .map((x) => x.r.publicId);
  expected = order((r) => r.at);
  expectedTop = order((r) => r.votes);
  feed = await made(owner, {
    name: "My mix",
    description: "Film and friends",
    is_public: false,
    communities: [
      { name: names.a },
      { name: names.b, include_flairs: [7] },
      { name: names.c.toUpperCase(), exclude_flairs: [9] },
    ],
    people: [p.username],
  });
});

describe("custom feeds", () => {
  it("keeps a feed with its communities, flairs and people, listed for its owner only", async () => {
    expect(feed.name).toBe("My mix");
    expect(feed.is_public).toBe(false);
    expect(feed.link).toBe(`/feeds/${feed.id}`);
    expect(feed.communities.map((c) => [c.name, c.include_flairs, c.exclude_flairs])).toEqual([
      [names.a, [], []],
      [names.b, [7], []],
      [names.c, [], [9]],
    ]);
    expect(feed.people.map((x) => x.username)).toEqual([p.username]);
    const mine = await json<CustomFeedList>(await api(`${FEED}/list`, { headers: owner.auth }));
    expect(mine.list.map((f) => f.id)).toEqual([feed.id]);
    const theirs = await json<CustomFeedList>(await api(`${FEED}/list`, { headers: stranger.auth }));
    expect(theirs.list).toEqual([]);
    expect((await api(`${FEED}/list`)).status).toBe(401);
  });

  it("answers exactly the filtered union, newest first, page after page with no duplicates or gaps", async () => {
    expect(expected.length).toBe(26);
    expect(await walk(`id=${feed.id}&limit=3`, owner.auth)).toEqual(expected);
    expect(await walk(`id=${feed.id}&limit=7`, owner.auth)).toEqual(expected);
    expect(await walk(`id=${feed.id}&limit=100`, owner.auth)).toEqual(expected);
  });

  it("sorts TOP by votes, paging the same way", async () => {
    expect(await walk(`id=${feed.id}&sort=top&limit=4`, owner.auth)).toEqual(expectedTop);
    const res = await posts(`id=${feed.id}&sort=hot`, owner.auth);
    expect(res.status).toBe(422);
    const wrong = await posts(`id=${feed.id}&sort=new&cursor=t.1.2`, owner.auth);
    expect(wrong.status).toBe(422);
  });

  it("hides a private feed from everyone but its owner, and shows a public one to anyone", async () => {
    const res = await posts(`id=${feed.id}`, stranger.auth);
    expect(res.status).toBe(404);
    expect(await detail(res)).toBe("This feed does not exist or is private");
    expect((await posts(`id=${feed.id}`)).status).toBe(404);
    expect((await api(`/api/v1/feed/detail?id=${feed.id}`, { headers: stranger.auth })).status).toBe(404);
    expect((await posts("id=nosuchfeed")).status).toBe(404);
    // Nobody else changes or deletes it either.
    const edit = await api(FEED, {
      method: "PATCH",
      ...jsonBody({ id: feed.id, name: "Mine now" }, stranger.auth),
    });
    expect(edit.status).toBe(404);
    expect((await api(`${FEED}?id=${feed.id}`, { method: "DELETE", headers: stranger.auth })).status).toBe(
      404,
    );

    const shared = await made(owner, { name: "Shared", is_public: true, communities: [{ name: names.a }] });
    const visitor = await walk(`id=${shared.id}&limit=5`);
    expect(visitor.length).toBe(9);
    const info = await json<CustomFeed>(await api(`/api/v1/feed/detail?id=${shared.id}`));
    expect(info.owner.username).toBe(owner.username);
    // Made private, it is gone for the visitor.
    const priv = await api(FEED, {
      method: "PATCH",
      ...jsonBody({ id: shared.id, is_public: false }, owner.auth),
    });
    expect(priv.status).toBe(200);
    expect((await posts(`id=${shared.id}`)).status).toBe(404);
    expect((await api(`${FEED}?id=${shared.id}`, { method: "DELETE", headers: owner.auth })).status).toBe(
      204,
    );
    expect((await posts(`id=${shared.id}`, owner.auth)).status).toBe(404);
  });

  it("changes a feed's lists: a list sent replaces the old one", async () => {
    const other = await made(owner, { name: "Edit me", communities: [{ name: names.d }] });
    const res = await api(FEED, {
      method: "PATCH",
      ...jsonBody(
        { id: other.id, name: "Edited", communities: [{ name: names.b, include_flairs: [7] }], people: [] },
        owner.auth,
      ),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = await json<CustomFeed>(res);
    expect(edited.name).toBe("Edited");
    expect(edited.communities.map((c) => c.name)).toEqual([names.b]);
    expect((await walk(`id=${other.id}`, owner.auth)).length).toBe(4);
    expect((await api(`${FEED}?id=${other.id}`, { method: "DELETE", headers: owner.auth })).status).toBe(204);
  });

  it("refuses what is past the limits with a 400 naming them, and unknown names with a 422", async () => {
    const maker = await createUser();
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `nope${i}` }));
    let res = await makeFeed(maker, { name: "Too wide", communities: many });
    expect(res.status).toBe(400);
    expect(await detail(res)).toBe("communities: A feed can have up to 100 communities");
    res = await makeFeed(maker, {
      name: "Too many people",
      people: Array.from({ length: 201 }, (_, i) => `x${i}`),
    });
    expect(res.status).toBe(400);
    expect(await detail(res)).toBe("people: A feed can have up to 200 people");
    res = await makeFeed(maker, { name: "Unknown", communities: [{ name: "nosuchcommunity" }] });
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe("communities: There is no community named c/nosuchcommunity");
    res = await makeFeed(maker, {
      name: "Both",
      communities: [{ name: names.a, include_flairs: [1], exclude_flairs: [1] }],
    });
    expect(res.status).toBe(422);
    res = await makeFeed(maker, { name: "", communities: [{ name: names.a }] });
    expect(res.status).toBe(422);
    res = await makeFeed(maker, { name: "Nothing" });
    expect(res.status).toBe(422);

    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        made(maker, { name: `Feed ${i}`, communities: [{ name: names.a }] }),
      ),
    );
    res = await makeFeed(maker, { name: "The 21st", communities: [{ name: names.a }] });
    expect(res.status).toBe(400);
    expect(await detail(res)).toBe("You can keep up to 20 feeds; delete one first");
    const list = await json<CustomFeedList>(await api(`${FEED}/list`, { headers: maker.auth }));
    expect(list.list).toHaveLength(20);
  });
});

describe("a feed's page", () => {
  it("is one short statement however many communities and people the feed has", () => {
    const sources = (n: number) => ({
      communities: Array.from({ length: n }, (_, i) => ({ id: i + 1, include: [], exclude: [i] })),
      people: Array.from({ length: 2 * n }, (_, i) => i + 1),
    });
    // A statement per source made a 300-source feed's page cost ten times its own running to
    // prepare (docs/decisions/178): the text is now the same whatever the feed holds.
    const one = customFeedPage(1, sources(1), "NEW", 10, [5, 5], 3).sql;
    const most = customFeedPage(1, sources(100), "NEW", 10, [5, 5], 3).sql;
    expect(most).toBe(one);
    expect(most.length).toBeLessThan(6000);
  });
});

describe("read state", () => {
  it("hides what one session read from the person's other session, and tells their open tabs", async () => {
    const signedIn = await login(owner.username, "password");
    expect(signedIn.status).toBe(200);
    const laptop = {
      authorization: `Bearer ${(await json<{ access_token: string }>(signedIn)).access_token}`,
    };
    const phone = owner.auth;
    const socket = await openLive(owner);
    try {
      const firstPage = await json<Page>(await posts(`id=${feed.id}&limit=5`, phone));
      const first = ids(firstPage);
      const readInA = firstPage.list.slice(0, 3).filter((i) => i.community.name === names.a).length;
      const res = await api("/api/v1/private/user/micropost/read", {
        method: "POST",
        ...jsonBody({ public_ids: first.slice(0, 3) }, phone),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await json(res)).toEqual({ total_read: 3 });
      const frame = await socket.next("READ");
      expect(frame).toMatchObject({ type: "READ", public_ids: first.slice(0, 3) });

      const hidden = await walk(`id=${feed.id}&limit=4&hide_read=true`, laptop);
      expect(hidden).toEqual(expected.filter((id) => !first.slice(0, 3).includes(id)));
      // Without hide_read everything is still there; and a stranger's reads are theirs alone.
      expect(await walk(`id=${feed.id}&limit=10`, laptop)).toEqual(expected);
      // The home feed and a community's page take hide_read too.
      const home = await json<Page>(
        await api("/api/v1/feed?option=new&limit=100&hide_read=true", { headers: laptop }),
      );
      expect(ids(home).some((id) => first.slice(0, 3).includes(id))).toBe(false);
      const community = await json<Page>(
        await api(`/api/v1/community/micropost/list?name=${names.a}&limit=100&hide_read=true`, {
          headers: laptop,
        }),
      );
      expect(ids(community).some((id) => first.slice(0, 3).includes(id))).toBe(false);
      expect(ids(community).length).toBe(9 - readInA);
    } finally {
      socket.close();
    }
  });

  it("keeps Hide read for the person on the server and leaves read posts out of every feed", async () => {
    const reader = await createUser();
    const setting = (auth: Record<string, string>) =>
      api("/api/v1/private/user/setting/boolean?user_boolean_setting=HIDE_READ", {
        method: "PATCH",
        headers: auth,
      });
    const hideReadOf = async (auth: Record<string, string>) =>
      (
        await json<{ settings: Record<string, boolean> }>(
          await api("/api/v1/private/user/auth/me", { headers: auth }),
        )
      ).settings.HIDE_READ;
    // Off until they turn it on; turned on on the phone, the laptop's session finds it on.
    expect(await hideReadOf(reader.auth)).toBe(false);
    const on = await setting(reader.auth);
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await json(on)).toEqual({ result: true });
    const signedIn = await login(reader.username, "password");
    const laptop = {
      authorization: `Bearer ${(await json<{ access_token: string }>(signedIn)).access_token}`,
    };
    expect(await hideReadOf(laptop)).toBe(true);

    // The reader joined community a and follows p, and keeps a feed of a and p.
    const a = await env.DB.prepare("SELECT id FROM communities WHERE name = ?1")
      .bind(names.a)
      .first<{ id: number }>();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO community_members (community_id, user_id, role, created_at) VALUES (?1, ?2, 'MEMBER', 0)",
      ).bind(a!.id, reader.id),
      env.DB.prepare("INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, 0)").bind(
        reader.id,
        p.id,
      ),
      // The rows were written straight, so their counts too (the merged feeds skip sources without posts).
      env.DB.prepare(
        "UPDATE communities SET total_microposts = (SELECT count(*) FROM microposts WHERE community_id = ?1) WHERE id = ?1",
      ).bind(a!.id),
      env.DB.prepare(
        "UPDATE users SET total_microposts = (SELECT count(*) FROM microposts WHERE owner_id = ?1) WHERE id = ?1",
      ).bind(p.id),
    ]);
    const mine = await made(reader, { name: "Mine", communities: [{ name: names.a }], people: [p.username] });
    // p's newest post in community a: on every one of these feeds.
    const target = await env.DB.prepare(
      "SELECT public_id FROM microposts WHERE owner_id = ?1 AND community_id = ?2 AND is_draft = 0 ORDER BY published_at DESC LIMIT 1",
    )
      .bind(p.id, a!.id)
      .first<{ public_id: string }>();
    const read = target!.public_id;
    const feeds = [
      "/api/v1/feed?option=new&limit=100",
      "/api/v1/feed?option=top&limit=100",
      "/api/v1/feed?option=communities&limit=100",
      "/api/v1/feed?option=following&limit=100",
      `/api/v1/community/micropost/list?name=${names.a}&limit=100`,
      `/api/v1/feed/micropost/list?id=${mine.id}&limit=100`,
      `/api/v1/feed/micropost/list?id=${mine.id}&sort=top&limit=100`,
    ];
    const shows = async (path: string) => {
      const res = await api(path, { headers: laptop });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
      return ids(await json<Page>(res)).includes(read);
    };
    for (const path of feeds) expect(await shows(path), path).toBe(true);
    const res = await api("/api/v1/private/user/micropost/read", {
      method: "POST",
      ...jsonBody({ public_ids: [read] }, reader.auth),
    });
    expect(res.status).toBe(200);
    for (const path of feeds) {
      expect(await shows(`${path}&hide_read=true`), path).toBe(false);
      expect(await shows(path), path).toBe(true);
    }
    // Turned off again, on the laptop this time.
    expect(await json(await setting(laptop))).toEqual({ result: false });
    expect(await hideReadOf(reader.auth)).toBe(false);
  });

  it("refuses more than 100 posts at once", async () => {
    const res = await api("/api/v1/private/user/micropost/read", {
      method: "POST",
      ...jsonBody({ public_ids: Array.from({ length: 101 }, (_, i) => `p${i}`) }, stranger.auth),
    });
    expect(res.status).toBe(400);
    expect(await detail(res)).toBe("public_ids: Send up to 100 posts at a time");
    expect(
      (
        await api("/api/v1/private/user/micropost/read", {
          method: "POST",
          ...jsonBody({ public_ids: ["x"] }),
        })
      ).status,
    ).toBe(401);
  });

  it("marks a feed read and undoes it, leaving what was read before still read", async () => {
    const reader = await createUser();
    const mine = await made(reader, {
      name: "Read me",
      communities: [{ name: names.a }, { name: names.b, include_flairs: [7] }],
    });
    const all = await walk(`id=${mine.id}&limit=50`, reader.auth);
    expect(all.length).toBe(13);
    await api("/api/v1/private/user/micropost/read", {
      method: "POST",
      ...jsonBody({ public_ids: [all[5]] }, reader.auth),
    });

    const res = await api("/api/v1/private/user/micropost/read/all", {
      method: "POST",
      ...jsonBody({ feed_id: mine.id }, reader.auth),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const marked = await json<ReadAllResult>(res);
    expect(marked.total_read).toBe(12);
    expect(await walk(`id=${mine.id}&hide_read=true`, reader.auth)).toEqual([]);

    // Someone else's token undoes nothing.
    const wrong = await api(`/api/v1/private/user/micropost/read/all?token=${marked.token}`, {
      method: "DELETE",
      headers: stranger.auth,
    });
    expect(wrong.status).toBe(404);
    const undo = await api(`/api/v1/private/user/micropost/read/all?token=${marked.token}`, {
      method: "DELETE",
      headers: reader.auth,
    });
    expect(undo.status).toBe(204);
    expect(await walk(`id=${mine.id}&hide_read=true&limit=6`, reader.auth)).toEqual(
      all.filter((id) => id !== all[5]),
    );
    const again = await api(`/api/v1/private/user/micropost/read/all?token=${marked.token}`, {
      method: "DELETE",
      headers: reader.auth,
    });
    expect(again.status).toBe(404);

    // A community and the home feed can be marked read too; naming two feeds is refused.
    const community = await api("/api/v1/private/user/micropost/read/all", {
      method: "POST",
      ...jsonBody({ community_name: names.c }, reader.auth),
    });
    expect((await json<ReadAllResult>(community)).total_read).toBe(12);
    const two = await api("/api/v1/private/user/micropost/read/all", {
      method: "POST",
      ...jsonBody({ community_name: names.c, option: "new" }, reader.auth),
    });
    expect(two.status).toBe(422);
    const privateOne = await api("/api/v1/private/user/micropost/read/all", {
      method: "POST",
      ...jsonBody({ feed_id: feed.id }, reader.auth),
    });
    expect(privateOne.status).toBe(404);
  });
});
