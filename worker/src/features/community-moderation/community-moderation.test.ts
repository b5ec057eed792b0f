import { describe, expect, it } from "vitest";
import { moderationNoticeSchema } from "#shared/schemas/moderation.ts";
import { api, detail, form, json, jsonBody } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";

// A community run by its people: the owner appoints a moderator, who removes, pins, locks and bans
// there and nowhere else, with every action in the public log; flairs kept by moderators sort posts.

const MOD = "/api/v1/private/user/community/mod";
const call = (method: string, path: string, body: unknown, who: TestUser) =>
  api(path, { method, ...jsonBody(body, who.auth) });
const join = (who: TestUser, name: string) =>
  api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", headers: who.auth });

async function communityWithModerator() {
  const owner = await createUser();
  const moderator = await createUser();
  const member = await createUser();
  const name = await newCommunity(owner);
  await join(moderator, name);
  await join(member, name);
  const appointed = await call(
    "POST",
    "/api/v1/private/user/community/moderator",
    { name, username: moderator.username },
    owner,
  );
  expect(appointed.status, await appointed.clone().text()).toBe(200);
  return { owner, moderator, member, name };
}

async function pagePosts(name: string, query = "") {
  const res = await api(`/api/v1/community/micropost/list?name=${name}&limit=20${query}`);
  expect(res.status).toBe(200);
  return (
    await json<{
      list: Array<{
        micropost: {
          public_id: string;
          is_pinned: boolean;
          is_locked: boolean;
          flair: { id: number; name: string; colour: string } | null;
        };
      }>;
      total_list: number;
    }>(res)
  ).list.map((i) => i.micropost);
}

async function modLog(name: string) {
  const res = await api(`/api/v1/community/mod/log?name=${name}`);
  expect(res.status).toBe(200);
  return json<{
    list: Array<{ action: string; moderator: string; target_type: string; target: string; reason: string }>;
    total_list: number;
  }>(res);
}

describe("a community's moderators", () => {
  it("a moderator removes, pins, locks and bans in their community, and it is all in the public log", async () => {
    const { owner, moderator, member, name } = await communityWithModerator();
    const listed = await json<{ list: Array<{ owner: { username: string }; role: string }> }>(
      await api(`/api/v1/community/moderator/list?name=${name}`),
    );
    expect(listed.list.map((m) => [m.owner.username, m.role])).toEqual([
      [owner.username, "OWNER"],
      [moderator.username, "MODERATOR"],
    ]);

    const spam = await newPost(member, name, { title: "Cheap watches, click here" });
    const first = await newPost(member, name, { title: "Welcome thread" });
    const heated = await newPost(member, name, { title: "A heated debate" });
    await newPost(owner, name, { title: "Newest post" });

    // Remove: hidden from the community, the post page and the count; the author is told why and where.
    const removed = await call(
      "POST",
      `${MOD}/remove`,
      { name, target_type: "POST", public_id: spam.public_id, reason: "Spam links" },
      moderator,
    );
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect((await pagePosts(name)).map((p) => p.public_id)).not.toContain(spam.public_id);
    expect((await api(`/api/v1/micropost?public_id=${spam.public_id}`)).status).toBe(404);
    const community = await json<{ total_microposts: number }>(await api(`/api/v1/community?name=${name}`));
    expect(community.total_microposts).toBe(3);
    const notices = await json<{ list: Array<{ kind: string; text: string | null; moderation: unknown }> }>(
      await api("/api/v1/private/user/notification/list?limit=50", { headers: member.auth }),
    );
    const notice = notices.list.find((n) => n.kind === "MODERATION");
    expect(notice?.text).toBe("Spam links");
    expect(moderationNoticeSchema.parse(notice!.moderation)).toMatchObject({
      action: "REMOVE_CONTENT",
      target_type: "MICROPOST",
      community: name,
      note: "Spam links",
      excerpt: "Cheap watches, click here",
    });
    // The author may appeal it to staff, as with staff's removals.
    const appeal = await api("/api/v1/private/user/appeal", {
      method: "POST",
      headers: member.auth,
      body: form({
        moderation_id: String(moderationNoticeSchema.parse(notice!.moderation).id),
        text: "These are my own watches, sold at a fair price to people who asked.",
      }),
    });
    expect(appeal.status).toBe(201);

    // Pin: first on the community's page, marked pinned.
    expect(
      (await call("POST", `${MOD}/pin`, { name, public_id: first.public_id, pinned: true }, moderator))
        .status,
    ).toBe(200);
    const page = await pagePosts(name);
    expect(page[0]).toMatchObject({ public_id: first.public_id, is_pinned: true });

    // Lock: a new comment is refused, saying it is locked.
    expect(
      (await call("POST", `${MOD}/lock`, { name, public_id: heated.public_id, locked: true }, moderator))
        .status,
    ).toBe(200);
    expect((await pagePosts(name)).find((p) => p.public_id === heated.public_id)?.is_locked).toBe(true);
    const comment = await call(
      "POST",
      "/api/v1/private/user/micropost/comment",
      { parent_micropost_public_id: heated.public_id, body: "One more thing" },
      owner,
    );
    expect(comment.status).toBe(403);
    expect(await detail(comment)).toBe("This post is locked: it takes no new comments");

    // Ban for 7 days: their post, comment and vote there are refused, naming the end date.
    const banned = await call(
      "POST",
      `${MOD}/ban`,
      { name, username: member.username, reason: "Spam", days: 7 },
      moderator,
    );
    expect(banned.status, await banned.clone().text()).toBe(200);
    const ends = (await json<{ ends_at: string }>(banned)).ends_at;
    expect(Date.parse(ends)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const post = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: member.auth,
      body: form({ title: "I am back", body: "<p>Hello</p>", community_name: name }),
    });
    expect(post.status).toBe(403);
    expect(await detail(post)).toBe(`You are banned from this community until ${ends.slice(0, 10)}`);
    const reply = await call(
      "POST",
      "/api/v1/private/user/micropost/comment",
      { parent_micropost_public_id: first.public_id, body: "Still here" },
      member,
    );
    expect(reply.status).toBe(403);
    const vote = await api(`/api/v1/private/user/micropost/vote?public_id=${first.public_id}`, {
      method: "PATCH",
      headers: member.auth,
    });
    expect(vote.status).toBe(403);

    // The public log: every action, who did it, the reason, and never the removed text.
    const log = await modLog(name);
    expect(log.list.map((e) => [e.action, e.moderator, e.target])).toEqual([
      ["BAN", moderator.username, member.username],
      ["LOCK", moderator.username, heated.public_id],
      ["PIN", moderator.username, first.public_id],
      ["REMOVE", moderator.username, spam.public_id],
      ["APPOINT", owner.username, moderator.username],
    ]);
    expect(log.list[3]?.reason).toBe("Spam links");
    expect(JSON.stringify(log)).not.toContain("Cheap watches");

    // Lifting the ban lets them post again.
    const lifted = await call("DELETE", `${MOD}/ban`, { name, username: member.username }, moderator);
    expect(lifted.status).toBe(204);
    await newPost(member, name, { title: "Back, politely" });
  });

  it("a member, another community's moderator and a stranger are refused; the owner alone appoints", async () => {
    const { moderator, member, name } = await communityWithModerator();
    const other = await communityWithModerator();
    const post = await newPost(member, name, { title: "Mine to keep" });
    for (const who of [member, other.moderator, other.owner]) {
      const res = await call(
        "POST",
        `${MOD}/remove`,
        { name, target_type: "POST", public_id: post.public_id },
        who,
      );
      expect(res.status).toBe(403);
      expect(await detail(res)).toBe("Only this community's owner and moderators can do that");
      expect(
        (await call("POST", `${MOD}/pin`, { name, public_id: post.public_id, pinned: true }, who)).status,
      ).toBe(403);
      expect(
        (await call("POST", `${MOD}/lock`, { name, public_id: post.public_id, locked: true }, who)).status,
      ).toBe(403);
      expect(
        (await call("POST", `${MOD}/ban`, { name, username: moderator.username, reason: "", days: 0 }, who))
          .status,
      ).toBe(403);
      const queue = await api(`${MOD}/report/list?name=${name}`, { headers: who.auth });
      expect(queue.status).toBe(403);
    }
    // A post of another community is not theirs to touch either, even by public id.
    const elsewhere = await newPost(other.member, other.name, { title: "Other place" });
    const cross = await call(
      "POST",
      `${MOD}/remove`,
      { name, target_type: "POST", public_id: elsewhere.public_id },
      moderator,
    );
    expect(cross.status).toBe(404);
    expect((await api(`/api/v1/micropost?public_id=${elsewhere.public_id}`)).status).toBe(200);
    // A moderator does not appoint; nor may the owner and moderators be banned.
    const appoint = await call(
      "POST",
      "/api/v1/private/user/community/moderator",
      { name, username: member.username },
      moderator,
    );
    expect(appoint.status).toBe(403);
    expect(
      (await call("POST", `${MOD}/ban`, { name, username: moderator.username, days: 1 }, moderator)).status,
    ).toBe(403);
    expect(
      (await call("POST", `${MOD}/remove`, { name, target_type: "POST", public_id: post.public_id }, member))
        .status,
    ).toBe(403);
    expect((await api(`/api/v1/micropost?public_id=${post.public_id}`)).status).toBe(200);
    expect((await modLog(name)).list.map((e) => e.action)).toEqual(["APPOINT"]);
  });

  it("at most two pinned posts, restore brings a removed comment back, and reports about the community form its queue", async () => {
    const { moderator, member, name } = await communityWithModerator();
    const posts: Array<{ public_id: string }> = [];
    for (let i = 0; i < 3; i++) posts.push(await newPost(member, name, { title: `Post ${i}` }));
    for (const p of posts.slice(0, 2))
      expect(
        (await call("POST", `${MOD}/pin`, { name, public_id: p.public_id, pinned: true }, moderator)).status,
      ).toBe(200);
    const third = await call(
      "POST",
      `${MOD}/pin`,
      { name, public_id: posts[2]!.public_id, pinned: true },
      moderator,
    );
    expect(third.status).toBe(409);
    expect((await pagePosts(name)).slice(0, 2).every((p) => p.is_pinned)).toBe(true);

    const made = await call(
      "POST",
      "/api/v1/private/user/micropost/comment",
      { parent_micropost_public_id: posts[2]!.public_id, body: "Rude words here" },
      member,
    );
    const comment = await json<{ public_id: string }>(made);
    const reporter = await createUser();
    const reported = await api("/api/v1/private/user/report", {
      method: "POST",
      headers: reporter.auth,
      body: form({
        report_cause: "HARASSMENT",
        text: "This comment insults people who disagree with it.",
        link: `http://localhost/c/${name}/p/${posts[2]!.public_id}/post-2?comment=${comment.public_id}`,
        reported_username: member.username,
        rule: "Be kind",
      }),
    });
    expect(reported.status).toBe(201);
    const queue = await json<{
      list: Array<{
        target_type: string;
        public_id: string;
        removed: boolean;
        reports: Array<{ rule: string | null }>;
      }>;
    }>(await api(`${MOD}/report/list?name=${name}`, { headers: moderator.auth }));
    expect(queue.list).toHaveLength(1);
    expect(queue.list[0]).toMatchObject({
      target_type: "COMMENT",
      public_id: comment.public_id,
      removed: false,
    });
    expect(queue.list[0]!.reports[0]!.rule).toBe("Be kind");

    const target = { name, target_type: "COMMENT", public_id: comment.public_id, reason: "Be kind" };
    expect((await call("POST", `${MOD}/remove`, target, moderator)).status).toBe(200);
    const thread = async () =>
      (
        await json<{ list: Array<{ public_id: string; body: string }> }>(
          await api(`/api/v1/micropost/comment/list?post_public_id=${posts[2]!.public_id}`),
        )
      ).list.find((c) => c.public_id === comment.public_id);
    expect((await thread())?.body ?? "").toBe("");
    // Removing it worked the queue: the report is resolved.
    const open = await json<{ list: unknown[] }>(
      await api(`${MOD}/report/list?name=${name}`, { headers: moderator.auth }),
    );
    expect(open.list).toHaveLength(0);
    expect((await call("POST", `${MOD}/restore`, target, moderator)).status).toBe(200);
    expect((await thread())?.body).toContain("Rude words here");
    expect((await modLog(name)).list.slice(0, 2).map((e) => [e.action, e.target_type])).toEqual([
      ["RESTORE", "COMMENT"],
      ["REMOVE", "COMMENT"],
    ]);
  });

  it("the rules are kept by moderators, shown with the community and refused to members", async () => {
    const { moderator, member, name } = await communityWithModerator();
    const patch = (who: TestUser, rules: unknown) =>
      api("/api/v1/private/user/community", {
        method: "PATCH",
        headers: who.auth,
        body: form({ name, rules: JSON.stringify(rules) }),
      });
    const rules = [{ title: "Be kind", description: "No insults." }, { title: "No spam" }];
    expect((await patch(member, rules)).status).toBe(403);
    const kept = await patch(moderator, rules);
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect((await json<{ rules: unknown }>(kept)).rules).toEqual([
      { title: "Be kind", description: "No insults." },
      { title: "No spam", description: "" },
    ]);
    const shown = await json<{ rules: unknown[] }>(await api(`/api/v1/community?name=${name}`));
    expect(shown.rules).toHaveLength(2);
    const tooMany = await patch(
      moderator,
      Array.from({ length: 16 }, (_, i) => ({ title: `Rule ${i}` })),
    );
    expect(tooMany.status).toBe(422);
    expect((await modLog(name)).list[0]).toMatchObject({ action: "RULES", moderator: moderator.username });
  });
});

describe("flairs", () => {
  it("a moderator keeps flairs, a member may not, authors pick one and readers filter by it", async () => {
    const { moderator, member, name } = await communityWithModerator();
    const flair = "/api/v1/private/user/community/flair";
    const refused = await call("POST", flair, { name, flair_name: "News", colour: "#3b82f6" }, member);
    expect(refused.status).toBe(403);
    const made = await call("POST", flair, { name, flair_name: "News", colour: "#3B82F6" }, moderator);
    expect(made.status, await made.clone().text()).toBe(201);
    const news = await json<{ id: number; name: string; colour: string }>(made);
    expect(news).toMatchObject({ name: "News", colour: "#3b82f6" });
    const q = await json<{ id: number }>(
      await call("POST", flair, { name, flair_name: "Question", colour: "#22c55e" }, moderator),
    );
    expect(
      (await call("POST", flair, { name, flair_name: "news", colour: "#000000" }, moderator)).status,
    ).toBe(409);
    const badColour = await call("POST", flair, { name, flair_name: "Other", colour: "blue" }, moderator);
    expect(badColour.status).toBe(422);
    expect(
      (await call("POST", flair, { name, flair_name: "x".repeat(25), colour: "#000000" }, moderator)).status,
    ).toBe(422);
    expect((await call("PATCH", flair, { id: news.id, flair_name: "Announcements" }, member)).status).toBe(
      403,
    );
    const renamed = await call("PATCH", flair, { id: news.id, flair_name: "Announcements" }, moderator);
    expect(await json(renamed)).toMatchObject({ id: news.id, name: "Announcements", colour: "#3b82f6" });
    const listed = await json<{ list: Array<{ name: string }> }>(
      await api(`/api/v1/community/flair/list?name=${name}`),
    );
    expect(listed.list.map((f) => f.name)).toEqual(["Announcements", "Question"]);

    const tagged = await newPost(member, name, { title: "Big news", flair_id: String(news.id) });
    const asked = await newPost(member, name, { title: "How do I?", flair_id: String(q.id) });
    await newPost(member, name, { title: "No flair" });
    // Another community's flair is refused.
    const elsewhere = await communityWithModerator();
    const foreign = await json<{ id: number }>(
      await call(
        "POST",
        flair,
        { name: elsewhere.name, flair_name: "Theirs", colour: "#ef4444" },
        elsewhere.moderator,
      ),
    );
    const wrong = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: member.auth,
      body: form({
        title: "Wrong flair",
        body: "<p>x</p>",
        community_name: name,
        flair_id: String(foreign.id),
      }),
    });
    expect(wrong.status).toBe(422);

    const filtered = await pagePosts(name, `&flair_id=${news.id}`);
    expect(filtered.map((p) => p.public_id)).toEqual([tagged.public_id]);
    expect(filtered[0]!.flair).toEqual({ id: news.id, name: "Announcements", colour: "#3b82f6" });
    // The author changes the flair on edit.
    const edited = await call(
      "PATCH",
      "/api/v1/private/user/micropost",
      { public_id: tagged.public_id, body: "<p>Big news, edited</p>", flair_id: q.id },
      member,
    );
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect((await pagePosts(name, `&flair_id=${q.id}`)).map((p) => p.public_id)).toEqual([
      asked.public_id,
      tagged.public_id,
    ]);
    // Deleting a flair leaves its posts without one.
    expect((await call("DELETE", flair, { id: q.id }, moderator)).status).toBe(204);
    expect((await pagePosts(name)).every((p) => p.flair === null)).toBe(true);
  });
});
