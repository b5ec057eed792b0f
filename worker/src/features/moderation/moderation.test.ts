import { describe, expect, it } from "vitest";
import type { ReportGroup } from "#shared/schemas/admin.ts";
import { type AdminAppeal, adminAppealSchema, moderationNoticeSchema } from "#shared/schemas/moderation.ts";
import { inboxStub } from "#worker/lib/sockets/stubs.ts";
import { api, deps, detail, env, form, json, jsonBody } from "#worker-test/api.ts";
import { createAdmin, createUser, login, type TestAdmin, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";

// Moderation people can trust: a removal hides (and an appeal brings back) with every count and
// search exact; the person is told why and appeals once; trust levels set daily allowances.

const TEXT = "This keeps spamming the same shady link over and over.";
const APPEAL = "This was a recipe I wrote myself; nothing in it is spam or a shady link.";

function report(by: TestUser, fields: Record<string, string>) {
  return api("/api/v1/private/user/report", {
    method: "POST",
    headers: by.auth,
    body: form({ report_cause: "SPAM", text: TEXT, ...fields }),
  });
}

async function openGroups(admin: TestAdmin): Promise<ReportGroup[]> {
  const res = await api("/api/admin/private/report/list?limit=100", { headers: admin.auth });
  return (await json<{ list: ReportGroup[] }>(res)).list;
}

const resolve = (admin: TestAdmin, body: Record<string, unknown>) =>
  api("/api/admin/private/report", { method: "PATCH", ...jsonBody(body, admin.auth) });
const decide = (admin: TestAdmin, body: Record<string, unknown>) =>
  api("/api/admin/private/appeal", { method: "PATCH", ...jsonBody(body, admin.auth) });
const appeal = (auth: Record<string, string>, fields: Record<string, string>) =>
  api("/api/v1/private/user/appeal", { method: "POST", headers: auth, body: form(fields) });

async function notices(person: TestUser) {
  const res = await api("/api/v1/private/user/notification/list?limit=50", { headers: person.auth });
  expect(res.status).toBe(200);
  const list = (await json<{ list: Array<{ kind: string; text: string | null; moderation: unknown }> }>(res))
    .list;
  return list
    .filter((n) => n.kind === "MODERATION")
    .map((n) => ({ text: n.text, moderation: moderationNoticeSchema.parse(n.moderation) }));
}

async function appeals(admin: TestAdmin, status = "OPEN"): Promise<AdminAppeal[]> {
  const res = await api(`/api/admin/private/appeal/list?status=${status}&limit=100`, { headers: admin.auth });
  expect(res.status).toBe(200);
  return (await json<{ list: unknown[] }>(res)).list.map((a) => adminAppealSchema.parse(a));
}

async function counts(community: string, owner: TestUser) {
  const c = await json<{ total_microposts: number }>(await api(`/api/v1/community?name=${community}`));
  const row = await env.DB.prepare(
    `SELECT total_microposts AS mine, (SELECT value FROM site_counters WHERE key = 'published_microposts') AS site
     FROM users WHERE id = ?1`,
  )
    .bind(owner.id)
    .first<{ mine: number; site: number }>();
  return { community: c.total_microposts, owner: row!.mine, site: row!.site };
}

async function searchTitles(q: string): Promise<string[]> {
  const res = await api(`/api/v1/search?${new URLSearchParams({ q, type: "posts" })}`);
  return (await json<{ list: Array<{ micropost: { title: string } }> }>(res)).list.map(
    (i) => i.micropost.title,
  );
}

async function audit(admin: TestAdmin, action: string) {
  const res = await api(`/api/admin/private/audit/list?action=${action}&limit=100`, { headers: admin.auth });
  expect(res.status).toBe(200);
  return (await json<{ list: Array<{ target: string; detail: string; admin: string }> }>(res)).list;
}

/** A post reported and removed by staff, with the counts before. */
async function removedPost(title: string, who: Parameters<typeof createUser>[0] = {}) {
  const admin = await createAdmin();
  const owner = await createUser(who);
  const community = await newCommunity(owner);
  const post = await newPost(owner, community, { title });
  const before = await counts(community, owner);
  await report(await createUser(), {
    link: `http://localhost${post.link}`,
    reported_username: owner.username,
  });
  await report(await createUser(), {
    link: `http://localhost${post.link}`,
    reported_username: owner.username,
    report_cause: "FRAUD",
  });
  await report(await createUser(), {
    link: `http://localhost${post.link}`,
    reported_username: owner.username,
  });
  const group = (await openGroups(admin)).find((g) => g.target.micropost?.public_id === post.public_id)!;
  const res = await resolve(admin, { id: group.id, action: "REMOVE_CONTENT", note: "Looks like spam." });
  expect(res.status).toBe(200);
  return { admin, owner, community, post, before, group };
}

describe("staff removal hides the content", () => {
  it("a removed post is gone from the post page, the community, search and every count, and kept", async () => {
    const { owner, community, post, before } = await removedPost("Marmalade with bitter oranges");
    expect((await api(`/api/v1/micropost?public_id=${post.public_id}`)).status).toBe(404);
    expect(await counts(community, owner)).toEqual({
      community: before.community - 1,
      owner: before.owner - 1,
      site: before.site - 1,
    });
    expect(await searchTitles("marmalade")).toEqual([]);
    const feed = await json<{ list: Array<{ micropost: { public_id: string } }> }>(
      await api(`/api/v1/community/micropost/list?name=${community}`),
    );
    expect(feed.list.map((i) => i.micropost.public_id)).not.toContain(post.public_id);
    // Not in the author's drafts, and the author cannot edit or delete it behind the appeal's back.
    const drafts = await json<{ total_list: number }>(
      await api("/api/v1/private/user/micropost/draft/list", { headers: owner.auth }),
    );
    expect(drafts.total_list).toBe(0);
    const del = await api(`/api/v1/private/user/micropost?public_id=${post.public_id}`, {
      method: "DELETE",
      headers: owner.auth,
    });
    expect(del.status).toBe(404);
    const kept = await env.DB.prepare("SELECT title, removed_at FROM microposts WHERE public_id = ?1")
      .bind(post.public_id)
      .first<{ title: string; removed_at: number | null }>();
    expect(kept?.title).toBe("Marmalade with bitter oranges");
    expect(kept?.removed_at).not.toBeNull();
  });

  it("a removed comment loses its text and author in the thread, and the post's comment count falls", async () => {
    const admin = await createAdmin();
    const owner = await createUser();
    const post = await newPost(owner, await newCommunity(owner));
    const author = await createUser();
    const made = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      ...jsonBody(
        { parent_micropost_public_id: post.public_id, body: "Buy gardenias cheap at my shop" },
        author.auth,
      ),
    });
    const comment = await json<{ public_id: string }>(made);
    await report(owner, {
      link: `http://localhost${post.link}?comment=${comment.public_id}`,
      reported_username: author.username,
    });
    const group = (await openGroups(admin)).find((g) => g.target.comment?.public_id === comment.public_id)!;
    expect((await resolve(admin, { id: group.id, action: "REMOVE_CONTENT" })).status).toBe(200);
    const after = await json<{ micropost: { total_micropost_comments: number } }>(
      await api(`/api/v1/micropost?public_id=${post.public_id}`),
    );
    expect(after.micropost.total_micropost_comments).toBe(0);
    const list = await json<{
      list: Array<{ public_id: string; body: string; owner: unknown; is_deleted: boolean }>;
    }>(await api(`/api/v1/micropost/comment/list?post_public_id=${post.public_id}`));
    const shown = list.list.find((c) => c.public_id === comment.public_id);
    expect(shown === undefined || (shown.is_deleted && shown.body === "" && shown.owner === null)).toBe(true);
    const found = await json<{ total_list: number }>(
      await api(`/api/v1/search?${new URLSearchParams({ q: "gardenias", type: "comments" })}`),
    );
    expect(found.total_list).toBe(0);
  });
});

describe("the notice and the appeal", () => {
  it("the author reads what was done, the cause most reporters gave and the staff note", async () => {
    const { owner } = await removedPost("Quince paste the old way");
    const [notice] = await notices(owner);
    expect(notice).toMatchObject({
      text: "Looks like spam.",
      moderation: {
        action: "REMOVE_CONTENT",
        target_type: "MICROPOST",
        cause: "SPAM",
        note: "Looks like spam.",
        excerpt: "Quince paste the old way",
        reversed: false,
        appeal: null,
      },
    });
  });

  it("one appeal per decision, of one's own decision only, with the text's length checked", async () => {
    const { owner } = await removedPost("Fig jam for winter");
    const [notice] = await notices(owner);
    const id = String(notice!.moderation.id);
    const stranger = await createUser();
    const theirs = await appeal(stranger.auth, { moderation_id: id, text: APPEAL });
    expect(theirs.status).toBe(404);
    expect(await detail(theirs)).toBe("There is no such decision about you");
    const short = await appeal(owner.auth, { moderation_id: id, text: "Not spam." });
    expect(short.status).toBe(422);
    expect(await detail(short)).toBe("text: Say what happened in at least 40 characters");
    const long = await appeal(owner.auth, { moderation_id: id, text: "x".repeat(1001) });
    expect(long.status).toBe(422);

    const sent = await appeal(owner.auth, { moderation_id: id, text: APPEAL });
    expect(sent.status).toBe(201);
    expect(await json(sent)).toMatchObject({ appeal: { status: "OPEN", decision: null } });
    const again = await appeal(owner.auth, { moderation_id: id, text: APPEAL });
    expect(again.status).toBe(409);
    expect(await detail(again)).toBe("You already appealed this decision");
    expect((await notices(owner))[0]!.moderation.appeal?.status).toBe("OPEN");
  });

  it("REVERSE brings the post back with its counts and in search; the author is told; every step audited", async () => {
    const { admin, owner, community, post, before } = await removedPost("Lemon curd without butter");
    const [notice] = await notices(owner);
    expect(
      (await appeal(owner.auth, { moderation_id: String(notice!.moderation.id), text: APPEAL })).status,
    ).toBe(201);
    const [open] = (await appeals(admin)).filter((a) => a.moderation.id === notice!.moderation.id);
    expect(open).toMatchObject({
      status: "OPEN",
      text: APPEAL,
      user: { username: owner.username },
      moderation: { action: "REMOVE_CONTENT", cause: "SPAM", note: "Looks like spam.", reversed: false },
      content: { title: "Lemon curd without butter", hidden: true },
      reports: { total_reports: 3 },
      decision: null,
    });
    expect(open!.reports!.causes).toEqual([
      { report_cause: "SPAM", total: 2 },
      { report_cause: "FRAUD", total: 1 },
    ]);

    const res = await decide(admin, { id: open!.id, decision: "reverse", note: "A real recipe; restored." });
    expect(res.status).toBe(200);
    expect((await json<{ appeal: AdminAppeal }>(res)).appeal).toMatchObject({
      status: "DECIDED",
      content: { hidden: false },
      moderation: { reversed: true },
      decision: { decision: "REVERSE", note: "A real recipe; restored.", admin: admin.username },
    });
    expect((await api(`/api/v1/micropost?public_id=${post.public_id}`)).status).toBe(200);
    expect(await counts(community, owner)).toEqual(before);
    expect(await searchTitles("curd")).toEqual(["Lemon curd without butter"]);
    // One card for the decision, telling its whole story: the removal as it was written, the
    // appeal in the person's words and the answer with the note staff wrote with it.
    const told = await notices(owner);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      text: "Looks like spam.",
      moderation: {
        note: "Looks like spam.",
        reversed: true,
        appeal: { status: "DECIDED", decision: "REVERSE", note: "A real recipe; restored.", text: APPEAL },
      },
    });
    expect((await decide(admin, { id: open!.id, decision: "UPHOLD" })).status).toBe(409);
    expect((await appeals(admin, "DECIDED")).some((a) => a.id === open!.id)).toBe(true);

    expect((await audit(admin, "REPORT_REMOVE_CONTENT")).length).toBeGreaterThan(0);
    const reversed = await audit(admin, "APPEAL_REVERSE");
    expect(reversed.find((r) => r.target === `appeal:${open!.id}`)).toMatchObject({
      admin: admin.username,
      detail: expect.stringContaining("A real recipe; restored."),
    });
  });

  it("the author of a removed post reads why on its page, and the answer marks the decision's card unread again", async () => {
    const { admin, owner, post } = await removedPost("Damson gin");
    const own = (query: string, who: TestUser) =>
      api(`/api/v1/private/user/moderation/post?public_id=${query}`, { headers: who.auth });
    const mine = await own(post.public_id, owner);
    expect(mine.status).toBe(200);
    expect(moderationNoticeSchema.parse(await json(mine))).toMatchObject({
      action: "REMOVE_CONTENT",
      cause: "SPAM",
      note: "Looks like spam.",
      excerpt: "Damson gin",
      appeal: null,
    });
    // Nobody else learns anything about it, and a post that was never removed has no decision.
    expect((await own(post.public_id, await createUser())).status).toBe(404);
    expect((await api(`/api/v1/private/user/moderation/post?public_id=${post.public_id}`)).status).toBe(401);
    const community = await newCommunity(owner);
    const kept = await newPost(owner, community, { title: "Sloe jam" });
    expect((await own(kept.public_id, owner)).status).toBe(404);

    const [notice] = await notices(owner);
    await api("/api/v1/private/user/notification/read", { method: "PATCH", headers: owner.auth });
    await appeal(owner.auth, { moderation_id: String(notice!.moderation.id), text: APPEAL });
    const [open] = (await appeals(admin)).filter((a) => a.moderation.id === notice!.moderation.id);
    expect((await decide(admin, { id: open!.id, decision: "REVERSE", note: "Restored." })).status).toBe(200);
    const unread = await api("/api/v1/private/user/notification/list?limit=50&unread=true", {
      headers: owner.auth,
    });
    const cards = (await json<{ list: Array<{ kind: string }> }>(unread)).list.filter(
      (n) => n.kind === "MODERATION",
    );
    expect(cards).toHaveLength(1);
    // Back on the site, the page is the post again: the decision no longer hides it.
    expect((await own(post.public_id, owner)).status).toBe(404);
  });

  it("the decision's card is kept by the person's inbox, and a card D1 kept from before is reopened where it is", async () => {
    const { admin, owner } = await removedPost("Quince paste");
    const inD1 = () =>
      env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?1 AND kind = 'MODERATION'")
        .bind(owner.id)
        .first<{ n: number }>();
    // Not a row on the primary (docs/decisions/231), yet listed with its decision.
    expect((await inD1())?.n).toBe(0);
    const [card] = await notices(owner);
    expect(card).toMatchObject({ text: "Looks like spam.", moderation: { action: "REMOVE_CONTENT" } });

    // A decision whose card D1 kept (made before the inbox kept them): the answer reopens that one.
    const older = await removedPost("Medlar jelly");
    const [olderCard] = await notices(older.owner);
    await env.DB.prepare(
      "INSERT INTO notifications (user_id, kind, text, moderation_id, is_read, created_at) VALUES (?1, 'MODERATION', 'Looks like spam.', ?2, 1, 1)",
    )
      .bind(older.owner.id, olderCard!.moderation.id)
      .run();
    await inboxStub(deps, older.owner.id).forgetNotices(older.owner.id);
    await appeal(older.owner.auth, { moderation_id: String(olderCard!.moderation.id), text: APPEAL });
    const [open] = (await appeals(admin)).filter((a) => a.moderation.id === olderCard!.moderation.id);
    expect((await decide(admin, { id: open!.id, decision: "UPHOLD", note: "Still spam." })).status).toBe(200);
    const after = await notices(older.owner);
    expect(after).toHaveLength(1);
    expect(after[0]!.moderation.appeal).toMatchObject({ decision: "UPHOLD" });
    const row = await env.DB.prepare(
      "SELECT is_read FROM notifications WHERE user_id = ?1 AND kind = 'MODERATION'",
    )
      .bind(older.owner.id)
      .first<{ is_read: number }>();
    expect(row?.is_read).toBe(0);
  });

  it("UPHOLD keeps the content hidden, tells the person and is audited", async () => {
    const { admin, owner, post } = await removedPost("Plum chutney");
    const [notice] = await notices(owner);
    await appeal(owner.auth, { moderation_id: String(notice!.moderation.id), text: APPEAL });
    const [open] = (await appeals(admin)).filter((a) => a.moderation.id === notice!.moderation.id);
    expect(
      (await decide(admin, { id: open!.id, decision: "UPHOLD", note: "Same link as spam." })).status,
    ).toBe(200);
    expect((await api(`/api/v1/micropost?public_id=${post.public_id}`)).status).toBe(404);
    const told = await notices(owner);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      text: "Looks like spam.",
      moderation: { reversed: false, appeal: { decision: "UPHOLD", note: "Same link as spam." } },
    });
    expect((await audit(admin, "APPEAL_UPHOLD")).some((r) => r.target === `appeal:${open!.id}`)).toBe(true);
    const bad = await decide(admin, { id: open!.id, decision: "PARDON" });
    expect(bad.status).toBe(422);
    expect(await detail(bad)).toBe("decision: Use UPHOLD or REVERSE");
    expect((await decide(admin, { id: 999_999, decision: "UPHOLD" })).status).toBe(404);
  });

  it("a suspended person sees the reason at sign-in, appeals with the token given, and REVERSE lifts it", async () => {
    const admin = await createAdmin();
    const troll = await createUser();
    await report(await createUser(), { reported_username: troll.username, report_cause: "HARASSMENT" });
    const group = (await openGroups(admin)).find((g) => g.target.user?.username === troll.username)!;
    await resolve(admin, { id: group.id, action: "SUSPEND_USER", note: "Repeated insults" });

    const refused = await login(troll.username, "password");
    expect(refused.status).toBe(403);
    const body = await json<{
      detail: string;
      suspension: { cause: string; note: string; ends_at: null; moderation_id: number; appeal_token: string };
    }>(refused);
    expect(body).toMatchObject({
      detail: "This account is suspended.",
      suspension: { cause: "HARASSMENT", note: "Repeated insults", ends_at: null },
    });
    const token = { authorization: `Bearer ${body.suspension.appeal_token}` };
    // The token opens the appeal path only, and for its own decision only.
    expect((await api("/api/v1/private/user/notification/list", { headers: token })).status).toBe(401);
    const other = await appeal(token, {
      moderation_id: String(body.suspension.moderation_id + 1000),
      text: APPEAL,
    });
    expect(other.status).toBe(404);
    const sent = await appeal(token, { moderation_id: String(body.suspension.moderation_id), text: APPEAL });
    expect(sent.status).toBe(201);

    const [open] = (await appeals(admin)).filter((a) => a.moderation.id === body.suspension.moderation_id);
    expect(open).toMatchObject({
      moderation: { action: "SUSPEND_USER" },
      content: null,
      user: { status: "SUSPENDED" },
    });
    expect((await decide(admin, { id: open!.id, decision: "REVERSE", note: "Misread; sorry." })).status).toBe(
      200,
    );
    expect((await login(troll.username, "password")).status).toBe(200);
    expect((await audit(admin, "APPEAL_REVERSE")).some((r) => r.target === `appeal:${open!.id}`)).toBe(true);
  });
});

describe("trust levels", () => {
  const day = 24 * 60 * 60_000;
  const startChat = (who: TestUser, username: string) =>
    api("/api/v1/private/user/chat/thread", { method: "POST", ...jsonBody({ username }, who.auth) });

  it("a new account starts 3 conversations a day and is told why and from when it gets more", async () => {
    const joined = Date.now() - day;
    const newcomer = await createUser({
      trustLevel: 0,
      trustLevelManual: false,
      trustLevelAt: joined,
      createdAt: joined,
    });
    for (let i = 0; i < 3; i++)
      expect((await startChat(newcomer, (await createUser()).username)).status).toBe(201);
    const refused = await startChat(newcomer, (await createUser()).username);
    expect(refused.status).toBe(429);
    const body = await json<{ detail: string; limit: Record<string, unknown> }>(refused);
    const until = new Date(joined + 3 * day);
    const weekday = until.toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" });
    expect(body.detail).toMatch(
      new RegExp(`^New accounts can start 3 conversations a day; more from ${weekday} `),
    );
    expect(body.limit).toEqual({
      action: "conversation",
      max: 3,
      trust_level: 0,
      reason: "AGE",
      until: until.toISOString(),
      retry_at: expect.any(String),
    });
    // When the person may act again (the day's count starts over) is apart from when they get more.
    const retryAt = Date.parse(String(body.limit.retry_at));
    expect(retryAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(retryAt).toBeLessThan(until.getTime());
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });

  it("a level is kept current: once the age threshold passes and contributions count, limits grow", async () => {
    const longAgo = Date.now() - 10 * day;
    const person = await createUser({
      trustLevel: 0,
      trustLevelManual: false,
      trustLevelAt: longAgo,
      createdAt: longAgo,
    });
    const community = await newCommunity(await createUser());
    for (let i = 0; i < 3; i++) await newPost(person, community, { title: `Post ${i}` });
    const row = await env.DB.prepare("SELECT trust_level FROM users WHERE id = ?1")
      .bind(person.id)
      .first<{ trust_level: number }>();
    expect(row?.trust_level).toBe(1);
  });

  it("staff set a level by hand from the admin user page; it is audited and the limits follow", async () => {
    const admin = await createAdmin();
    const person = await createUser({
      trustLevel: 0,
      trustLevelManual: false,
      trustLevelAt: Date.now(),
      createdAt: Date.now(),
    });
    const set = await api("/api/admin/private/user/trust-level", {
      method: "PATCH",
      ...jsonBody({ username: person.username, trust_level: 2 }, admin.auth),
    });
    expect(set.status).toBe(200);
    expect(await json(set)).toMatchObject({ trust_level: 2, manual: true });
    const shown = await json<{ trust_level: number; trust_level_manual: boolean }>(
      await api(`/api/admin/private/user?username=${person.username}`, { headers: admin.auth }),
    );
    expect(shown).toMatchObject({ trust_level: 2, trust_level_manual: true });
    for (let i = 0; i < 4; i++)
      expect((await startChat(person, (await createUser()).username)).status).toBe(201);
    expect(
      (await audit(admin, "USER_TRUST_LEVEL")).find((r) => r.target === `user:${person.username}`)?.detail,
    ).toBe("2");
    const bad = await api("/api/admin/private/user/trust-level", {
      method: "PATCH",
      ...jsonBody({ username: person.username, trust_level: 3 }, admin.auth),
    });
    expect(bad.status).toBe(422);
    expect(await detail(bad)).toBe("trust_level: Use 0, 1 or 2");
  });

  it("an upheld removal makes its author new again", async () => {
    const longAgo = Date.now() - 60 * day;
    const { owner } = await removedPost("Cherry liqueur", {
      trustLevel: 1,
      trustLevelManual: false,
      trustLevelAt: longAgo,
      createdAt: longAgo,
    });
    const row = await env.DB.prepare("SELECT trust_level FROM users WHERE id = ?1")
      .bind(owner.id)
      .first<{ trust_level: number }>();
    expect(row?.trust_level).toBe(0);
  });
});
