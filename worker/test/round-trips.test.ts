import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Database } from "#worker/db/database.ts";
import { companyName, newJob, postJob } from "#worker/features/jobs/test-kit.ts";
import {
  ADMIN_SESSION_GUARD_SQL,
  failedSessionGuard,
  SESSION_GUARD_SQL,
} from "#worker/lib/session-queries.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { api, bearer, form, json, jsonBody, reads } from "./api";
import { say, startThread } from "./chat";
import { createAdmin, createUser, type TestUser } from "./people";
import { newCommunity, newPost, PNG_BYTES } from "./posts";

// Every list and page answers in one round trip to D1 (`X-D1-Calls`), for a visitor, for someone
// signed in and for staff: the token check rides in the batch of the page and everything its items
// show (docs/decisions/156, 208).

/** A service of `owner`'s, as the form sends it. */
const serviceForm = (owner: TestUser): RequestInit => ({
  method: "POST",
  headers: owner.auth,
  body: form({
    title: "Logo design",
    description: "A clean vector logo with two rounds of changes.",
    category: "DESIGN",
    price: "15000",
    delivery_days: "3",
    skills: "Branding",
  }),
});

/** Every token of the person made so far stops being valid (a sign-out everywhere). */
const revokeTokens = (person: { id: number }) =>
  env.DB.prepare("UPDATE users SET token_version = token_version + 1 WHERE id = ?1").bind(person.id).run();

describe("round trips to D1 per list", () => {
  it("every list in the API description answers in one, signed in or not", async () => {
    const user = await createUser();
    const admin = await createAdmin();
    const community = await newCommunity(user);
    const post = await newPost(user, community);
    await newPost(user, community, { title: "Another" });
    // A public custom feed of the community, for the custom feed's page (its `id`).
    const feed = await json<{ id: string }>(
      await api("/api/v1/private/user/feed", {
        method: "POST",
        ...jsonBody({ name: "Trips", is_public: true, communities: [{ name: community }] }, user.auth),
      }),
    );
    const doc = await json<{ paths: Record<string, { get?: unknown }> }>(await api("/api/openapi.json"));
    const lists = Object.keys(doc.paths).filter((p) => doc.paths[p]!.get && /\/(list|feed|search)$/.test(p));
    expect(lists.length).toBeGreaterThan(30);
    // The keys each list may ask for; a list ignores the ones it does not know.
    const query = `name=${community}&public_id=${post.public_id}&post_public_id=${post.public_id}&username=${user.username}&q=title&target_type=POST&emoji=%F0%9F%91%8D`;
    const over: string[] = [];
    for (const path of lists) {
      const callers: Array<["signedIn" | "anonymous", Record<string, string>]> = path.startsWith(
        "/api/admin/",
      )
        ? [["signedIn", admin.auth]]
        : path.includes("/private/")
          ? [["signedIn", user.auth]]
          : [
              ["anonymous", {}],
              ["signedIn", user.auth],
            ];
      for (const [who, headers] of callers) {
        const own = path === "/api/v1/feed/micropost/list" ? `&id=${feed.id}` : "";
        const res = await api(`${path}?${query}${own}`, { headers });
        const calls = reads(res).calls;
        expect(calls, `${path} (${who}) answered ${res.status}`).toBeGreaterThan(0);
        if (calls > 1) over.push(`${path} (${who}): ${calls}`);
      }
    }
    expect(over.join("\n")).toBe("");
  });

  it("every read in the API description answers in one, with something to show, for visitors, people and staff", async () => {
    const user = await createUser();
    const other = await createUser();
    const admin = await createAdmin();
    const community = await newCommunity(user);
    const post = await newPost(user, community);
    await api(`/api/v1/private/user/follow?username=${user.username}`, {
      method: "POST",
      headers: other.auth,
    });
    const comment = await json<{ public_id: string }>(
      await api("/api/v1/private/user/micropost/comment", {
        method: "POST",
        ...jsonBody({ parent_micropost_public_id: post.public_id, body: "a comment" }, other.auth),
      }),
    );
    const draft = await json<{ public_id: string }>(
      await api("/api/v1/private/user/micropost", {
        method: "POST",
        headers: user.auth,
        body: form({ title: "Draft", body: "<p>Words</p>", community_name: community, is_draft: "true" }),
      }),
    );
    const thread = await startThread(user, other);
    await say(other, thread, "A message");
    const job = await newJob(user);
    const service = await json<{ slug: string }>(
      await api("/api/v1/private/user/service", serviceForm(user)),
    );
    await env.DB.prepare(
      "INSERT INTO blog_posts (title, slug, published_at, created_at, updated_at) VALUES ('Trips', ?1, 1, 1, 1)",
    )
      .bind(`trips-${user.id}`)
      .run();
    const feed = await json<{ id: string }>(
      await api("/api/v1/private/user/feed", {
        method: "POST",
        ...jsonBody({ name: "Trips", is_public: true, communities: [{ name: community }] }, user.auth),
      }),
    );
    const doc = await json<{ paths: Record<string, { get?: unknown }> }>(await api("/api/openapi.json"));
    const paths = Object.keys(doc.paths).filter((p) => doc.paths[p]!.get);
    const query = `name=${community}&public_id=${post.public_id}&post_public_id=${post.public_id}&username=${user.username}&q=title&target_type=POST&emoji=%F0%9F%91%8D&id=${feed.id}`;
    // The keys a read needs to find something, where the common ones do not.
    const own: Record<string, string[]> = {
      "/api/v1/connections": [
        `username=${user.username}&type=followers`,
        `username=${user.username}&type=following`,
      ],
      "/api/v1/micropost/comment/history": [`public_id=${comment.public_id}`],
      "/api/v1/private/user/micropost/draft": [`public_id=${draft.public_id}`],
      "/api/v1/private/user/chat/thread": [`public_id=${thread}`],
      "/api/v1/private/user/chat/thread/personal": [`username=${other.username}`],
      "/api/v1/private/user/chat/thread/user/list": [`public_id=${thread}`],
      "/api/v1/private/user/chat/thread/message/list": [`public_id=${thread}`],
      "/api/v1/blog": [`slug=trips-${user.id}`],
      "/api/v1/job": [`username=${user.username}&slug=${job}`],
      "/api/v1/service": [`username=${user.username}&slug=${service.slug}`],
      "/api/v1/search": [
        "type=posts&q=title",
        "type=comments&q=comment",
        `type=users&q=${user.username}`,
        "type=jobs&q=engineer",
        "type=services&q=logo",
      ],
    };
    const over: string[] = [];
    let found = 0;
    for (const path of paths) {
      const callers: Array<[string, Record<string, string>]> = path.startsWith("/api/admin/")
        ? [["staff", admin.auth]]
        : path.includes("/private/")
          ? [["signedIn", user.auth]]
          : [
              ["anonymous", {}],
              ["signedIn", user.auth],
            ];
      for (const keys of own[path] ?? [query])
        for (const [who, headers] of callers) {
          const res = await api(`${path}?${keys}`, { headers });
          expect(res.status, `${path}?${keys} (${who})`).not.toBe(500);
          if (res.status === 200) found += 1;
          const calls = reads(res).calls;
          if (calls > 1) over.push(`${path}?${keys} (${who}): ${calls}`);
        }
    }
    expect(over.join("\n")).toBe("");
    expect(found).toBeGreaterThan(100);
  });

  it("a person's own settings, security and chat pages are one round trip", async () => {
    const user = await createUser();
    const other = await createUser();
    const thread = await startThread(user, other);
    const pages: Array<[string, (body: Record<string, unknown>) => void]> = [
      [
        "/api/v1/private/user/auth/mfa",
        (b) => expect(b).toEqual({ totp_enabled: false, recovery_codes_left: 0, passkeys: 0 }),
      ],
      ["/api/v1/private/user/auth/passkey/list", (b) => expect(b).toEqual({ passkeys: [] })],
      ["/api/v1/private/user/notification/preference", (b) => expect(b.language).toBe("en")],
      ["/api/v1/private/user/profile/job", (b) => expect(b).toHaveProperty("job_title")],
      ["/api/v1/private/user/resume", (b) => expect(b).toEqual({ link: null })],
      ["/api/v1/private/user/chat/thread/list", (b) => expect(b.list).toHaveLength(1)],
      [
        `/api/v1/private/user/chat/thread/user/list?public_id=${thread}`,
        (b) => expect(b.list).toHaveLength(2),
      ],
      [
        `/api/v1/private/user/chat/thread/personal?username=${other.username}`,
        (b) => expect(b.public_id).toBe(thread),
      ],
    ];
    for (const [path, check] of pages) {
      const res = await api(path, { headers: user.auth });
      expect(res.status, path).toBe(200);
      check(await json(res));
      expect(reads(res).calls, path).toBe(1);
    }
    // Someone else's thread is not found, in that same round trip.
    const outsider = await createUser();
    const res = await api(`/api/v1/private/user/chat/thread/user/list?public_id=${thread}`, {
      headers: outsider.auth,
    });
    expect(res.status).toBe(404);
    expect(reads(res).calls).toBe(1);
  });

  it("notifications, with who caused them, are one round trip; a phrase muted there costs a second", async () => {
    const user = await createUser();
    const other = await createUser();
    const community = await newCommunity(user);
    const post = await newPost(user, community);
    await api(`/api/v1/private/user/follow?username=${user.username}`, {
      method: "POST",
      headers: other.auth,
    });
    await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      ...jsonBody({ parent_micropost_public_id: post.public_id, body: "a walrus on the beach" }, other.auth),
    });
    const list = () => api("/api/v1/private/user/notification/list", { headers: user.auth });
    const before = await list();
    const heard = await json<{ list: Array<{ kind: string; actor: { username: string } | null }> }>(before);
    expect(heard.list.map((n) => [n.kind, n.actor?.username])).toEqual([
      ["COMMENT", other.username],
      ["FOLLOWER", other.username],
    ]);
    expect(reads(before).calls).toBe(1);
    await api("/api/v1/private/user/filter", {
      method: "POST",
      ...jsonBody(
        { phrase: "walrus", whole_word: true, contexts: ["NOTIFICATIONS"], expires_at: null },
        user.auth,
      ),
    });
    const after = await list();
    expect((await json<{ list: Array<{ kind: string }> }>(after)).list.map((n) => n.kind)).toEqual([
      "FOLLOWER",
    ]);
    expect(reads(after).calls).toBe(2);
  });

  it("edit history, followers, a job, a service and a blog post are one round trip; a block is refused in it", async () => {
    const author = await createUser();
    const reader = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const job = await newJob(author);
    const service = await json<{ slug: string }>(
      await api("/api/v1/private/user/service", serviceForm(author)),
    );
    await api(`/api/v1/private/user/follow?username=${author.username}`, {
      method: "POST",
      headers: reader.auth,
    });
    const history = `/api/v1/micropost/history?public_id=${post.public_id}`;
    const followers = `/api/v1/connections?username=${author.username}&type=followers`;
    for (const headers of [{}, reader.auth, author.auth]) {
      for (const path of [
        history,
        followers,
        `/api/v1/job?username=${author.username}&slug=${job}`,
        `/api/v1/service?username=${author.username}&slug=${service.slug}`,
      ]) {
        const res = await api(path, { headers });
        expect(res.status, path).toBe(200);
        expect(reads(res).calls, path).toBe(1);
      }
    }
    const people = await json<{ list: Array<{ owner: { username: string }; is_following: boolean }> }>(
      await api(followers, { headers: reader.auth }),
    );
    expect(people.list).toEqual([
      expect.objectContaining({ owner: expect.objectContaining({ username: reader.username }) }),
    ]);
    // The author blocks the reader: refused in the same round trip that read the page.
    await api(`/api/v1/private/user/block?username=${reader.username}`, {
      method: "POST",
      headers: author.auth,
    });
    for (const path of [history, followers]) {
      const res = await api(path, { headers: reader.auth });
      expect(res.status, path).toBe(403);
      expect(reads(res).calls, path).toBe(1);
    }
    for (const path of [
      `/api/v1/micropost/history?public_id=nosuch${post.public_id}`,
      `/api/v1/connections?username=nosuch${author.username}&type=following`,
      `/api/v1/job?username=nosuch${author.username}&slug=${job}`,
      `/api/v1/service?username=${author.username}&slug=nosuch`,
    ]) {
      const res = await api(path, { headers: reader.auth });
      expect(res.status, path).toBe(404);
      expect(reads(res).calls, path).toBe(1);
    }
  });

  it("staff lists are one round trip, the staff check riding in it; a revoked staff token gets 401 and nothing", async () => {
    const admin = await createAdmin();
    for (const path of [
      "/api/admin/private/community/list",
      "/api/admin/private/admin/list",
      "/api/admin/private/auth/me",
    ]) {
      const res = await api(path, { headers: admin.auth });
      expect(res.status, path).toBe(200);
      expect(reads(res).calls, path).toBe(1);
    }
    await env.DB.prepare("UPDATE admins SET token_version = token_version + 1 WHERE id = ?1")
      .bind(admin.id)
      .run();
    for (const path of [
      "/api/admin/private/community/list",
      "/api/admin/private/admin/list",
      "/api/admin/private/auth/me",
    ]) {
      const res = await api(path, { headers: admin.auth });
      expect(res.status, path).toBe(401);
      expect(Object.keys(await json(res)), path).not.toContain("list");
      expect(reads(res).calls, path).toBe(1);
    }
  });

  it("a revoked token gets 401 and nothing from a person's own pages, and a visitor's answer from public ones", async () => {
    const user = await createUser();
    const other = await createUser();
    const community = await newCommunity(user);
    const post = await newPost(other, community);
    await startThread(user, other);
    await api(`/api/v1/private/user/follow?username=${user.username}`, {
      method: "POST",
      headers: other.auth,
    });
    await revokeTokens(user);
    for (const path of [
      "/api/v1/private/user/notification/list",
      "/api/v1/private/user/auth/mfa",
      "/api/v1/private/user/notification/preference",
      "/api/v1/private/user/chat/thread/list",
      "/api/v1/private/user/micropost/draft/list",
      `/api/v1/private/user/chat/thread/personal?username=${other.username}`,
    ]) {
      const res = await api(path, { headers: user.auth });
      expect(res.status, path).toBe(401);
      const body = await json(res);
      expect(Object.keys(body).sort(), path).toEqual(["code", "detail"]);
    }
    for (const path of [
      `/api/v1/micropost/history?public_id=${post.public_id}`,
      `/api/v1/connections?username=${user.username}&type=followers`,
    ]) {
      const res = await api(path, { headers: user.auth });
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual(await json(await api(path)));
    }
  });

  it("the feed's page and all it shows come back in one round trip", async () => {
    const user = await createUser();
    const community = await newCommunity(user);
    await newPost(user, community);
    expect(reads(await api("/api/v1/feed")).calls).toBe(1);
    expect(reads(await api("/api/v1/feed", { headers: user.auth })).calls).toBe(1);
    expect(reads(await api("/api/v1/feed?option=TOP", { headers: user.auth })).calls).toBe(1);
    expect(reads(await api(`/api/v1/community/micropost/list?name=${community}`)).calls).toBe(1);
    const signedIn = await api(`/api/v1/community/micropost/list?name=${community}`, { headers: user.auth });
    expect(reads(signedIn).calls).toBe(1);
    expect(
      reads(await api(`/api/v1/user/micropost/list?username=${user.username}`, { headers: user.auth })).calls,
    ).toBe(1);
    expect((await api("/api/v1/community/micropost/list?name=nosuchplace")).status).toBe(404);
  });

  it("a community's page, a profile, a post and a moderation log are one round trip, signed in or not", async () => {
    const owner = await createUser();
    const reader = await createUser();
    const community = await newCommunity(owner);
    const post = await newPost(owner, community);
    await api(`/api/v1/private/user/follow?username=${owner.username}`, {
      method: "POST",
      headers: reader.auth,
    });
    const pages = [
      `/api/v1/community?name=${community}`,
      `/api/v1/user?username=${owner.username}`,
      `/api/v1/micropost?public_id=${post.public_id}`,
      `/api/v1/community/mod/log?name=${community}`,
    ];
    for (const path of pages)
      for (const headers of [{}, reader.auth, owner.auth]) {
        const res = await api(path, { headers });
        expect(res.status, path).toBe(200);
        expect(reads(res).calls, path).toBe(1);
      }
    // What the viewer's row adds, read in that same round trip.
    const page = (path: string, who: TestUser | null) =>
      api(path, { headers: who?.auth ?? {} }).then((res) => json<Record<string, unknown>>(res));
    expect(await page(pages[1]!, reader)).toMatchObject({ is_following: true, user_is_owner: false });
    expect(await page(pages[1]!, owner)).toMatchObject({ is_following: false, user_is_owner: true });
    expect(await page(pages[1]!, null)).toMatchObject({ is_following: false, user_is_owner: false });
    expect((await page(pages[0]!, owner)).user_membership).toMatchObject({ role: "OWNER" });
    expect((await page(pages[0]!, reader)).user_membership).toBeNull();
    for (const path of [
      `/api/v1/community?name=nosuch${community}`,
      `/api/v1/user?username=nosuch${owner.username}`,
    ]) {
      const res = await api(path, { headers: reader.auth });
      expect(res.status, path).toBe(404);
      expect(reads(res).calls, path).toBe(1);
    }
  });

  it("a list of posts, a post, its comments, a profile and a community are one statement, the token check folded in", async () => {
    const owner = await createUser();
    const reader = await createUser();
    const community = await newCommunity(owner);
    const post = await newPost(owner, community);
    await api(`/api/v1/private/user/community/join?name=${community}`, {
      method: "POST",
      headers: reader.auth,
    });
    const pages = [
      "/api/v1/feed?option=new",
      "/api/v1/feed?option=top",
      `/api/v1/micropost?public_id=${post.public_id}`,
      `/api/v1/micropost/comment/list?post_public_id=${post.public_id}`,
      `/api/v1/user?username=${owner.username}`,
      `/api/v1/user/micropost/list?username=${owner.username}`,
      `/api/v1/community?name=${community}`,
      `/api/v1/community/micropost/list?name=${community}`,
      // Nothing to show: the token check still has its row.
      `/api/v1/micropost/comment/list?post_public_id=nosuch${post.public_id}`,
      `/api/v1/user?username=nosuch${owner.username}`,
      `/api/v1/community?name=nosuch${community}`,
    ];
    for (const path of pages)
      for (const headers of [{}, reader.auth]) {
        const res = await api(path, { headers });
        expect([200, 404], path).toContain(res.status);
        expect(reads(res).statements, `${path} ${headers === reader.auth ? "signed in" : "visitor"}`).toBe(1);
      }
    // The check folded in is the check: what the reader's row adds shows, and a revoked token
    // reads what a visitor reads.
    const joined = await json<{ user_membership: unknown }>(
      await api(`/api/v1/community?name=${community}`, { headers: reader.auth }),
    );
    expect(joined.user_membership).toMatchObject({ role: "MEMBER" });
    await revokeTokens(reader);
    for (const path of pages.slice(0, 8)) {
      const res = await api(path, { headers: reader.auth });
      expect(await res.json(), path).toEqual(await json(await api(path)));
    }
  });

  it("a custom feed's page is one round trip, the isolate keeping the feed's row or not, signed in or not, a phrase muted or not", async () => {
    const user = await createUser();
    const reader = await createUser();
    const community = await newCommunity(user);
    await newPost(user, community);
    const feed = await json<{ id: string }>(
      await api("/api/v1/private/user/feed", {
        method: "POST",
        ...jsonBody({ name: "Kept", is_public: true, communities: [{ name: community }] }, user.auth),
      }),
    );
    const path = `/api/v1/feed/micropost/list?id=${feed.id}`;
    // The first read in this isolate reads the feed's row with the page, the feed named by its
    // public id (docs/decisions/208).
    const first = await api(path, { headers: reader.auth });
    expect((await json<{ list: unknown[] }>(first)).list).toHaveLength(1);
    expect(reads(first).calls).toBe(1);
    for (const headers of [{}, user.auth, reader.auth]) {
      const res = await api(path, { headers });
      expect((await json<{ list: unknown[] }>(res)).list).toHaveLength(1);
      expect(reads(res).calls).toBe(1);
    }
    // A phrase the reader mutes in feeds: the page read with the token check, which brings the
    // phrase, is left without the post that holds it, and still in one round trip.
    await newPost(user, community, { title: "A zebra crossing" });
    await api("/api/v1/private/user/filter", {
      method: "POST",
      ...jsonBody({ phrase: "zebra", whole_word: true, contexts: ["FEED"], expires_at: null }, reader.auth),
    });
    const muted = await api(path, { headers: reader.auth });
    const page = await json<{ list: Array<{ micropost: { title: string } }>; hidden_by_mutes?: number }>(
      muted,
    );
    expect(page.list.map((i) => i.micropost.title)).toEqual(["A title"]);
    expect(page.hidden_by_mutes).toBe(1);
    expect(reads(muted).calls).toBe(1);
    // The community's page, the same.
    const inCommunity = await api(`/api/v1/community/micropost/list?name=${community}`, {
      headers: reader.auth,
    });
    expect((await json<typeof page>(inCommunity)).list.map((i) => i.micropost.title)).toEqual(["A title"]);
    expect(reads(inCommunity).calls).toBe(1);
    // A page the phrase leaves short is filled from the same read: someone who mutes phrases gets
    // half a page more in it (docs/decisions/228).
    const site = await api("/api/v1/feed?option=NEW&limit=2", { headers: reader.auth });
    const siteList = (await json<typeof page>(site)).list;
    expect(siteList).toHaveLength(2);
    expect(siteList.some((i) => i.micropost.title.includes("zebra"))).toBe(false);
    expect(reads(site).calls).toBe(1);
  });

  it("the feeds of one's communities and of the people one follows are one round trip once the isolate knows them", async () => {
    const author = await createUser();
    const reader = await createUser();
    const [one, two] = [await newCommunity(author), await newCommunity(author)];
    await newPost(author, one, { title: "In the first" });
    await api(`/api/v1/private/user/community/join?name=${one}`, { method: "POST", headers: reader.auth });
    await api(`/api/v1/private/user/follow?username=${author.username}`, {
      method: "POST",
      headers: reader.auth,
    });
    const titlesOf = async (res: Response) =>
      (await json<{ list: Array<{ micropost: { title: string } }> }>(res)).list.map((i) => i.micropost.title);
    for (const option of ["COMMUNITIES", "FOLLOWING"]) {
      const path = `/api/v1/feed?option=${option}`;
      // The first read in this isolate reads the sources, then the page.
      const first = await api(path, { headers: reader.auth });
      expect(await titlesOf(first), option).toEqual(["In the first"]);
      expect(reads(first).calls, option).toBe(2);
      const again = await api(path, { headers: reader.auth });
      expect(await titlesOf(again), option).toEqual(["In the first"]);
      expect(reads(again).calls, option).toBe(1);
    }
    // A community joined since: the sources read with the page name it, and the page is read again.
    await newPost(author, two, { title: "In the second" });
    await api(`/api/v1/private/user/community/join?name=${two}`, { method: "POST", headers: reader.auth });
    const changed = await api("/api/v1/feed?option=COMMUNITIES", { headers: reader.auth });
    expect(await titlesOf(changed)).toEqual(["In the second", "In the first"]);
    expect(reads(changed).calls).toBe(2);
    const after = await api("/api/v1/feed?option=COMMUNITIES", { headers: reader.auth });
    expect(await titlesOf(after)).toEqual(["In the second", "In the first"]);
    expect(reads(after).calls).toBe(1);
  });

  it("a post's comments, with three levels of replies, come back in one round trip", async () => {
    const user = await createUser();
    const community = await newCommunity(user);
    const post = await newPost(user, community);
    let parent: string | undefined;
    const chain: string[] = [];
    for (let depth = 0; depth < 5; depth++) {
      const made = await json<{ public_id: string }>(
        await api("/api/v1/private/user/micropost/comment", {
          method: "POST",
          ...jsonBody(
            {
              parent_micropost_public_id: post.public_id,
              parent_micropost_comment_public_id: parent,
              body: `d${depth}`,
            },
            user.auth,
          ),
        }),
      );
      parent = made.public_id;
      chain.push(made.public_id);
    }
    const list = `/api/v1/micropost/comment/list?post_public_id=${post.public_id}`;
    const thread = `${list}&comment_public_id=${chain[1]}`;
    // Reactions on the top comment, a reply two levels down and the focused comment, in the order
    // they were first used.
    const reactor = await createUser();
    for (const [publicId, emoji] of [
      [chain[0]!, "🎉"],
      [chain[0]!, "👍"],
      [chain[2]!, "👍"],
      [chain[1]!, "🙏"],
    ] as const)
      expect(
        (
          await api("/api/v1/private/user/reaction", {
            method: "PUT",
            ...jsonBody({ target_type: "COMMENT", public_id: publicId, emoji }, reactor.auth),
          })
        ).status,
      ).toBe(200);
    type Shown = { reactions: Array<{ emoji: string; total: number; reacted: boolean }>; replies: Shown[] };
    const shown = (comment: Shown) =>
      comment.reactions.map((r) => `${r.emoji}${r.total}${r.reacted ? "*" : ""}`);
    // The tree and its reactions (docs/decisions/140) in one statement.
    for (const path of [list, thread]) {
      const anonymous = await api(path);
      expect(anonymous.status).toBe(200);
      expect(reads(anonymous).calls, path).toBe(1);
      expect(reads(await api(path, { headers: user.auth })).calls, path).toBe(1);
    }
    const tree = await json<{ list: Shown[] }>(await api(list, { headers: reactor.auth }));
    expect(shown(tree.list[0]!)).toEqual(["🎉1*", "👍1*"]);
    expect(shown(tree.list[0]!.replies[0]!.replies[0]!)).toEqual(["👍1*"]);
    const focused = await json<{ parent: Shown; list: Shown[] }>(await api(thread));
    expect(shown(focused.parent)).toEqual(["🙏1"]);
    expect(shown(focused.list[0]!)).toEqual(["👍1"]);
    expect(reads(await api(`${list}&comment_public_id=nosuchcomment`)).calls).toBe(1);
  });

  it("the signed-in person's own record and unread counts are one round trip; a muted place costs a second", async () => {
    const user = await createUser();
    for (const path of ["/api/v1/private/user/auth/me", "/api/v1/private/user/unread/data"]) {
      const res = await api(path, { headers: user.auth });
      expect(res.status, path).toBe(200);
      expect(reads(res).calls, path).toBe(1);
    }
    const me = await json<{ username: string }>(
      await api("/api/v1/private/user/auth/me", { headers: user.auth }),
    );
    expect(me.username).toBe(user.username);
    // A phrase muted in notifications: counted again without what it hides.
    await api("/api/v1/private/user/filter", {
      method: "POST",
      ...jsonBody(
        { phrase: "zebra", whole_word: true, contexts: ["NOTIFICATIONS"], expires_at: null },
        user.auth,
      ),
    });
    const muted = await api("/api/v1/private/user/unread/data", { headers: user.auth });
    expect(muted.status).toBe(200);
    expect(reads(muted).calls).toBe(2);
  });

  it("a search of every kind is one round trip, a phrase muted in search included once the isolate knows it", async () => {
    const user = await createUser();
    const other = await createUser();
    const community = await newCommunity(user, `roundtrip${Date.now() % 100000}`);
    const post = await newPost(user, community, { title: "Roundtrip walrus" });
    // A comment with a reply and a reply to it: what a search of comments finds and shows.
    const comment = async (body: string, parent?: string) =>
      json<{ public_id: string }>(
        await api("/api/v1/private/user/micropost/comment", {
          method: "POST",
          ...jsonBody(
            {
              parent_micropost_public_id: post.public_id,
              parent_micropost_comment_public_id: parent,
              body,
            },
            other.auth,
          ),
        }),
      );
    const top = await comment("walrus at the top");
    const reply = await comment("a reply", top.public_id);
    await comment("a reply to the reply", reply.public_id);
    // Something muted: read with the token check, left out inside the search's own statements.
    await api("/api/v1/private/user/filter", {
      method: "POST",
      ...jsonBody(
        { phrase: "zebra", whole_word: true, contexts: ["SEARCH", "COMMENTS"], expires_at: null },
        user.auth,
      ),
    });
    let seen = false;
    for (const [type, q] of [
      ["posts", "walrus"],
      ["comments", "walrus"],
      ["communities", "roundtrip"],
      ["users", user.username],
      ["communities", ""],
    ]) {
      const path = `/api/v1/search?type=${type}&q=${q}`;
      const anonymous = await api(path);
      const signedIn = await api(path, { headers: user.auth });
      expect((await json<{ list: unknown[] }>(signedIn)).list.length, `${type} "${q}"`).toBeGreaterThan(0);
      expect(reads(anonymous).calls, `${type} "${q}"`).toBe(1);
      // The first search after the phrase was added leaves out what the person's last token check
      // here brought (nothing), then searches again without the phrase; from then on the isolate's
      // guess is right, and the search and its count without the phrase are one round trip.
      const muting = type === "posts" || type === "comments";
      expect(reads(signedIn).calls, `${type} "${q}" signed in`).toBe(muting && !seen ? 2 : 1);
      if (muting) seen = true;
      const other_ = await api(path, { headers: other.auth });
      expect(reads(other_).calls, `${type} "${q}" signed in, nothing muted`).toBe(1);
    }
  });

  // A vote: the post with the blocks (the token check riding with them), then one batch with the
  // vote, its count and the one statement that checks the author's notice, which their inbox keeps
  // (docs/decisions/210). A comment: the same, its hourly limit's and its
  // daily allowance's counters in the post's batch, the level they need decided in SQL
  // (docs/decisions/186).
  it("a vote and a comment write everything in one batch, their notices kept by the author's inbox", async () => {
    const author = await createUser();
    const voter = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const vote = await api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: voter.auth,
    });
    expect(await json<{ user_voted: boolean; total_micropost_votes: number }>(vote)).toMatchObject({
      user_voted: true,
      total_micropost_votes: 1,
    });
    // The post, the toggle and the notice's check in one batch with the token check (and its
    // guard, since the batch writes): docs/decisions/239.
    expect(reads(vote).calls).toBe(1);
    // Every statement of a write runs on the primary (docs/decisions/186 counts them).
    // Two fewer than when D1 kept the notice (its insert, the actor's and the counts' reads); the
    // token check's guard one more since the post's read and the toggle share a round trip, and one
    // fewer again since the guard carries the check's read (docs/decisions/242).
    expect(reads(vote).statements).toBeLessThanOrEqual(7);
    const comment = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      ...jsonBody({ parent_micropost_public_id: post.public_id, body: "a comment" }, voter.auth),
    });
    const made = await json<{ public_id: string; owner: { username: string }; link: string }>(comment);
    expect(made.owner.username).toBe(voter.username);
    expect(made.link).toContain(`?comment=${made.public_id}`);
    expect(reads(comment).calls).toBe(2);
    expect(reads(comment).statements).toBeLessThanOrEqual(12);
    // The author heard of both, from their inbox.
    const heard = await json<{ list: Array<{ kind: string; link: string }> }>(
      await api("/api/v1/private/user/notification/list", { headers: author.auth }),
    );
    expect(heard.list.map((n) => n.kind)).toEqual(["COMMENT", "UPVOTE"]);
    expect(heard.list[0]!.link).toBe(made.link);
  });

  // A follow: one batch with the token check, its limits' counters, the person and the blocks, the
  // follow (guarded in SQL by the limits and the person), the notice's check and its counts; at
  // every level, and for a level gone stale (docs/decisions/239).
  it("a follow takes one round trip, the token check riding in it, whatever the follower's trust level", async () => {
    const day = 24 * 60 * 60_000;
    const longAgo = Date.now() - 10 * day;
    const followers = [
      await createUser(),
      await createUser({ trustLevel: 0, trustLevelManual: false, trustLevelAt: Date.now() }),
      await createUser({ trustLevel: 1, trustLevelManual: false, trustLevelAt: Date.now() }),
      await createUser({ trustLevel: 0, trustLevelManual: false, trustLevelAt: longAgo, createdAt: longAgo }),
    ];
    for (const follower of followers) {
      const followed = await createUser();
      const res = await api(`/api/v1/private/user/follow?username=${followed.username}`, {
        method: "POST",
        headers: follower.auth,
      });
      expect(await json(res)).toEqual({ is_following: true, total_followers: 1, total_following: 0 });
      expect(reads(res).calls).toBe(1);
      expect(reads(res).statements).toBeLessThanOrEqual(9);
    }
  });
  // A post: its limits' counters with the community, the author's verified flag and the people it
  // names (the token check riding with them), then one batch with the post, its counts, the join
  // and (below level 2) the level worked out again. A draft's publishing: the same, its daily
  // allowance counted with the draft, its files, the author's ban and (when the form sends them)
  // its new fields' reads. A comment's level is worked out again in its batch too; a reply reads the
  // comment it answers, the blocks between the two authors and the people it names with the post
  // (before: a reply four round trips, a comment naming someone three).
  it("a post, a draft's publishing, a comment and a reply take two round trips, whatever the author's trust level", async () => {
    const day = 24 * 60 * 60_000;
    const longAgo = Date.now() - 10 * day;
    const authors: Array<[string, TestUser]> = [
      ["regular", await createUser()],
      ["new", await createUser({ trustLevel: 0, trustLevelManual: false, trustLevelAt: Date.now() })],
      ["member", await createUser({ trustLevel: 1, trustLevelManual: false, trustLevelAt: Date.now() })],
      [
        "stale",
        await createUser({
          trustLevel: 0,
          trustLevelManual: false,
          trustLevelAt: longAgo,
          createdAt: longAgo,
        }),
      ],
    ];
    const community = await newCommunity(await createUser());
    const [other, named] = [await createUser(), await createUser()];
    const send = (author: TestUser, path: string, method: string, fields: Record<string, string>) =>
      api(`/api/v1/private/user/${path}`, { method, headers: author.auth, body: form(fields) });
    for (const [who, author] of authors) {
      const fields = { title: `By ${who}`, body: "<p>Words</p>", community_name: community };
      const post = await send(author, "micropost", "POST", fields);
      expect(post.status, who).toBe(201);
      expect(reads(post).calls, `${who} post`).toBe(2);
      expect(reads(post).statements, `${who} post`).toBeLessThanOrEqual(14);
      const postId = (await json<{ public_id: string }>(post)).public_id;
      const commentOn = (by: TestUser, body: string, parent?: string) =>
        api("/api/v1/private/user/micropost/comment", {
          method: "POST",
          ...jsonBody(
            { parent_micropost_public_id: postId, parent_micropost_comment_public_id: parent, body },
            by.auth,
          ),
        });
      const comment = await commentOn(author, "Hi");
      expect(comment.status, who).toBe(201);
      expect(reads(comment).calls, `${who} comment`).toBe(2);
      expect(reads(comment).statements, `${who} comment`).toBeLessThanOrEqual(15);
      const answered = await json<{ public_id: string }>(await commentOn(other, "Hello"));
      const reply = await commentOn(author, `Yes, @${named.username}`, answered.public_id);
      expect(reply.status, who).toBe(201);
      expect(reads(reply).calls, `${who} reply naming someone`).toBe(2);
      const draft = await send(author, "micropost", "POST", { ...fields, is_draft: "true" });
      expect(draft.status, who).toBe(201);
      expect(reads(draft).calls, `${who} draft`).toBe(2);
      const { public_id } = await json<{ public_id: string }>(draft);
      const published = await send(author, "micropost/draft/publish", "PATCH", { public_id });
      expect(published.status, who).toBe(200);
      // The community's ban (docs/decisions/146) is read with the draft.
      expect(reads(published).calls, `${who} publish`).toBe(2);
      const again = await json<{ public_id: string }>(
        await send(author, "micropost", "POST", { ...fields, is_draft: "true" }),
      );
      const withFields = await send(author, "micropost/draft/publish", "PATCH", {
        ...fields,
        public_id: again.public_id,
        body: `<p>Now with @${author.username}</p>`,
      });
      expect(withFields.status, who).toBe(200);
      expect(reads(withFields).calls, `${who} publish with fields`).toBe(2);
    }
  });
  // A job: the token check, its limits' counters with the company of that name, the logo's upload
  // row, then the company and the job in one batch. A service without pictures: its counters, then
  // the service; at every level.
  it("a job and a service count their limits in one round trip, whatever the poster's trust level", async () => {
    const posters = [
      await createUser(),
      await createUser({ trustLevel: 0, trustLevelManual: false, trustLevelAt: Date.now() }),
    ];
    for (const poster of posters) {
      const job = await postJob(poster, { company_name: companyName() });
      expect(job.status).toBe(201);
      expect(reads(job).calls).toBe(4);
      const service = await api("/api/v1/private/user/service", {
        method: "POST",
        headers: poster.auth,
        body: form({
          title: "Logo design",
          description: "A clean vector logo with two rounds of changes.",
          category: "DESIGN",
          price: "15000",
          delivery_days: "3",
          skills: "Branding",
        }),
      });
      expect(service.status).toBe(201);
      expect(reads(service).calls).toBe(3);
    }
  });

  it("a revoked token reads what a visitor reads, and its vote lands nothing", async () => {
    const user = await createUser();
    const community = await newCommunity(user);
    const post = await newPost(user, community);
    await revokeTokens(user);
    for (const path of ["/api/v1/feed", `/api/v1/micropost/comment/list?post_public_id=${post.public_id}`]) {
      const res = await api(path, { headers: user.auth });
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual(await json(await api(path)));
    }
    const vote = await api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: user.auth,
    });
    expect(vote.status).toBe(401);
    const read = await json<{ micropost: { total_micropost_votes: number } }>(
      await api(`/api/v1/micropost?public_id=${post.public_id}`),
    );
    expect(read.micropost.total_micropost_votes).toBe(0);
  });

  it("a revoked token's comment, follow, post and publishing land nothing, counters included", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    for (const extra of [{}, { trustLevel: 0, trustLevelManual: false, trustLevelAt: 0, createdAt: 0 }]) {
      const user = await createUser(extra);
      const draft = await json<{ public_id: string }>(
        await api("/api/v1/private/user/micropost", {
          method: "POST",
          headers: user.auth,
          body: form({ title: "Kept", body: "<p>Words</p>", community_name: community, is_draft: "true" }),
        }),
      );
      const before = await env.DB.prepare("SELECT trust_level_at AS at FROM users WHERE id = ?1")
        .bind(user.id)
        .first<{ at: number }>();
      await revokeTokens(user);
      const tries = [
        api("/api/v1/private/user/micropost/comment", {
          method: "POST",
          ...jsonBody({ parent_micropost_public_id: post.public_id, body: "never" }, user.auth),
        }),
        api(`/api/v1/private/user/follow?username=${author.username}`, {
          method: "POST",
          headers: user.auth,
        }),
        api("/api/v1/private/user/micropost", {
          method: "POST",
          headers: user.auth,
          body: form({ title: "Never", body: "<p>Words</p>", community_name: community }),
        }),
        api("/api/v1/private/user/micropost/draft/publish", {
          method: "PATCH",
          headers: user.auth,
          body: form({ public_id: draft.public_id }),
        }),
      ];
      for (const res of await Promise.all(tries)) {
        expect(res.status).toBe(401);
        expect(reads(res).calls).toBe(1);
      }
      const row = await env.DB.prepare(
        `SELECT (SELECT count(*) FROM comments WHERE owner_id = ?1) AS comments,
                (SELECT count(*) FROM follows WHERE follower_id = ?1) AS follows,
                (SELECT count(*) FROM microposts WHERE owner_id = ?1 AND is_draft = 0) AS posts,
                (SELECT count(*) FROM rate_limits WHERE key LIKE 'trust:%:' || ?1
                   OR key IN ('comment:' || ?1, 'people:' || ?1)) AS counters,
                (SELECT trust_level_at FROM users WHERE id = ?1) AS at`,
      )
        .bind(user.id)
        .first();
      expect(row).toEqual({ comments: 0, follows: 0, posts: 0, counters: 0, at: before!.at });
    }
  });

  it("a revoked token's unfollow, block and unblock land nothing, counters included", async () => {
    const user = await createUser();
    const author = await createUser();
    const other = await createUser();
    const as = (method: string, path: string, username: string) =>
      api(`/api/v1/private/user/${path}?username=${username}`, { method, headers: user.auth });
    expect((await as("POST", "follow", author.username)).status).toBe(200);
    expect((await as("POST", "block", other.username)).status).toBe(200);
    await env.DB.prepare("DELETE FROM rate_limits WHERE key = 'people:' || ?1").bind(user.id).run();
    await revokeTokens(user);
    const tries = [
      as("DELETE", "follow", author.username),
      as("POST", "block", author.username),
      as("DELETE", "block", other.username),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBe(401);
      expect(reads(res).calls).toBe(1);
    }
    const row = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM follows WHERE follower_id = ?1) AS follows,
              (SELECT group_concat(blocked_id) FROM blocks WHERE blocker_id = ?1) AS blocked,
              (SELECT total_followers FROM users WHERE id = ?2) AS followers,
              (SELECT count(*) FROM rate_limits WHERE key = 'people:' || ?1) AS counters`,
    )
      .bind(user.id, author.id)
      .first();
    expect(row).toEqual({ follows: 1, blocked: String(other.id), followers: 1, counters: 0 });
  });

  // A join, a leave and a reaction read what they act on with the token check riding in front
  // (docs/decisions/245); a bookmark is decided inside its one batch. Before: 3 round trips each.
  it("a bookmark takes one round trip, a join, a leave and a reaction two, the token check riding in them", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const user = await createUser();
    const send = (method: string, path: string, init: RequestInit = {}) =>
      api(`/api/v1/private/user/${path}`, { method, headers: user.auth, ...init });
    const react = (method: string) =>
      send(
        method,
        "reaction",
        jsonBody({ target_type: "POST", public_id: post.public_id, emoji: "👍" }, user.auth),
      );
    const steps: Array<[string, () => Promise<Response>, number, number]> = [
      ["join", () => send("POST", `community/join?name=${community}`), 200, 2],
      ["bookmark", () => send("PATCH", `micropost/bookmark?public_id=${post.public_id}`), 200, 1],
      ["unbookmark", () => send("PATCH", `micropost/bookmark?public_id=${post.public_id}`), 200, 1],
      ["bookmark of no post", () => send("PATCH", "micropost/bookmark?public_id=nosuchpost"), 404, 1],
      ["reaction", () => react("PUT"), 200, 2],
      ["reaction taken back", () => react("DELETE"), 200, 2],
      ["leave", () => send("DELETE", `community/leave?name=${community}`), 204, 2],
    ];
    for (const [step, run, status, calls] of steps) {
      const res = await run();
      expect(res.status, step).toBe(status);
      expect(reads(res).calls, step).toBe(calls);
    }
  });

  // An edit of a comment reads it and the people the new body names with the token check, counts
  // the edit allowance, then stores it and reads it back as shown in one batch; a deletion reads it
  // with the check, then deletes (docs/decisions/246). Before: an edit 7 round trips, a deletion 3.
  it("a comment's edit takes three round trips, its deletion two, and a post's deletion two, the token check riding in the first", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const user = await createUser();
    const send = (method: string, body: Record<string, unknown>) =>
      api("/api/v1/private/user/micropost/comment", { method, ...jsonBody(body, user.auth) });
    const made = await json<{ public_id: string }>(
      await send("POST", { parent_micropost_public_id: post.public_id, body: "First words" }),
    );
    const edit = await send("PATCH", { public_id: made.public_id, body: `Now naming @${author.username}` });
    expect(edit.status).toBe(200);
    expect(await json<{ body: string }>(edit.clone())).toMatchObject({
      body: expect.stringContaining(`href="/user/${author.username}"`),
    });
    // The person named for the first time hears of it in a batch of its own.
    expect(reads(edit).calls).toBe(4);
    const again = await send("PATCH", { public_id: made.public_id, body: "Plain words" });
    expect(again.status).toBe(200);
    expect(reads(again).calls).toBe(3);
    const refused = await api("/api/v1/private/user/micropost/comment", {
      method: "PATCH",
      ...jsonBody({ public_id: made.public_id, body: "Not mine" }, author.auth),
    });
    expect(refused.status).toBe(403);
    expect(reads(refused).calls).toBe(1);
    const gone = await api(`/api/v1/private/user/micropost/comment?public_id=${made.public_id}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(gone.status).toBe(204);
    expect(reads(gone).calls).toBe(2);
    // A post's deletion reads its files in the batch that deletes it (before: 4).
    const own = await newPost(user, await newCommunity(user));
    const deleted = await api(`/api/v1/private/user/micropost?public_id=${own.public_id}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(deleted.status).toBe(204);
    expect(reads(deleted).calls).toBe(2);
  });

  // An edit of a post reads it, its community's name, the flair's community and the people the new
  // body names with the token check; counts the edit allowance; then stores the body and the flair
  // with the post read back as its item shows it and the commenters' notice checked, in one batch
  // (docs/decisions/248). Before: 5 round trips, 6 with a flair, 8 naming someone for the first time.
  it("a post's edit takes three round trips, with a flair too, and four naming someone for the first time", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const edit = (who: TestUser, body: Record<string, unknown>) =>
      api("/api/v1/private/user/micropost", {
        method: "PATCH",
        ...jsonBody({ public_id: post.public_id, ...body }, who.auth),
      });
    const flairOf = async (name: string) => {
      const res = await api("/api/v1/private/user/community/flair", {
        method: "POST",
        ...jsonBody({ name, flair_name: "News", colour: "#3b82f6" }, author.auth),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await json<{ id: number }>(res)).id;
    };
    const news = await flairOf(community);

    const plain = await edit(author, { body: "<p>New words</p>" });
    expect(plain.status).toBe(200);
    expect(reads(plain).calls).toBe(3);
    expect(await json<{ body: string; link: string }>(plain.clone())).toMatchObject({
      body: "<p>New words</p>",
      link: expect.stringContaining(post.public_id),
    });

    const flaired = await edit(author, { body: "<p>With a flair</p>", flair_id: news });
    expect(flaired.status).toBe(200);
    expect(reads(flaired).calls).toBe(3);
    expect(await json<{ flair: unknown }>(flaired.clone())).toMatchObject({
      flair: { id: news, name: "News" },
    });

    const named = await createUser();
    const naming = await edit(author, { body: `<p>Thanks @${named.username}</p>` });
    expect(naming.status).toBe(200);
    expect(await json<{ body: string }>(naming.clone())).toMatchObject({
      body: expect.stringContaining(`href="/user/${named.username}"`),
    });
    // The person named for the first time hears of it in a batch of its own.
    expect(reads(naming).calls).toBe(4);

    // Refusals come from the first round trip and spend nothing: another community's flair, a blank
    // body, someone else's post.
    const elsewhere = await flairOf(await newCommunity(author));
    const otherFlair = await edit(author, { body: "<p>Wrong flair</p>", flair_id: elsewhere });
    expect(otherFlair.status).toBe(422);
    expect(reads(otherFlair).calls).toBe(1);
    const blank = await edit(author, { body: "<p> </p>" });
    expect(blank.status).toBe(422);
    expect(reads(blank).calls).toBe(1);
    const notMine = await edit(named, { body: "<p>Mine now</p>" });
    expect(notMine.status).toBe(403);
    expect(reads(notMine).calls).toBe(1);
    const after = await json<{ micropost: { body: string; flair: { id: number } | null } }>(
      await api(`/api/v1/micropost?public_id=${post.public_id}`, { headers: author.auth }),
    );
    expect(after.micropost.body).toContain(`href="/user/${named.username}"`);
    expect(after.micropost.flair).toMatchObject({ id: news });
  });

  // Starting a chat reads the pair (the person, a block either way, their thread) with the token
  // check, counts a new person's allowance of new conversations, then writes the thread and reads
  // the winner back in one batch (docs/decisions/249). Before: 4 round trips (5 for a new person),
  // 2 for a pair's thread.
  it("starting a chat takes two round trips (three for a new person), one when the pair has a thread already, the token check riding in the first", async () => {
    const me = await createUser();
    const them = await createUser();
    const start = (who: TestUser, username: string) =>
      api("/api/v1/private/user/chat/thread", { method: "POST", ...jsonBody({ username }, who.auth) });
    const made = await start(me, them.username);
    expect(made.status).toBe(201);
    expect(reads(made).calls).toBe(2);
    const { public_id } = await json<{ public_id: string }>(made.clone());
    // A new person's new conversations count toward their day's allowance, in a round trip between.
    const newcomer = await createUser({ trustLevel: 0, trustLevelManual: false, trustLevelAt: Date.now() });
    const counted = await start(newcomer, them.username);
    expect(counted.status).toBe(201);
    expect(reads(counted).calls).toBe(3);
    // Either of the two finds the same thread, in the one round trip of the pair's read.
    for (const [who, other] of [
      [me, them],
      [them, me],
    ] as const) {
      const again = await start(who, other.username);
      expect(again.status).toBe(200);
      expect(await json<{ public_id: string }>(again)).toEqual({ public_id });
      expect(reads(again).calls).toBe(1);
    }
    const nobody = await start(me, "nobodyhere");
    expect(nobody.status).toBe(404);
    expect(reads(nobody).calls).toBe(1);
    const myself = await start(me, me.username);
    expect(myself.status).toBe(403);
    expect(reads(myself).calls).toBe(1);
    // A revoked token starts nothing.
    const stranger = await createUser();
    await revokeTokens(me);
    const revoked = await start(me, stranger.username);
    expect(revoked.status).toBe(401);
    expect(reads(revoked).calls).toBe(1);
    const pair = `${Math.min(me.id, stranger.id)}:${Math.max(me.id, stranger.id)}`;
    const threads = await env.DB.prepare("SELECT count(*) AS n FROM chat_threads WHERE pair_key = ?1")
      .bind(pair)
      .first<{ n: number }>();
    expect(threads?.n).toBe(0);
  });

  // A report counts the hourly limit and a new person's day's allowance in front of the reads of
  // what it names (a comment, a post, a profile, the person the form names), the token check riding
  // in them, then stores the report in its target's group (docs/decisions/250). Before: 4 round
  // trips (3 for a plain link), one more for a new person.
  it("a report takes two round trips whatever it names and whoever sends it, the token check riding in the first", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const comment = await json<{ public_id: string }>(
      await api("/api/v1/private/user/micropost/comment", {
        method: "POST",
        ...jsonBody({ parent_micropost_public_id: post.public_id, body: "Reported words" }, author.auth),
      }),
    );
    const report = (who: TestUser, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ report_cause: "SPAM", text: "x".repeat(40), ...fields }))
        body.append(k, v);
      return api("/api/v1/private/user/report", { method: "POST", headers: who.auth, body });
    };
    const postLink = `/c/${community}/p/${post.public_id}/a-post`;
    const kinds: Array<[string, Record<string, string>, string]> = [
      ["a comment", { link: `${postLink}?comment=${comment.public_id}` }, "COMMENT"],
      ["a post", { link: postLink }, "MICROPOST"],
      ["a profile", { link: `/user/${author.username}` }, "USER"],
      ["a person", { reported_username: author.username }, "USER"],
      ["a link", { link: "/jobs/somewhere" }, "LINK"],
    ];
    const newcomer = await createUser({ trustLevel: 0, trustLevelManual: false, trustLevelAt: Date.now() });
    for (const who of [await createUser(), newcomer])
      for (const [name, fields, type] of kinds) {
        const res = await report(who, fields);
        expect(res.status, name).toBe(201);
        expect(reads(res).calls, name).toBe(2);
        const { id } = await json<{ id: number }>(res);
        const group = await env.DB.prepare(
          "SELECT g.target_type AS type FROM reports r JOIN report_groups g ON g.id = r.group_id WHERE r.id = ?1",
        )
          .bind(id)
          .first<{ type: string }>();
        expect(group?.type, name).toBe(type);
      }
    // Refused in the first round trip: an unknown person, oneself.
    const me = await createUser();
    const unknown = await report(me, { reported_username: "nobodyhere" });
    expect(unknown.status).toBe(404);
    expect(reads(unknown).calls).toBe(1);
    const self = await report(me, { reported_username: me.username });
    expect(self.status).toBe(400);
    expect(reads(self).calls).toBe(1);
    // A revoked token files nothing and spends nothing.
    await revokeTokens(me);
    const revoked = await report(me, { link: postLink });
    expect(revoked.status).toBe(401);
    expect(reads(revoked).calls).toBe(1);
    const filed = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE reporter_id = ?1")
      .bind(me.id)
      .first<{ n: number }>();
    expect(filed?.n).toBe(0);
    // The two refused above counted toward the hour, as they did before; the revoked one did not.
    const counted = await env.DB.prepare("SELECT count AS n FROM rate_limits WHERE key = ?1")
      .bind(`report:${me.id}`)
      .first<{ n: number }>();
    expect(counted?.n).toBe(2);
  });

  // Feedback counts the hour's limit and is written only when the limit let it through, in one
  // batch the token check rides in. Before: 3 round trips (the token, the limit, the row).
  it("feedback takes one round trip; past the hour's limit, or with a revoked token, nothing is stored", async () => {
    const me = await createUser();
    const send = () =>
      api("/api/v1/private/user/feedback", {
        method: "POST",
        headers: me.auth,
        body: form({ feedback_type: "SUGGESTION", text: "A larger font for the comments on phones, please" }),
      });
    const stored = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM feedbacks WHERE user_id = ?1")
          .bind(me.id)
          .first<{ n: number }>()
      )?.n;
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(201);
    expect(reads(first).calls).toBe(1);
    const { id } = await json<{ id: number }>(first);
    const row = await env.DB.prepare("SELECT user_id, feedback_type FROM feedbacks WHERE id = ?1")
      .bind(id)
      .first<{ user_id: number; feedback_type: string }>();
    expect(row).toEqual({ user_id: me.id, feedback_type: "SUGGESTION" });
    for (let i = 1; i < 20; i++) expect((await send()).status).toBe(201);
    const over = await send();
    expect(over.status).toBe(429);
    expect(reads(over).calls).toBe(1);
    expect(await stored()).toBe(20);
    await revokeTokens(me);
    await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?1").bind(`feedback:${me.id}`).run();
    const revoked = await send();
    expect(revoked.status).toBe(401);
    expect(reads(revoked).calls).toBe(1);
    expect(await stored()).toBe(20);
    const counted = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key = ?1")
      .bind(`feedback:${me.id}`)
      .first<{ n: number }>();
    expect(counted?.n).toBe(0);
  });

  // A custom feed reads the ids of what it names (the token check riding in that read), then is
  // written and read back in one batch; an edit reads the feed with the names; a delete is one
  // guarded statement. Before: 4, 5 and 3 round trips.
  it("a custom feed is made and changed in two round trips and deleted in one; someone else's or a revoked token's changes nothing", async () => {
    const me = await createUser();
    const other = await createUser();
    const community = await newCommunity(me);
    const make = await api("/api/v1/private/user/feed", {
      method: "POST",
      ...jsonBody({ name: "Trips", is_public: false, communities: [{ name: community }] }, me.auth),
    });
    expect(make.status, await make.clone().text()).toBe(201);
    expect(reads(make).calls).toBe(2);
    const feed = await json<{ id: string; communities: Array<{ name: string }>; people: unknown[] }>(make);
    expect(feed.communities.map((c) => c.name)).toEqual([community]);
    const edit = (who: TestUser, fields: Record<string, unknown>) =>
      api("/api/v1/private/user/feed", {
        method: "PATCH",
        ...jsonBody({ id: feed.id, ...fields }, who.auth),
      });
    const changed = await edit(me, { name: "Trips and people", people: [other.username] });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(reads(changed).calls).toBe(2);
    const shown = await json<{ name: string; communities: unknown[]; people: Array<{ username: string }> }>(
      changed,
    );
    expect(shown.name).toBe("Trips and people");
    expect(shown.communities).toHaveLength(1);
    expect(shown.people.map((p) => p.username)).toEqual([other.username]);
    const notTheirs = await edit(other, { name: "Mine now" });
    expect(notTheirs.status).toBe(404);
    expect(reads(notTheirs).calls).toBe(1);
    const remove = (who: TestUser) =>
      api(`/api/v1/private/user/feed?id=${feed.id}`, { method: "DELETE", headers: who.auth });
    const refused = await remove(other);
    expect(refused.status).toBe(404);
    expect(reads(refused).calls).toBe(1);
    const name = await env.DB.prepare("SELECT name FROM custom_feeds WHERE public_id = ?1")
      .bind(feed.id)
      .first<{ name: string }>();
    expect(name?.name).toBe("Trips and people");
    // A revoked token makes, changes and deletes nothing.
    await revokeTokens(me);
    for (const res of [
      await api("/api/v1/private/user/feed", {
        method: "POST",
        ...jsonBody({ name: "Never", is_public: false, communities: [{ name: community }] }, me.auth),
      }),
      await edit(me, { name: "Never" }),
      await remove(me),
    ]) {
      expect(res.status).toBe(401);
      expect(reads(res).calls).toBe(1);
    }
    const kept = await env.DB.prepare("SELECT name FROM custom_feeds WHERE owner_id = ?1")
      .bind(me.id)
      .all<{ name: string }>();
    expect(kept.results.map((r) => r.name)).toEqual(["Trips and people"]);
    // With a token of the new version the owner deletes it, in one round trip.
    const token = await signAccessToken(env.JWT_SECRET, "user", me.id, 1);
    const gone = await remove({ ...me, token, auth: bearer(token) });
    expect(gone.status).toBe(204);
    expect(reads(gone).calls).toBe(1);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM custom_feeds WHERE owner_id = ?1")
      .bind(me.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  // A new community counts the day's limits in front of the read of its name, only while the name
  // is free, the token check riding in them; then it is written with its owner's membership
  // (docs/decisions/251). Before: 4 round trips, a taken name 2.
  it("a new community takes two round trips, a taken name one that spends nothing, the token check riding in the first", async () => {
    const me = await createUser();
    const make = (who: TestUser, name: string) =>
      api("/api/v1/private/user/community", { method: "POST", headers: who.auth, body: form({ name }) });
    const name = `rt${Date.now().toString(36)}`;
    const made = await make(me, name);
    expect(made.status, await made.clone().text()).toBe(201);
    expect(reads(made).calls).toBe(2);
    const owner = await env.DB.prepare(
      "SELECT m.role FROM community_members m JOIN communities k ON k.id = m.community_id WHERE k.name = ?1 AND m.user_id = ?2",
    )
      .bind(name, me.id)
      .first<{ role: string }>();
    expect(owner?.role).toBe("OWNER");
    const spent = () =>
      env.DB.prepare("SELECT count AS n FROM rate_limits WHERE key = ?1")
        .bind(`community:${me.id}`)
        .first<{ n: number }>()
        .then((row) => row?.n ?? 0);
    expect(await spent()).toBe(1);
    const taken = await make(me, name.toUpperCase());
    expect(taken.status).toBe(409);
    expect(reads(taken).calls).toBe(1);
    expect(await spent()).toBe(1);
    // A revoked token makes nothing and spends nothing.
    await revokeTokens(me);
    const revoked = await make(me, `${name}x`);
    expect(revoked.status).toBe(401);
    expect(reads(revoked).calls).toBe(1);
    const none = await env.DB.prepare("SELECT count(*) AS n FROM communities WHERE name = ?1")
      .bind(`${name}x`)
      .first<{ n: number }>();
    expect(none?.n).toBe(0);
    expect(await spent()).toBe(1);
  });

  // A profile's edit counts the minute's limit in front of the person's read, the token check riding
  // in it; its pictures are stored after that round trip, then the row is written and read back
  // (docs/decisions/252). Before: 4 round trips, 5 with a picture.
  it("a profile's edit takes two round trips, three with a new picture, the token check riding in the first", async () => {
    const me = await createUser();
    const edit = (fields: Record<string, string | Blob>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      return api("/api/v1/private/user/profile", { method: "PATCH", headers: me.auth, body });
    };
    const named = await edit({ profile_name: "Round Trips", headline: "Two of them" });
    expect(named.status).toBe(200);
    expect(reads(named).calls).toBe(2);
    expect(await json<{ profile_name: string; headline: string }>(named)).toMatchObject({
      profile_name: "Round Trips",
      headline: "Two of them",
    });
    const pictured = await edit({ profile_image: new File([PNG_BYTES], "me.png", { type: "image/png" }) });
    expect(pictured.status).toBe(200);
    // The picture's record of its upload is written when it is stored, as every upload's is.
    expect(reads(pictured).calls).toBe(3);
    const { profile_image } = await json<{ profile_image: string | null }>(pictured);
    expect(profile_image).toMatch(/^\/media\/profile\//);
    const stored = () => env.MEDIA.list({ prefix: "profile/" }).then((listed) => listed.objects.length);
    const before = await stored();
    // A revoked token stores no picture and changes nothing.
    await revokeTokens(me);
    const revoked = await edit({
      profile_name: "Not Me",
      profile_image: new File([PNG_BYTES], "other.png", { type: "image/png" }),
    });
    expect(revoked.status).toBe(401);
    expect(reads(revoked).calls).toBe(1);
    expect(await stored()).toBe(before);
    const row = await env.DB.prepare("SELECT profile_name FROM users WHERE id = ?1")
      .bind(me.id)
      .first<{ profile_name: string }>();
    expect(row?.profile_name).toBe("Round Trips");
  });

  // Saving a draft reads it, its community, the files it holds and the people its body names with
  // the token check; a new file is stored after; then the fields are written and the draft read
  // back as its page shows it, in one batch (docs/decisions/253). Before: 7 round trips (6 naming
  // nobody), 7 with a new file.
  it("saving a draft takes two round trips, the token check riding in the first; a new file replaces the old", async () => {
    const me = await createUser();
    const community = await newCommunity(me);
    const draft = await newPost(me, community, { is_draft: "true", title: "An idea" });
    const save = (who: TestUser, fields: Record<string, string | Blob>) =>
      api("/api/v1/private/user/micropost/draft", {
        method: "PATCH",
        headers: who.auth,
        body: form({
          public_id: draft.public_id,
          title: "A whole idea",
          community_name: community,
          ...fields,
        }),
      });
    const named = await createUser();
    const saved = await save(me, { body: `<p>Words for @${named.username}</p>` });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(reads(saved).calls).toBe(2);
    expect(await json<{ title: string; body: string }>(saved)).toMatchObject({
      title: "A whole idea",
      body: expect.stringContaining(`href="/user/${named.username}"`),
    });

    // A media draft: its new file is stored after the first round trip (the upload's record is one
    // more), and the file it replaces is gone once the save lands.
    const picture = (name: string) => new File([PNG_BYTES], name, { type: "image/png" });
    const first = await save(me, { post_type: "MEDIA", body: "", file: picture("a.png") });
    expect(first.status, await first.clone().text()).toBe(200);
    const before = (await json<{ file: { file: string } | null }>(first)).file!.file;
    const second = await save(me, { post_type: "MEDIA", body: "", file: picture("b.png") });
    expect(second.status).toBe(200);
    expect(reads(second).calls).toBe(3);
    const after = (await json<{ file: { file: string } | null }>(second)).file!.file;
    expect(after).not.toBe(before);
    const kept = (link: string) => env.MEDIA.head(link.replace(/^\/media\//, "")).then((o) => o !== null);
    expect(await kept(before)).toBe(false);
    expect(await kept(after)).toBe(true);

    // Refused in the first round trip, nothing changed: someone else's draft, a community that is not.
    const other = await createUser();
    const notMine = await save(other, { body: "<p>Mine now</p>" });
    expect(notMine.status).toBe(404);
    expect(reads(notMine).calls).toBe(1);
    const nowhere = await save(me, { body: "<p>Elsewhere</p>", community_name: "nosuchcommunity" });
    expect(nowhere.status).toBe(404);
    expect(reads(nowhere).calls).toBe(1);
    // A revoked token saves nothing.
    await revokeTokens(me);
    const revoked = await save(me, { title: "Not saved", body: "<p>Not saved</p>" });
    expect(revoked.status).toBe(401);
    expect(reads(revoked).calls).toBe(1);
    const row = await env.DB.prepare("SELECT title, post_type FROM microposts WHERE public_id = ?1")
      .bind(draft.public_id)
      .first<{ title: string; post_type: string }>();
    expect(row).toEqual({ title: "A whole idea", post_type: "MEDIA" });
  });

  it("a revoked token's join, leave, bookmark, reaction and edit or deletion of a comment or a post land nothing, counters included", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const other = await newCommunity(author);
    const user = await createUser();
    const send = (method: string, path: string, init: RequestInit = {}) =>
      api(`/api/v1/private/user/${path}`, { method, headers: user.auth, ...init });
    expect((await send("POST", `community/join?name=${other}`)).status).toBe(200);
    const mine = await json<{ public_id: string }>(
      await send(
        "POST",
        "micropost/comment",
        jsonBody({ parent_micropost_public_id: post.public_id, body: "Kept as it is" }, user.auth),
      ),
    );
    const own = await newPost(user, other);
    const react = (method: string) =>
      send(
        method,
        "reaction",
        jsonBody({ target_type: "POST", public_id: post.public_id, emoji: "👍" }, user.auth),
      );
    await revokeTokens(user);
    const tries = [
      send("POST", `community/join?name=${community}`),
      send("DELETE", `community/leave?name=${other}`),
      send("PATCH", `micropost/bookmark?public_id=${post.public_id}`),
      react("PUT"),
      send("PATCH", "micropost/comment", jsonBody({ public_id: mine.public_id, body: "Never" }, user.auth)),
      send("DELETE", `micropost/comment?public_id=${mine.public_id}`),
      send("PATCH", "micropost", jsonBody({ public_id: own.public_id, body: "<p>Never</p>" }, user.auth)),
      send("DELETE", `micropost?public_id=${own.public_id}`),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBe(401);
      expect(reads(res).calls).toBe(1);
    }
    const row = await env.DB.prepare(
      `SELECT (SELECT group_concat(community_id) FROM community_members WHERE user_id = ?1) AS memberships,
              (SELECT count(*) FROM micropost_bookmarks WHERE user_id = ?1) AS bookmarks,
              (SELECT count(*) FROM reactions WHERE user_id = ?1) AS reactions,
              (SELECT body || ' ' || is_deleted FROM comments WHERE owner_id = ?1) AS comment,
              (SELECT body FROM microposts WHERE owner_id = ?1) AS post,
              (SELECT count(*) FROM rate_limits WHERE key LIKE 'trust:%:' || ?1 OR key = 'reaction:' || ?1) AS counters`,
    )
      .bind(user.id)
      .first();
    const otherId = await env.DB.prepare("SELECT id FROM communities WHERE name = ?1")
      .bind(other)
      .first<{ id: number }>();
    expect(row).toEqual({
      memberships: String(otherId!.id),
      bookmarks: 0,
      reactions: 0,
      comment: "<p>Kept as it is</p> 0",
      post: "<p>Some body</p>",
      counters: 0,
    });
  });

  it("a write carried with the staff check lands nothing when the staff session is not valid", async () => {
    const admin = await createAdmin();
    const key = `staff-rider-test-${admin.id}`;
    const version = (await env.DB.prepare("SELECT token_version AS v FROM admins WHERE id = ?1")
      .bind(admin.id)
      .first<{ v: number }>())!.v;
    const attempt = async (binds: unknown[]) => {
      const db = new Database(env.DB);
      db.ride({
        reads: [{ sql: "SELECT token_version FROM admins WHERE id = ?1", binds: [admin.id] }],
        guard: { sql: ADMIN_SESSION_GUARD_SQL, binds },
        settle: () => {},
        refusal: (error) => (failedSessionGuard(error) ? new Error("refused") : null),
      });
      return db
        .write([
          db.prepare({
            sql: "INSERT INTO site_counters (key, value) VALUES (?1, 1) ON CONFLICT (key) DO UPDATE SET value = value + 1",
            binds: [key],
          }),
        ])
        .then(
          () => "landed",
          (error: Error) => error.message,
        );
    };
    // The app is on: only a token that proved a factor passes, and only of the current version.
    expect(await attempt([admin.id, version, 1, 0])).toBe("landed");
    expect(await attempt([admin.id, version, 0, 1])).toBe("refused");
    expect(await attempt([admin.id, version + 1, 1, 0])).toBe("refused");
    const value = await env.DB.prepare("SELECT value FROM site_counters WHERE key = ?1")
      .bind(key)
      .first<{ value: number }>();
    expect(value?.value).toBe(1);
  });

  // The check's read in front of the write, or folded into the guard's own statement (`guardFold`,
  // docs/decisions/242): either way one round trip, and nothing lands for a session that is not valid.
  it.each([
    { folded: false, statements: 3 },
    { folded: true, statements: 2 },
  ])(
    "a write carried with the token check lands nothing when the session is not valid (read folded into the guard: $folded)",
    async ({ folded, statements }) => {
      const user = await createUser();
      const read = "SELECT token_version FROM users WHERE id = ?";
      const insert =
        "INSERT INTO site_counters (key, value) VALUES (?1, 1) ON CONFLICT (key) DO UPDATE SET value = value + 1";
      const key = `rider-test-${user.id}`;
      const attempt = async (version: number) => {
        const db = new Database(env.DB);
        let settled: unknown[][] | null = null;
        db.ride({
          reads: [{ sql: read.replace("?", "?1"), binds: [user.id] }],
          guard: { sql: SESSION_GUARD_SQL, binds: [user.id, version] },
          settle: (rows) => {
            settled = rows;
          },
          refusal: (error) => (failedSessionGuard(error) ? new Error("refused") : null),
          ...(folded
            ? {
                guardFold: (after: number) => ({
                  sql: read.replace("?", `?${after + 1}`),
                  keys: ["token_version"],
                  binds: [user.id],
                }),
              }
            : {}),
        });
        const outcome = await db.write([db.prepare({ sql: insert, binds: [key] })]).then(
          () => "landed",
          (error: Error) => error.message,
        );
        return { outcome, calls: db.calls, statements: db.statements, settled };
      };
      const count = async () =>
        (
          await env.DB.prepare("SELECT value FROM site_counters WHERE key = ?1")
            .bind(key)
            .first<{ value: number }>()
        )?.value ?? 0;
      const version = (await env.DB.prepare("SELECT token_version AS v FROM users WHERE id = ?1")
        .bind(user.id)
        .first<{ v: number }>())!.v;
      const valid = await attempt(version);
      expect(valid).toMatchObject({ outcome: "landed", calls: 1, statements });
      expect(valid.settled).toEqual([[{ token_version: version }]]);
      expect(await count()).toBe(1);
      const revoked = await attempt(version + 1);
      expect(revoked).toMatchObject({ outcome: "refused", calls: 1, settled: null });
      expect(await count()).toBe(1);
      await env.DB.prepare("UPDATE users SET status = 'SUSPENDED' WHERE id = ?1").bind(user.id).run();
      expect((await attempt(version)).outcome).toBe("refused");
      expect(await count()).toBe(1);
    },
  );
});
