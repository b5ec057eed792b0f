import { describe, expect, it } from "vitest";
import { type ReportGroup, reportGroupSchema } from "#shared/schemas/admin.ts";
import { api, detail, env, json, jsonBody } from "#worker-test/api.ts";
import { createAdmin, createUser, login, type TestAdmin, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";

const TEXT = "This keeps spamming the same shady link over and over.";

function report(by: TestUser, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ report_cause: "SPAM", text: TEXT, ...fields })) body.append(k, v);
  return api("/api/v1/private/user/report", { method: "POST", headers: by.auth, body });
}

async function groups(admin: TestAdmin, status = "OPEN"): Promise<ReportGroup[]> {
  const res = await api(`/api/admin/private/report/list?status=${status}&limit=100`, { headers: admin.auth });
  expect(res.status).toBe(200);
  return (await json<{ list: unknown[] }>(res)).list.map((g) => reportGroupSchema.parse(g));
}

const resolve = (admin: TestAdmin, body: Record<string, unknown>) =>
  api("/api/admin/private/report", { method: "PATCH", ...jsonBody(body, admin.auth) });

async function postScene() {
  const owner = await createUser();
  const community = await newCommunity(owner);
  const post = await newPost(owner, community, { title: "Buy cheap followers now" });
  return { owner, community, post, link: `http://localhost${post.link}` };
}

const counters = async (community: string, ownerId: number) => {
  const c = await env.DB.prepare("SELECT total_microposts AS n FROM communities WHERE name = ?1")
    .bind(community)
    .first<{ n: number }>();
  const u = await env.DB.prepare("SELECT total_microposts AS n FROM users WHERE id = ?1")
    .bind(ownerId)
    .first<{ n: number }>();
  return { community: c!.n, owner: u!.n };
};

describe("reports queue", () => {
  it("groups reports by what they point at, with the count, causes and texts", async () => {
    const admin = await createAdmin();
    const { owner, post, link } = await postScene();
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    expect((await report(a, { link, reported_username: owner.username })).status).toBe(201);
    expect((await report(b, { link, reported_username: owner.username, report_cause: "FRAUD" })).status).toBe(
      201,
    );
    expect(
      (await report(c, { link: `/user/${owner.username}`, reported_username: owner.username })).status,
    ).toBe(201);

    const open = await groups(admin);
    const ofPost = open.find((g) => g.target.micropost?.public_id === post.public_id)!;
    expect(ofPost).toMatchObject({
      status: "OPEN",
      total_reports: 2,
      resolution: null,
      target: { type: "MICROPOST", exists: true, link, user: { username: owner.username, status: "ACTIVE" } },
    });
    expect(ofPost.target.micropost?.title).toBe("Buy cheap followers now");
    expect(ofPost.causes.map((x) => x.report_cause).sort()).toEqual(["FRAUD", "SPAM"]);
    expect(ofPost.texts.map((t) => t.reporter)).toEqual([b.username, a.username]);
    expect(ofPost.texts[0]!.text).toBe(TEXT);
    const ofPerson = open.find(
      (g) => g.target.type === "USER" && g.target.user?.username === owner.username,
    )!;
    expect(ofPerson.total_reports).toBe(1);
    expect(open.indexOf(ofPerson)).toBeLessThan(open.indexOf(ofPost));
  });

  it("REMOVE_CONTENT hides the post on the main site (kept for an appeal), counters follow, and the group keeps who did it", async () => {
    const admin = await createAdmin();
    const { owner, community, post, link } = await postScene();
    await report(await createUser(), { link, reported_username: owner.username });
    const before = await counters(community, owner.id);
    const group = (await groups(admin)).find((g) => g.target.micropost?.public_id === post.public_id)!;

    const res = await resolve(admin, { id: group.id, action: "remove_content", note: "Spam, removed." });
    expect(res.status).toBe(200);
    const answer = await json<{ detail: string; report: ReportGroup }>(res);
    expect(answer.detail).toBe("The reports were resolved");
    expect(answer.report).toMatchObject({
      status: "RESOLVED",
      target: { exists: true, micropost: { public_id: post.public_id } },
      resolution: { action: "REMOVE_CONTENT", note: "Spam, removed.", admin: admin.username },
    });
    expect((await api(`/api/v1/micropost?public_id=${post.public_id}`)).status).toBe(404);
    expect(await counters(community, owner.id)).toEqual({
      community: before.community - 1,
      owner: before.owner - 1,
    });
    const resolved = await groups(admin, "resolved");
    expect(resolved.find((g) => g.id === group.id)?.resolution?.admin).toBe(admin.username);
    expect((await groups(admin)).some((g) => g.id === group.id)).toBe(false);

    const twice = await resolve(admin, { id: group.id, action: "DISMISS" });
    expect(twice.status).toBe(409);
    expect(await detail(twice)).toBe("These reports were already resolved");
  });

  it("REMOVE_CONTENT on a comment leaves a tombstone without its text or author, and the post's comment count follows", async () => {
    const admin = await createAdmin();
    const { owner, post } = await postScene();
    const author = await createUser();
    const made = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      ...jsonBody({ parent_micropost_public_id: post.public_id, body: "Nasty words here" }, author.auth),
    });
    expect(made.status).toBe(201);
    const comment = await json<{ public_id: string }>(made);
    await report(owner, {
      link: `http://localhost${post.link}?comment=${comment.public_id}`,
      reported_username: author.username,
    });
    const group = (await groups(admin)).find((g) => g.target.comment?.public_id === comment.public_id)!;
    expect(group.target).toMatchObject({ type: "COMMENT", user: { username: author.username } });
    expect(group.target.comment?.text).toBe("Nasty words here");

    expect((await resolve(admin, { id: group.id, action: "REMOVE_CONTENT" })).status).toBe(200);
    const after = await json<{ micropost: { total_micropost_comments: number } }>(
      await api(`/api/v1/micropost?public_id=${post.public_id}`),
    );
    expect(after.micropost.total_micropost_comments).toBe(0);
    const list = await json<{
      list: Array<{ public_id: string; body: string; owner: unknown; is_deleted: boolean }>;
    }>(await api(`/api/v1/micropost/comment/list?post_public_id=${post.public_id}`));
    expect(list.list.find((c) => c.public_id === comment.public_id)).toMatchObject({
      is_deleted: true,
      body: "",
      owner: null,
    });
  });

  it("SUSPEND_USER suspends the person: sign-in refused, their tokens end", async () => {
    const admin = await createAdmin();
    const troll = await createUser();
    await report(await createUser(), { reported_username: troll.username, report_cause: "HARASSMENT" });
    const group = (await groups(admin)).find((g) => g.target.user?.username === troll.username)!;
    expect(
      (await resolve(admin, { id: group.id, action: "SUSPEND_USER", note: "Repeated harassment" })).status,
    ).toBe(200);
    expect((await api("/api/v1/private/user/auth/me", { headers: troll.auth })).status).toBe(401);
    expect((await login(troll.username, "password")).status).toBe(403);
    const person = await json<{ status: string; total_reports: number }>(
      await api(`/api/admin/private/user?username=${troll.username}`, { headers: admin.auth }),
    );
    expect(person).toMatchObject({ status: "SUSPENDED", total_reports: 1 });
  });

  it("DISMISS changes nothing else; the next report of that target opens a new group", async () => {
    const admin = await createAdmin();
    const { owner, post, link } = await postScene();
    await report(await createUser(), { link, reported_username: owner.username });
    const first = (await groups(admin)).find((g) => g.target.micropost?.public_id === post.public_id)!;
    expect((await resolve(admin, { id: first.id, action: "DISMISS" })).status).toBe(200);
    expect((await api(`/api/v1/micropost?public_id=${post.public_id}`)).status).toBe(200);
    expect((await login(owner.username, "password")).status).toBe(200);
    await report(await createUser(), { link, reported_username: owner.username });
    const next = (await groups(admin)).find((g) => g.target.micropost?.public_id === post.public_id)!;
    expect(next.id).not.toBe(first.id);
    expect(next.total_reports).toBe(1);
  });

  it("checks the action, note, status and id", async () => {
    const admin = await createAdmin();
    const person = await createUser();
    await report(await createUser(), { reported_username: person.username });
    const group = (await groups(admin)).find((g) => g.target.user?.username === person.username)!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ id: group.id, action: "BAN" }, "action: Use DISMISS, REMOVE_CONTENT or SUSPEND_USER"],
      [{ id: group.id }, "action: Use DISMISS, REMOVE_CONTENT or SUSPEND_USER"],
      [{ id: group.id, action: "DISMISS", note: "x".repeat(501) }, "note: Must be 500 characters or less"],
      [{ action: "DISMISS" }, "id: Must be a positive whole number"],
      [
        { id: group.id, action: "REMOVE_CONTENT" },
        "action: These reports point at no post or comment to remove",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await resolve(admin, body);
      expect(res.status, message).toBe(422);
      expect(await detail(res)).toBe(message);
    }
    expect((await resolve(admin, { id: 999_999, action: "DISMISS" })).status).toBe(404);
    const bad = await api("/api/admin/private/report/list?status=CLOSED", { headers: admin.auth });
    expect(bad.status).toBe(422);
    expect(await detail(bad)).toBe("status: Use OPEN or RESOLVED");
  });
});
