import { describe, expect, it } from "vitest";
import type { Page } from "#shared/api.ts";
import type { DatedPerson, FollowAnswer } from "#shared/schemas/people.ts";
import type { PersonItem, PostItem, Suggestions } from "#shared/schemas/search.ts";
import type { User } from "#shared/schemas/user.ts";
import { api, env, json, reads } from "#worker-test/api.ts";
import { noticesOf } from "#worker-test/notices.ts";
import { createUser } from "#worker-test/people.ts";
import { counted, insertCommunity, insertPost, spent } from "#worker-test/rows.ts";

type Person = Awaited<ReturnType<typeof createUser>>;

const profile = async (username: string, auth: Record<string, string> = {}) => {
  const res = await api(`/api/v1/user?username=${username}`, { headers: auth });
  expect(res.status).toBe(200);
  return json<User>(res);
};
const followReq = (method: "POST" | "DELETE", who: Person, username: string) =>
  api(`/api/v1/private/user/follow?username=${username}`, { method, headers: who.auth });
const blockReq = (method: "POST" | "DELETE", who: Person, username: string) =>
  api(`/api/v1/private/user/block?username=${username}`, { method, headers: who.auth });
const counts = async (id: number) =>
  env.DB.prepare("SELECT total_followers AS followers, total_following AS following FROM users WHERE id = ?1")
    .bind(id)
    .first<{ followers: number; following: number }>();
const notificationKinds = async (who: Person) => (await noticesOf(who)).map((n) => n.kind);

describe("GET /api/v1/user", () => {
  it("shows a profile with badges and counts, and the e-mail only to its owner", async () => {
    const staff = await createUser({
      profileName: "Staff Person",
      isStaff: true,
      profileCover: "/media/x.png",
    });
    const visitor = await profile(staff.username);
    expect(visitor).toMatchObject({
      username: staff.username,
      profile_name: "Staff Person",
      profile_cover: "/media/x.png",
      is_staff: true,
      is_verified_user: false,
      is_verified_business: false,
      total_followers: 0,
      total_following: 0,
      is_following: false,
      user_is_owner: false,
      email: null,
    });
    const own = await profile(staff.username, staff.auth);
    expect(own.user_is_owner).toBe(true);
    expect(own.email).toBe(`${staff.username}@example.com`);
  });

  it("answers 404 for nobody, an unconfirmed account or a deleted one", async () => {
    const pending = await createUser({ status: "UNCONFIRMED" });
    const gone = await createUser({ deletedAt: Date.now() });
    for (const username of ["nosuchperson", pending.username, gone.username, "%27%3B--"]) {
      const res = await api(`/api/v1/user?username=${username}`);
      expect(res.status, username).toBe(404);
      expect((await json<{ detail: string }>(res)).detail).toBe("This user does not exist");
    }
    expect((await api("/api/v1/user")).status).toBe(422);
  });
});

describe("follow and unfollow", () => {
  it("keeps a follow in three b-trees, its pair and the two people's indexes, with no rowid (migration 0117)", async () => {
    const table = await env.DB.prepare("SELECT wr FROM pragma_table_list WHERE name = 'follows'").first<{
      wr: number;
    }>();
    expect(table?.wr).toBe(1);
  });

  it("counts a follow once however often it is sent, and shows in both profiles", async () => {
    const a = await createUser();
    const b = await createUser();
    for (let i = 0; i < 3; i++) {
      const res = await followReq("POST", a, b.username);
      expect(res.status).toBe(200);
      expect(await json<FollowAnswer>(res)).toEqual({
        is_following: true,
        total_followers: 1,
        total_following: 0,
      });
    }
    await Promise.all([followReq("POST", a, b.username), followReq("POST", a, b.username)]);
    expect(await counts(b.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 1 });
    expect((await profile(b.username, a.auth)).is_following).toBe(true);
    expect((await profile(b.username, a.auth)).total_followers).toBe(1);

    for (let i = 0; i < 2; i++) {
      const res = await followReq("DELETE", a, b.username);
      expect(await json<FollowAnswer>(res)).toEqual({
        is_following: false,
        total_followers: 0,
        total_following: 0,
      });
    }
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
    expect((await profile(b.username, a.auth)).is_following).toBe(false);
  });

  it("follows with an empty body, as a browser sends a POST without one; a body with no type is still refused", async () => {
    const a = await createUser();
    const b = await createUser();
    const empty = await api(`/api/v1/private/user/follow?username=${b.username}`, {
      method: "POST",
      headers: { ...a.auth, "content-length": "0" },
      body: new Uint8Array(0),
    });
    expect(empty.status).toBe(200);
    expect((await json<FollowAnswer>(empty)).is_following).toBe(true);
    const untyped = await api("/api/v1/private/user/follow", {
      method: "POST",
      headers: { ...b.auth, "content-type": "" },
      body: new TextEncoder().encode(`{"username":"${a.username}"}`),
    });
    expect(untyped.status).toBe(415);
    expect(await counts(a.id)).toEqual({ followers: 0, following: 1 });
  });

  it("tells the followed person once, as FOLLOWER, unless they switched it off", async () => {
    const a = await createUser();
    const b = await createUser();
    const quiet = await createUser({ notifyFollower: false });
    await followReq("POST", a, b.username);
    await followReq("POST", a, b.username);
    await followReq("DELETE", a, b.username);
    await followReq("POST", a, b.username);
    expect(await notificationKinds(b)).toEqual(["FOLLOWER"]);
    const [row] = await noticesOf(b);
    expect({ actor: row?.actor?.username, link: row?.link }).toEqual({
      actor: a.username,
      link: `/user/${a.username}`,
    });
    await followReq("POST", a, quiet.username);
    expect(await notificationKinds(quiet)).toEqual([]);
  });

  it("a follow with its notification answers in one round trip to D1, and a second follow writes no second one", async () => {
    const a = await createUser();
    const b = await createUser();
    const res = await followReq("POST", a, b.username);
    expect(res.status).toBe(200);
    // The token check, the limits' counters, the person and the blocks, the follow, the notice's
    // check and the counts: one batch.
    expect(Number(res.headers.get("X-D1-Calls"))).toBe(1);
    expect((await followReq("POST", a, b.username)).status).toBe(200);
    expect(await notificationKinds(b)).toEqual(["FOLLOWER"]);
  });

  it("an unfollow is one round trip; refused by the per-minute limit, it changes nothing", async () => {
    const a = await createUser();
    const b = await createUser();
    expect((await followReq("POST", a, b.username)).status).toBe(200);
    await spent(`people:${a.id}`, 60);
    const refused = await followReq("DELETE", a, b.username);
    expect(refused.status).toBe(429);
    expect(await counts(b.id)).toEqual({ followers: 1, following: 0 });
    expect((await profile(b.username, a.auth)).is_following).toBe(true);
    await spent(`people:${a.id}`, 0);
    const res = await followReq("DELETE", a, b.username);
    expect(reads(res).calls).toBe(1);
    expect(await json<FollowAnswer>(res)).toEqual({
      is_following: false,
      total_followers: 0,
      total_following: 0,
    });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
    const self = await followReq("DELETE", a, a.username);
    expect(self.status).toBe(400);
    expect((await followReq("DELETE", a, "nobodyhere")).status).toBe(404);
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
  });

  it("a follow with a token signed out since lands nothing, though it rides in the same batch", async () => {
    const a = await createUser();
    const b = await createUser();
    await env.DB.prepare("UPDATE users SET token_version = token_version + 1 WHERE id = ?1").bind(a.id).run();
    const res = await followReq("POST", a, b.username);
    expect(res.status).toBe(401);
    expect(await counts(b.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
    expect(await counted(`people:${a.id}`)).toBeNull();
    expect(await notificationKinds(b)).toEqual([]);
  });

  it("refuses following oneself, nobody, and needs a token", async () => {
    const a = await createUser();
    const self = await followReq("POST", a, a.username);
    expect(self.status).toBe(400);
    expect((await json<{ detail: string }>(self)).detail).toBe("You can not follow yourself");
    expect((await followReq("POST", a, "nobodyhere")).status).toBe(404);
    expect((await api(`/api/v1/private/user/follow?username=${a.username}`, { method: "POST" })).status).toBe(
      401,
    );
    const missing = await api("/api/v1/private/user/follow", { method: "POST", headers: a.auth });
    expect(missing.status).toBe(422);
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
  });

  it("takes the username from a JSON or form body too", async () => {
    const a = await createUser();
    const b = await createUser();
    const c = await createUser();
    const byJson = await api("/api/v1/private/user/follow", {
      method: "POST",
      headers: { ...a.auth, "content-type": "application/json" },
      body: JSON.stringify({ username: b.username }),
    });
    expect(byJson.status).toBe(200);
    const byForm = await api("/api/v1/private/user/follow", {
      method: "POST",
      headers: a.auth,
      body: new URLSearchParams({ username: c.username }),
    });
    expect(byForm.status).toBe(200);
    expect(await counts(a.id)).toEqual({ followers: 0, following: 2 });
  });
});

describe("follow limits", () => {
  const day = 24 * 60 * 60_000;
  const newcomer = (joined = Date.now() - day) =>
    createUser({ trustLevel: 0, trustLevelManual: false, trustLevelAt: joined, createdAt: joined });

  it("a follow refused by the per-minute limit is not counted toward a new account's day", async () => {
    const person = await newcomer();
    const other = await createUser();
    await spent(`people:${person.id}`, 60);
    const refused = await followReq("POST", person, other.username);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json<{ detail: string }>(refused)).detail).toMatch(
      /^Too many attempts\. Try again in \d+ seconds\.$/,
    );
    expect(await counted(`people:${person.id}`)).toBe(61);
    expect(await counted(`trust:follow:${person.id}`)).toBeNull();
    expect(await counts(other.id)).toEqual({ followers: 0, following: 0 });
    // Once the minute allows it again, the follow goes through and counts toward the day.
    await spent(`people:${person.id}`, 0);
    expect((await followReq("POST", person, other.username)).status).toBe(200);
    expect(await counted(`trust:follow:${person.id}`)).toBe(1);
  });

  it("counts toward both limits even when the person is missing, and says why past the day's allowance", async () => {
    const joined = Date.now() - day;
    const person = await newcomer(joined);
    await spent(`trust:follow:${person.id}`, 49);
    expect((await followReq("POST", person, "nosuchperson")).status).toBe(404);
    expect(await counted(`people:${person.id}`)).toBe(1);
    expect(await counted(`trust:follow:${person.id}`)).toBe(50);
    const other = await createUser();
    const refused = await followReq("POST", person, other.username);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    const body = await json<{ detail: string; limit: Record<string, unknown> }>(refused);
    const until = new Date(joined + 3 * day);
    const weekday = until.toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" });
    expect(body.detail).toMatch(
      new RegExp(`^New accounts can follow or block 50 times a day; more from ${weekday} `),
    );
    expect(body.limit).toEqual({
      action: "follow",
      max: 50,
      trust_level: 0,
      reason: "AGE",
      until: until.toISOString(),
      retry_at: expect.any(String),
    });
    expect(await counts(other.id)).toEqual({ followers: 0, following: 0 });
    // A regular has no daily allowance: nothing counted toward one.
    const regular = await createUser();
    expect((await followReq("POST", regular, other.username)).status).toBe(200);
    expect(await counted(`trust:follow:${regular.id}`)).toBeNull();
  });

  it("a level gone stale is worked out again in the same round trip, and its allowance applies", async () => {
    const longAgo = Date.now() - 10 * day;
    // Old enough and three posts: a member now, though the level stored says new.
    const person = await createUser({
      trustLevel: 0,
      trustLevelManual: false,
      trustLevelAt: longAgo,
      createdAt: longAgo,
      totalMicroposts: 3,
    });
    await spent(`trust:follow:${person.id}`, 50);
    const res = await followReq("POST", person, (await createUser()).username);
    expect(res.status).toBe(200);
    expect(reads(res).calls).toBe(1);
    // A member's allowance of 200 let the 51st through: the follow landed in that round trip.
    expect((await json<FollowAnswer>(res)).is_following).toBe(true);
    expect(await counted(`trust:follow:${person.id}`)).toBe(51);
    const row = await env.DB.prepare("SELECT trust_level FROM users WHERE id = ?1")
      .bind(person.id)
      .first<{ trust_level: number }>();
    expect(row?.trust_level).toBe(1);
  });
});

describe("block and unblock", () => {
  it("stops a blocked person from following or reaching the blocker, and ends follows both ways", async () => {
    const blocker = await createUser();
    const pest = await createUser();
    await followReq("POST", pest, blocker.username);
    await followReq("POST", blocker, pest.username);
    expect(await counts(blocker.id)).toEqual({ followers: 1, following: 1 });

    const res = await blockReq("POST", blocker, pest.username);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ is_blocked: true });
    expect((await blockReq("POST", blocker, pest.username)).status).toBe(200);
    expect(await counts(blocker.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(pest.id)).toEqual({ followers: 0, following: 0 });

    const refused = await followReq("POST", pest, blocker.username);
    expect(refused.status).toBe(403);
    expect((await json<{ detail: string }>(refused)).detail).toBe("This user has blocked you");
    expect((await followReq("POST", blocker, pest.username)).status).toBe(403);
    expect(await counts(blocker.id)).toEqual({ followers: 0, following: 0 });

    const seen = await profile(blocker.username, pest.auth);
    expect(seen).toMatchObject({ is_blocking: true, is_blocked: false });
    expect(await profile(pest.username, blocker.auth)).toMatchObject({
      is_blocking: false,
      is_blocked: true,
    });
    const posts = await api(`/api/v1/user/micropost/list?username=${blocker.username}`, {
      headers: pest.auth,
    });
    expect(posts.status).toBe(403);
    const lists = await api(`/api/v1/connections?username=${blocker.username}&type=followers`, {
      headers: pest.auth,
    });
    expect(lists.status).toBe(403);

    expect((await blockReq("DELETE", blocker, pest.username)).status).toBe(200);
    expect((await followReq("POST", pest, blocker.username)).status).toBe(200);
    expect(await counts(blocker.id)).toEqual({ followers: 1, following: 0 });
  });

  it("a block and an unblock are one round trip each; refused by the per-minute limit, a block changes nothing", async () => {
    const blocker = await createUser();
    const pest = await createUser();
    await followReq("POST", pest, blocker.username);
    await spent(`people:${blocker.id}`, 60);
    expect((await blockReq("POST", blocker, pest.username)).status).toBe(429);
    expect(await counts(blocker.id)).toEqual({ followers: 1, following: 0 });
    expect((await profile(pest.username, blocker.auth)).is_blocking).toBe(false);
    await spent(`people:${blocker.id}`, 0);
    const blocked = await blockReq("POST", blocker, pest.username);
    expect(blocked.status).toBe(200);
    expect(reads(blocked).calls).toBe(1);
    expect(await counts(blocker.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(pest.id)).toEqual({ followers: 0, following: 0 });
    expect((await blockReq("POST", blocker, blocker.username)).status).toBe(400);
    expect((await blockReq("POST", blocker, "nobodyhere")).status).toBe(404);
    const unblocked = await blockReq("DELETE", blocker, pest.username);
    expect(await json(unblocked)).toEqual({ is_blocked: false });
    expect(reads(unblocked).calls).toBe(1);
    expect((await profile(pest.username, blocker.auth)).is_blocking).toBe(false);
    expect((await blockReq("DELETE", blocker, "nobodyhere")).status).toBe(404);
  });

  it("lists the people one blocked for the privacy tab", async () => {
    const me = await createUser();
    const x = await createUser();
    const y = await createUser();
    await blockReq("POST", me, x.username);
    await blockReq("POST", me, y.username);
    const res = await api("/api/v1/private/user/block/list", { headers: me.auth });
    const page = await json<Page<DatedPerson>>(res);
    expect(page.total_list).toBe(2);
    expect(page.list.map((p) => p.owner.username).sort()).toEqual([x.username, y.username].sort());
    const self = await blockReq("POST", me, me.username);
    expect(self.status).toBe(400);
  });
});

describe("GET /api/v1/connections", () => {
  it("lists followers and following, 10 a page, newest first, with the caller's follow state", async () => {
    const star = await createUser();
    const fans: Person[] = [];
    for (let i = 0; i < 12; i++) {
      const fan = await createUser();
      fans.push(fan);
      await followReq("POST", fan, star.username);
    }
    await followReq("POST", star, fans[0]!.username);
    const first = await json<Page<PersonItem>>(
      await api(`/api/v1/connections?username=${star.username}&type=followers`, { headers: fans[0]!.auth }),
    );
    expect(first.total_list).toBe(12);
    expect(first.total_pages).toBe(2);
    expect(first.list).toHaveLength(10);
    expect(first.list[0]!.owner.username).toBe(fans[11]!.username);
    const second = await json<Page<PersonItem>>(
      await api(`/api/v1/connections?username=${star.username}&type=followers&skip=10`),
    );
    expect(second.list.map((p) => p.owner.username)).toEqual([fans[1]!.username, fans[0]!.username]);

    const following = await json<Page<PersonItem>>(
      await api(`/api/v1/connections?username=${star.username}&type=following`, { headers: fans[1]!.auth }),
    );
    expect(following).toMatchObject({ total_list: 1, total_pages: 1 });
    expect(following.list[0]).toEqual({
      owner: expect.objectContaining({ username: fans[0]!.username }),
      is_following: false,
    });
    expect((await api(`/api/v1/connections?username=${star.username}&type=friends`)).status).toBe(422);
  });
});

describe("GET /api/v1/user/micropost/list", () => {
  it("lists one person's published posts, newest or most voted first", async () => {
    const author = await createUser();
    const other = await createUser();
    const community = await insertCommunity("profileposts");
    await insertPost(author.id, community.id, "Old but loved", "<p>a</p>", { votes: 9, publishedAt: 1000 });
    await insertPost(author.id, community.id, "Fresh", "<p>b</p>", { votes: 1, publishedAt: 3000 });
    await insertPost(author.id, community.id, "Middle", "<p>c</p>", { votes: 4, publishedAt: 2000 });
    await insertPost(author.id, community.id, "Unfinished", "<p>d</p>", { draft: true });
    await insertPost(other.id, community.id, "Not theirs");
    const titles = async (sort: string) => {
      const res = await api(`/api/v1/user/micropost/list?username=${author.username}&sort=${sort}`);
      expect(res.status).toBe(200);
      const page = await json<Page<PostItem>>(res);
      expect(page.total_list).toBe(3);
      for (const item of page.list) expect(item.owner.username).toBe(author.username);
      return page.list.map((i) => i.micropost.title);
    };
    expect(await titles("NEW")).toEqual(["Fresh", "Middle", "Old but loved"]);
    expect(await titles("top")).toEqual(["Old but loved", "Middle", "Fresh"]);
    expect(await titles("whatever")).toEqual(["Fresh", "Middle", "Old but loved"]);
  });
});

describe("settings of people", () => {
  it("saves the default sort of posts, which me shows", async () => {
    const me = await createUser();
    const res = await api("/api/v1/private/user/setting/default-micropost-sort?default_micropost_sort=top", {
      method: "PATCH",
      headers: me.auth,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ default_micropost_sort: "TOP" });
    const shown = await json<{ default_micropost_sort: string }>(
      await api("/api/v1/private/user/auth/me", { headers: me.auth }),
    );
    expect(shown.default_micropost_sort).toBe("TOP");
    const bad = await api("/api/v1/private/user/setting/default-micropost-sort", {
      method: "PATCH",
      headers: { ...me.auth, "content-type": "application/json" },
      body: JSON.stringify({ default_micropost_sort: "RANDOM" }),
    });
    expect(bad.status).toBe(422);
    expect((await json<{ detail: string }>(bad)).detail).toMatch(/^default_micropost_sort: /);
  });

  it("saves a job title and at most five skills", async () => {
    const me = await createUser();
    const save = (body: unknown) =>
      api("/api/v1/private/user/profile/job", {
        method: "PATCH",
        headers: { ...me.auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const ok = await save({ job_title: " Product designer ", job_skills: "Figma, Research ,figma2,, Figma" });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({
      job_title: "Product designer",
      job_skills: ["Figma", "Research", "figma2"],
    });
    const tooMany = await save({ job_title: "x", job_skills: ["a", "b", "c", "d", "e", "f"] });
    expect(tooMany.status).toBe(422);
    expect((await json<{ detail: string }>(tooMany)).detail).toBe("job_skills: Maximum 5 skills allowed");
    const read = await api("/api/v1/private/user/profile/job", { headers: me.auth });
    expect(await json(read)).toEqual({
      job_title: "Product designer",
      job_skills: ["Figma", "Research", "figma2"],
    });
  });

  it("lists the people who joined with one's referral link", async () => {
    const me = await createUser();
    const friend = await createUser({ referrerId: me.id });
    await createUser({ referrerId: me.id, status: "UNCONFIRMED" });
    const page = await json<Page<DatedPerson>>(
      await api("/api/v1/private/user/referral/list", { headers: me.auth }),
    );
    expect(page.total_list).toBe(1);
    expect(page.list[0]!.owner.username).toBe(friend.username);
  });
});

// The smallest valid PNG: a 1×1 transparent pixel.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

describe("PATCH /api/v1/private/user/profile", () => {
  const edit = (who: Person, fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return api("/api/v1/private/user/profile", { method: "PATCH", headers: who.auth, body });
  };

  it("changes the name, picture and cover, stored by their real type", async () => {
    const me = await createUser({ profileName: "Old Name" });
    const res = await edit(me, {
      profile_name: "  New   Name ",
      profile_image: new File([PNG], "me.txt", { type: "text/plain" }),
      profile_cover: new File([PNG], "cover.png", { type: "image/png" }),
    });
    expect(res.status).toBe(200);
    const user = await json<User>(res);
    expect(user.profile_name).toBe("New Name");
    expect(user.profile_image).toMatch(/^\/media\/profile\/\w+\.png$/);
    expect(user.profile_cover).toMatch(/^\/media\/cover\/\w+\.png$/);
    const image = await api(user.profile_image!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect((await profile(me.username)).profile_name).toBe("New Name");

    const cleared = await json<User>(await edit(me, { profile_name: "", remove_profile_cover: "true" }));
    expect(cleared.profile_name).toBeNull();
    expect(cleared.profile_cover).toBeNull();
    expect(cleared.profile_image).toBe(user.profile_image);
    expect((await api(user.profile_cover!)).status).toBe(404);
  });

  it("refuses what is not an image, too large a file or too long a name, changing nothing", async () => {
    const me = await createUser({ profileName: "Kept" });
    const script = await edit(me, {
      profile_image: new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" }),
    });
    expect(script.status).toBe(415);
    expect((await json<{ detail: string }>(script)).detail).toMatch(/^profile_image: /);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await edit(me, { profile_cover: new File([big], "big.png", { type: "image/png" }) });
    expect(tooBig.status).toBe(422);
    expect((await json<{ detail: string }>(tooBig)).detail).toBe(
      "profile_cover: File size should not exceed 1MB",
    );
    const long = await edit(me, { profile_name: "x".repeat(51) });
    expect(long.status).toBe(422);
    expect((await json<{ detail: string }>(long)).detail).toBe("profile_name: Must be 50 characters or less");
    expect((await profile(me.username)).profile_name).toBe("Kept");
    expect((await profile(me.username)).profile_image).toBeNull();
  });
});

describe("PATCH /api/v1/private/user/profile: headline, bio and links", () => {
  const edit = (who: Person, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return api("/api/v1/private/user/profile", { method: "PATCH", headers: who.auth, body });
  };

  it("starts empty, saves plain text with the bio's line breaks and https links, and clears them", async () => {
    const me = await createUser();
    const fresh = await profile(me.username);
    expect([fresh.headline, fresh.bio, fresh.links]).toEqual(["", "", []]);

    const res = await edit(me, {
      headline: "  Baker   of <b>bread</b>\n",
      bio: "First line\r\nsecond line\n\n\n\nafter a gap  ",
      links: JSON.stringify([
        "https://example.com/me",
        " ",
        "https://example.com/me",
        "https://code.example.org",
      ]),
    });
    expect(res.status).toBe(200);
    const saved = await json<User>(res);
    expect(saved.headline).toBe("Baker of <b>bread</b>");
    expect(saved.bio).toBe("First line\nsecond line\n\nafter a gap");
    expect(saved.links).toEqual(["https://example.com/me", "https://code.example.org/"]);
    // Others see them; a field left out is kept.
    await edit(me, { profile_name: "Ana" });
    const seen = await profile(me.username);
    expect([seen.headline, seen.bio, seen.links]).toEqual([saved.headline, saved.bio, saved.links]);

    const cleared = await json<User>(await edit(me, { headline: "", bio: "", links: "[]" }));
    expect([cleared.headline, cleared.bio, cleared.links]).toEqual(["", "", []]);
  });

  it("refuses too long a headline or bio, a sixth link, and links that are not https, changing nothing", async () => {
    const me = await createUser();
    await edit(me, { headline: "Kept", links: JSON.stringify(["https://kept.example.com"]) });
    const refusals: [Record<string, string>, string][] = [
      [{ headline: "x".repeat(101) }, "headline: Must be 100 characters or less"],
      [{ bio: "y".repeat(301) }, "bio: Must be 300 characters or less"],
      [
        { links: JSON.stringify([1, 2, 3, 4, 5, 6].map((n) => `https://site${n}.example.com`)) },
        "links: Up to 5 links",
      ],
      [{ links: JSON.stringify(["http://plain.example.com"]) }, "links.0: Use a full https:// address"],
      [{ links: JSON.stringify(["javascript:alert(1)"]) }, "links.0: Use a full https:// address"],
      [{ links: JSON.stringify(["https://me:pw@example.com"]) }, "links.0: Use a full https:// address"],
      [{ links: "https://example.com" }, "links: Send the links as a JSON list of addresses"],
    ];
    for (const [fields, detail] of refusals) {
      const res = await edit(me, { ...fields, bio: fields.bio ?? "changed" });
      expect(res.status).toBe(422);
      expect((await json<{ detail: string }>(res)).detail).toBe(detail);
    }
    const after = await profile(me.username);
    expect([after.headline, after.bio, after.links]).toEqual(["Kept", "", ["https://kept.example.com/"]]);
  });
});

describe("GET /api/v1/private/user/suggestions", () => {
  it("offers popular described communities one has not joined and active people who post, whom one neither follows nor blocks", async () => {
    const me = await createUser();
    const posts = { totalMicroposts: 3 };
    const popular = await createUser({ totalFollowers: 9_000_003, ...posts });
    const followed = await createUser({ totalFollowers: 9_000_002, ...posts });
    const blocked = await createUser({ totalFollowers: 9_000_001, ...posts });
    const blocker = await createUser({ totalFollowers: 9_000_004, ...posts });
    const suspended = await createUser({ totalFollowers: 9_000_005, status: "SUSPENDED", ...posts });
    // Followed by many, but nothing to read yet.
    const silent = await createUser({ totalFollowers: 9_000_006 });
    expect((await followReq("POST", me, followed.username)).status).toBe(200);
    expect((await blockReq("POST", me, blocked.username)).status).toBe(200);
    expect((await blockReq("POST", blocker, me.username)).status).toBe(200);
    const big = await insertCommunity(`big${me.id}`);
    const joined = await insertCommunity(`joined${me.id}`);
    const bare = await insertCommunity(`bare${me.id}`);
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE communities SET total_members = 9000000, description = 'Gardens and growing' WHERE id IN (?1, ?2)",
      ).bind(big.id, joined.id),
      env.DB.prepare("UPDATE communities SET total_members = 9000001, description = ' ' WHERE id = ?1").bind(
        bare.id,
      ),
      env.DB.prepare(
        "INSERT INTO community_members (community_id, user_id, created_at) VALUES (?1, ?2, ?3)",
      ).bind(joined.id, me.id, Date.now()),
    ]);

    const res = await api("/api/v1/private/user/suggestions", { headers: me.auth });
    expect(res.status).toBe(200);
    const body = await json<Suggestions>(res);
    const names = body.users.map((u) => u.owner.username);
    expect(names[0]).toBe(popular.username);
    expect(body.users[0]?.is_following).toBe(false);
    for (const hidden of [me, followed, blocked, blocker, suspended, silent])
      expect(names).not.toContain(hidden.username);
    const communities = body.communities.map((c) => c.name);
    expect(communities[0]).toBe(big.name);
    expect(communities).not.toContain(joined.name);
    expect(communities).not.toContain(bare.name);
    expect(body.users.length).toBeLessThanOrEqual(6);

    expect((await api("/api/v1/private/user/suggestions")).status).toBe(401);
  });
});
