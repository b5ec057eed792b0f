import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "#shared/api.ts";
import type { ChatThread } from "#shared/schemas/chat.ts";
import type { MutedWord } from "#shared/schemas/muted-words.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import type { Comment, CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import type { SearchResult } from "#shared/schemas/search.ts";
import { api, deps, detail, env, json, jsonBody, reads } from "#worker-test/api.ts";
import { CHAT, openSocket, startThread } from "#worker-test/chat.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { LOOKUP_ROWS_PER_POST, newCommunity } from "#worker-test/posts.ts";
import { insertComment, insertPost, insertPosts } from "#worker-test/rows.ts";
import { notify } from "../notifications/service";
import { MUTED_FILL_READS } from "../posts/feed";

const FILTER = "/api/v1/private/user/filter";
const ALL = ["FEED", "COMMENTS", "NOTIFICATIONS", "SEARCH", "CHAT_REQUESTS"];

async function mute(user: TestUser, body: Record<string, unknown>): Promise<number> {
  const res = await api(FILTER, { method: "POST", ...jsonBody({ contexts: ALL, ...body }, user.auth) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: number }>(res)).id;
}
const filters = async (user: TestUser) =>
  (await json<{ list: MutedWord[] }>(await api(`${FILTER}/list`, { headers: user.auth }))).list;
const unmute = (user: TestUser, id: number) =>
  api(`${FILTER}?id=${id}`, { method: "DELETE", headers: user.auth });
const clearMutes = () => env.DB.prepare("DELETE FROM muted_words").run();

describe("muted words: the list", () => {
  it("adds, lists (newest first) and removes a person's phrases, and no one else's", async () => {
    const me = await createUser();
    const other = await createUser();
    const a = await mute(me, {
      phrase: "  Spoilers ",
      whole_word: false,
      contexts: ["FEED", "FEED", "SEARCH"],
    });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const b = await mute(me, { phrase: "crypto", expires_at: later });
    const list = await filters(me);
    expect(list.map((f) => f.id)).toEqual([b, a]);
    expect(list[1]).toMatchObject({
      phrase: "Spoilers",
      whole_word: false,
      contexts: ["FEED", "SEARCH"],
      expires_at: null,
    });
    expect(list[0]).toMatchObject({ phrase: "crypto", whole_word: true, contexts: ALL });
    expect(Date.parse(list[0]!.expires_at!)).toBe(Date.parse(later));
    expect(await filters(other)).toEqual([]);

    expect((await unmute(other, a)).status).toBe(404);
    expect((await unmute(me, a)).status).toBe(204);
    expect((await unmute(me, a)).status).toBe(404);
    expect((await filters(me)).map((f) => f.id)).toEqual([b]);
  });

  it("refuses bad input with a clear 4xx and keeps nothing", async () => {
    const me = await createUser();
    const refused = async (body: unknown, status: number, field: string) => {
      const res = await api(FILTER, { method: "POST", ...jsonBody(body, me.auth) });
      expect(res.status).toBe(status);
      expect(await detail(res)).toContain(field);
    };
    await refused({ phrase: "x".repeat(10_000), contexts: ["FEED"] }, 422, "phrase");
    await refused({ phrase: "   ", contexts: ["FEED"] }, 422, "phrase");
    await refused({ phrase: "ok", contexts: ["FEED", "EVERYWHERE"] }, 422, "contexts");
    await refused({ phrase: "ok", contexts: [] }, 422, "contexts");
    await refused({ phrase: "ok", contexts: ["FEED"], expires_at: "tomorrow" }, 422, "expires_at");
    await refused(
      { phrase: "ok", contexts: ["FEED"], expires_at: "2001-01-01T00:00:00Z" },
      422,
      "expires_at",
    );
    expect((await unmute(me, 0)).status).toBe(422);
    expect(await filters(me)).toEqual([]);
  });

  it("keeps at most 100 phrases a person", async () => {
    const me = await createUser();
    const rows = Array.from({ length: 100 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO muted_words (user_id, phrase, contexts, created_at) VALUES (?1, ?2, 'FEED', ?3)",
      ).bind(me.id, `word${i}`, Date.now()),
    );
    await env.DB.batch(rows);
    const res = await api(FILTER, {
      method: "POST",
      ...jsonBody({ phrase: "one more", contexts: ["FEED"] }, me.auth),
    });
    expect(res.status).toBe(409);
    expect(await detail(res)).toMatch(/at most 100/);
    expect(await filters(me)).toHaveLength(100);
  });

  it("needs a signed-in person", async () => {
    expect((await api(`${FILTER}/list`)).status).toBe(401);
  });
});

describe("muted words in the feed", () => {
  let author: TestUser;
  let reader: TestUser;
  let community: string;
  type Feed = CursorPage<FeedItem>;
  const page = async (query: string, user = reader) => {
    const res = await api(`/api/v1/feed?${query}`, { headers: user.auth });
    expect(res.status).toBe(200);
    return { body: await json<Feed>(res), cost: reads(res) };
  };
  const titles = (feed: Feed) => feed.list.map((i) => i.micropost.title);

  beforeAll(async () => {
    author = await createUser();
    reader = await createUser();
    community = await newCommunity(author);
    // 40 posts, newest last: every third one talks about the election.
    const ids = await insertPosts(author.id, community, 40, { startAt: 5_000_000 });
    for (const [i, id] of ids.entries()) {
      const title = i % 3 === 0 ? `Election news ${i}` : `Garden ${i}`;
      await env.DB.prepare("UPDATE microposts SET title = ?1 WHERE id = ?2").bind(title, id).run();
    }
  });
  afterAll(clearMutes);

  it("leaves muted posts out and still answers a full page, reading on where the page ended", async () => {
    await mute(reader, { phrase: "election", contexts: ["FEED"] });
    const first = await page("option=new&limit=10");
    expect(first.body.list).toHaveLength(10);
    expect(titles(first.body).some((t) => /election/i.test(t))).toBe(false);
    const second = await page(`option=new&limit=10&cursor=${first.body.next_cursor}`);
    expect(second.body.list).toHaveLength(10);
    const seen = [...titles(first.body), ...titles(second.body)];
    expect(new Set(seen).size).toBe(20);
    // Nothing skipped: the 20 newest garden posts, in order.
    expect(seen).toEqual(
      Array.from({ length: 40 }, (_, i) => 39 - i)
        .filter((i) => i % 3 !== 0)
        .slice(0, 20)
        .map((i) => `Garden ${i}`),
    );
    // Someone else's feed is untouched.
    const stranger = await createUser();
    expect(titles((await page("option=new&limit=10", stranger)).body)[0]).toBe("Election news 39");
    // A community's posts too.
    const res = await api(`/api/v1/community/micropost/list?name=${community}&limit=10`, {
      headers: reader.auth,
    });
    const inCommunity = await json<Feed>(res);
    expect(inCommunity.list).toHaveLength(10);
    expect(inCommunity.list.every((i) => !/election/i.test(i.micropost.title))).toBe(true);
  });

  it("reads a bounded number of rows however much is muted", async () => {
    await mute(reader, { phrase: "garden", contexts: ["FEED"] });
    const { body, cost } = await page("option=new&limit=5");
    // Everything is muted: an empty page whose cursor moves on, after at most MUTED_FILL_READS pages
    // (the first of them half a page longer, as for everyone who mutes phrases).
    expect(body.list).toEqual([]);
    expect(body.next_cursor).not.toBeNull();
    expect(cost.listReturned).toBeLessThanOrEqual(MUTED_FILL_READS * 5 + Math.ceil(5 / 2));
    expect(cost.list).toBeLessThanOrEqual(LOOKUP_ROWS_PER_POST * cost.listReturned);
    await clearMutes();
  });

  it("matches whole words only when asked, in any case, and not in the middle of a word", async () => {
    await clearMutes();
    await mute(reader, { phrase: "ELECT", contexts: ["FEED"] });
    expect(titles((await page("option=new&limit=3")).body)[0]).toBe("Election news 39");
    await clearMutes();
    await mute(reader, { phrase: "ELECT", whole_word: false, contexts: ["FEED"] });
    expect(titles((await page("option=new&limit=3")).body)[0]).toBe("Garden 38");
    await clearMutes();
  });

  it("stops muting once the phrase expires, and a phrase for other places leaves the feed alone", async () => {
    await mute(reader, { phrase: "election", contexts: ["COMMENTS", "SEARCH"] });
    const id = await mute(reader, { phrase: "election", contexts: ["FEED"] });
    expect(titles((await page("option=new&limit=3")).body)[0]).toBe("Garden 38");
    await env.DB.prepare("UPDATE muted_words SET expires_at = ?1 WHERE id = ?2")
      .bind(Date.now() - 1, id)
      .run();
    expect(titles((await page("option=new&limit=3")).body)[0]).toBe("Election news 39");
    await clearMutes();
  });
});

describe("muted words in comments, notifications, search and chat requests", () => {
  afterAll(clearMutes);

  it("marks a muted comment with the phrase instead of leaving it out", async () => {
    const author = await createUser();
    const reader = await createUser();
    const community = await newCommunity(author);
    const post = await insertPost(
      author.id,
      (await env.DB.prepare("SELECT id FROM communities WHERE name = ?1")
        .bind(community)
        .first<{ id: number }>())!.id,
      "A post",
    );
    await insertComment(author.id, post.id, "<p>Who won the <b>Match</b>?</p>");
    await insertComment(author.id, post.id, "<p>Nice weather</p>");
    await env.DB.prepare("UPDATE microposts SET total_top_comments = 2 WHERE id = ?1").bind(post.id).run();
    await mute(reader, { phrase: "match", contexts: ["COMMENTS"] });
    const read = async (user: TestUser) =>
      (
        await json<CursorPage<Comment>>(
          await api(`/api/v1/micropost/comment/list?post_public_id=${post.publicId}`, { headers: user.auth }),
        )
      ).list;
    const mine = await read(reader);
    expect(mine).toHaveLength(2);
    expect(mine.find((c) => c.body.includes("Match"))?.muted_by).toBe("match");
    expect(mine.find((c) => c.body.includes("weather"))?.muted_by).toBeUndefined();
    expect((await read(author)).every((c) => c.muted_by === undefined)).toBe(true);
  });

  it("leaves muted notifications out of full pages, counted the same way", async () => {
    const me = await createUser();
    for (let i = 0; i < 12; i++) {
      await notify(deps, {
        userId: me.id,
        kind: "COMMENT",
        actorId: null,
        link: "/x",
        text: i % 2 ? `Great goal ${i}` : `Spoiler alert ${i}`,
      });
    }
    await mute(me, { phrase: "spoiler", contexts: ["NOTIFICATIONS"] });
    const res = await api("/api/v1/private/user/notification/list?limit=4", { headers: me.auth });
    const body = await json<Page<Notification>>(res);
    expect(body.list).toHaveLength(4);
    expect(body.total_list).toBe(6);
    expect(body.list.every((n) => n.text?.startsWith("Great goal"))).toBe(true);
    // The header's count agrees with the list.
    const unread = await json<{ unread_notifications: number }>(
      await api("/api/v1/private/user/unread/data", { headers: me.auth }),
    );
    expect(unread.unread_notifications).toBe(6);
    // The list reads the person's own notifications only.
    expect(reads(res).list).toBeLessThanOrEqual(12);
  });

  it("leaves muted posts and comments out of search, with totals that agree", async () => {
    const author = await createUser();
    const reader = await createUser();
    const community = await newCommunity(author);
    const cid = (await env.DB.prepare("SELECT id FROM communities WHERE name = ?1")
      .bind(community)
      .first<{ id: number }>())!.id;
    for (let i = 0; i < 6; i++)
      await insertPost(author.id, cid, `Volcano trip ${i}`, i % 2 ? "<p>lava flows</p>" : "<p>quiet day</p>");
    const search = async (q: string, type = "posts") =>
      json<SearchResult>(await api(`/api/v1/search?q=${q}&type=${type}&limit=3`, { headers: reader.auth }));
    expect((await search("volcano")).total_list).toBe(6);
    await mute(reader, { phrase: "Lava", contexts: ["SEARCH"] });
    const found = await search("volcano");
    expect(found.total_list).toBe(3);
    expect(found.list).toHaveLength(3);
    // Anywhere: a phrase that starts a word hides it too.
    await mute(reader, { phrase: "qui", whole_word: false, contexts: ["SEARCH"] });
    expect((await search("volcano")).total_list).toBe(0);
    await clearMutes();
  });

  it("leaves out a new chat whose unread message holds a muted phrase", async () => {
    const me = await createUser();
    const stranger = await createUser();
    const thread = await startThread(stranger, me);
    const socket = await openSocket(stranger, thread);
    socket.send({ message_type: "TEXT", text: "Cheap PILLS here" });
    await socket.next("TEXT");
    socket.close();
    const threads = async () =>
      (await json<Page<ChatThread>>(await api(`${CHAT}/thread/list`, { headers: me.auth }))).list.map(
        (t) => t.public_id,
      );
    await expect.poll(threads).toEqual([thread]);
    const unreadChats = async () =>
      (
        await json<{ unread_chat_threads: number }>(
          await api("/api/v1/private/user/unread/data", { headers: me.auth }),
        )
      ).unread_chat_threads;
    expect(await unreadChats()).toBe(1);
    await mute(me, { phrase: "pills", contexts: ["CHAT_REQUESTS"] });
    expect(await threads()).toEqual([]);
    expect(await unreadChats()).toBe(0);
    // The sender's own list is unchanged.
    await mute(stranger, { phrase: "pills", contexts: ["CHAT_REQUESTS"] });
    const theirs = await json<Page<ChatThread>>(await api(`${CHAT}/thread/list`, { headers: stranger.auth }));
    expect(theirs.list.map((t) => t.public_id)).toEqual([thread]);
  });
});

describe("muted words: what a list left out is counted, and shown on request", () => {
  afterAll(clearMutes);

  it("counts the posts, results and comments the phrases hid; show_muted=true hides none", async () => {
    const author = await createUser();
    const reader = await createUser();
    const community = await newCommunity(author);
    const cid = (await env.DB.prepare("SELECT id FROM communities WHERE name = ?1")
      .bind(community)
      .first<{ id: number }>())!.id;
    const first = await insertPost(author.id, cid, "Quokka sighting", "<p>on the island</p>");
    await insertPost(author.id, cid, "More quokka photos", "<p>two of them</p>");
    await insertComment(author.id, first.id, "<p>A quokka smiled at me</p>");
    await insertComment(author.id, first.id, "<p>Lovely island</p>");
    await env.DB.prepare("UPDATE microposts SET total_top_comments = 2 WHERE id = ?1").bind(first.id).run();
    const quokka = await mute(reader, { phrase: "quokka" });
    const get = async <T>(path: string, user = reader) => {
      const res = await api(path, { headers: user.auth });
      expect(res.status, await res.clone().text()).toBe(200);
      return json<T & { hidden_by_mutes?: number }>(res);
    };

    // The community's list is empty, and says two posts were left out; shown, both are there.
    const inCommunity = await get<CursorPage<FeedItem>>(`/api/v1/community/micropost/list?name=${community}`);
    expect(inCommunity.list).toEqual([]);
    expect(inCommunity.hidden_by_mutes).toBe(2);
    const shown = await get<CursorPage<FeedItem>>(
      `/api/v1/community/micropost/list?name=${community}&show_muted=true`,
    );
    expect(shown.list.map((i) => i.micropost.title).sort()).toEqual([
      "More quokka photos",
      "Quokka sighting",
    ]);
    expect(shown.hidden_by_mutes).toBeUndefined();

    // The home feed's newest page: the two newest posts were read and left out.
    const feed = await get<CursorPage<FeedItem>>("/api/v1/feed?option=new&limit=4");
    expect(feed.hidden_by_mutes).toBe(2);
    expect(feed.list.some((i) => /quokka/i.test(i.micropost.title))).toBe(false);
    const feedShown = await get<CursorPage<FeedItem>>("/api/v1/feed?option=new&limit=4&show_muted=1");
    expect(feedShown.list[0]?.micropost.title).toBe("More quokka photos");

    // A person's posts: left out for the reader, never for the author.
    const theirs = await get<Page<FeedItem>>(`/api/v1/user/micropost/list?username=${author.username}`);
    expect(theirs.list).toEqual([]);
    expect(theirs.hidden_by_mutes).toBe(2);
    const own = await get<Page<FeedItem>>(`/api/v1/user/micropost/list?username=${author.username}`, author);
    expect(own.list).toHaveLength(2);
    expect(own.hidden_by_mutes).toBeUndefined();
    const theirsShown = await get<Page<FeedItem>>(
      `/api/v1/user/micropost/list?username=${author.username}&show_muted=true`,
    );
    expect(theirsShown.list).toHaveLength(2);

    // Search: nothing matches for the reader, two were left out.
    const found = await get<SearchResult>("/api/v1/search?q=quokka&type=posts");
    expect(found.total_list).toBe(0);
    expect(found.hidden_by_mutes).toBe(2);
    const foundShown = await get<SearchResult>("/api/v1/search?q=quokka&type=posts&show_muted=true");
    expect(foundShown.total_list).toBe(2);
    expect(foundShown.hidden_by_mutes).toBeUndefined();
    // The phrase taken back: the search no longer leaves out what the last request's check named.
    expect((await unmute(reader, quokka)).status).toBe(204);
    const foundAfter = await get<SearchResult>("/api/v1/search?q=quokka&type=posts");
    expect(foundAfter.total_list).toBe(2);
    expect(foundAfter.hidden_by_mutes).toBeUndefined();
    await mute(reader, { phrase: "quokka" });

    // Comments stay in place, marked; the page counts them.
    const thread = await get<CursorPage<Comment>>(
      `/api/v1/micropost/comment/list?post_public_id=${first.publicId}`,
    );
    expect(thread.hidden_by_mutes).toBe(1);
    expect(
      (
        await get<CursorPage<Comment>>(
          `/api/v1/micropost/comment/list?post_public_id=${first.publicId}`,
          author,
        )
      ).hidden_by_mutes,
    ).toBeUndefined();
  });

  it("refuses a show_muted that is not a yes or a no", async () => {
    const reader = await createUser();
    const res = await api("/api/v1/feed?option=new&show_muted=maybe", { headers: reader.auth });
    expect(res.status).toBe(422);
    expect(await detail(res)).toContain("show_muted");
  });
});
