import { describe, expect, it } from "vitest";
import { companyName, postJob } from "#worker/features/jobs/test-kit.ts";
import { api, form, json, jsonBody, reads } from "./api";
import { createAdmin, createUser, type TestUser } from "./people";
import { newCommunity, newPost } from "./posts";

// Every list answers in at most two round trips to D1 (`X-D1-Calls`): the caller's token check
// and one batch for the page and everything its items show.

describe("round trips to D1 per list", () => {
  it("every list in the API description answers in at most two, signed in or not", async () => {
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
    const query = `name=${community}&public_id=${post.public_id}&post_public_id=${post.public_id}&username=${user.username}&q=title`;
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
        if (calls > 2) over.push(`${path} (${who}): ${calls}`);
      }
    }
    expect(over).toEqual([]);
  });

  it("the feed's page and all it shows come back in one round trip", async () => {
    const user = await createUser();
    const community = await newCommunity(user);
    await newPost(user, community);
    expect(reads(await api("/api/v1/feed")).calls).toBe(1);
    expect(reads(await api("/api/v1/feed", { headers: user.auth })).calls).toBe(2);
    expect(reads(await api(`/api/v1/community/micropost/list?name=${community}`)).calls).toBe(1);
    expect((await api("/api/v1/community/micropost/list?name=nosuchplace")).status).toBe(404);
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
    for (const path of [list, thread]) {
      const anonymous = await api(path);
      expect(anonymous.status).toBe(200);
      expect(reads(anonymous).calls, path).toBe(1);
      expect(reads(await api(path, { headers: user.auth })).calls, path).toBe(2);
    }
    expect(reads(await api(`${list}&comment_public_id=nosuchcomment`)).calls).toBe(1);
  });

  it("a search of every kind takes the token check and one batch, whatever the viewer mutes", async () => {
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
      expect(reads(signedIn).calls, `${type} "${q}" signed in`).toBe(2);
    }
  });

  // A vote: the token check, the post with the blocks, then one batch with the vote, its count and
  // the author's notification. A comment: the same, its hourly limit's counter in the post's batch.
  it("a vote and a comment write everything, notification included, in one batch", async () => {
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
    expect(reads(vote).calls).toBe(3);
    const comment = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      ...jsonBody({ parent_micropost_public_id: post.public_id, body: "a comment" }, voter.auth),
    });
    const made = await json<{ public_id: string; owner: { username: string }; link: string }>(comment);
    expect(made.owner.username).toBe(voter.username);
    expect(made.link).toContain(`?comment=${made.public_id}`);
    expect(reads(comment).calls).toBe(3);
    // The author heard of both, from that same batch.
    const heard = await json<{ list: Array<{ kind: string; link: string }> }>(
      await api("/api/v1/private/user/notification/list", { headers: author.auth }),
    );
    expect(heard.list.map((n) => n.kind)).toEqual(["COMMENT", "UPVOTE"]);
    expect(heard.list[0]!.link).toBe(made.link);
  });

  // A follow: the token check, its limits' counters with the person and the blocks, then one batch
  // with the follow, its counts and the notification; at every level, and for a level gone stale.
  it("a follow takes the token check and two batches, whatever the follower's trust level", async () => {
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
      expect(reads(res).calls).toBe(3);
    }
  });
  // A post: the token check, its limits' counters with the community, the author's verified flag
  // and the people it names, then one batch with the post, its counts, the join and (below level 2)
  // the level worked out again. A draft's publishing: the same, its daily allowance counted with the
  // draft, its files and (when the form sends them) its new fields' reads. A comment's level is
  // worked out again in its batch too.
  it("a post, a draft's publishing and a comment take the token check and two batches, whatever the author's trust level", async () => {
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
    const send = (author: TestUser, path: string, method: string, fields: Record<string, string>) =>
      api(`/api/v1/private/user/${path}`, { method, headers: author.auth, body: form(fields) });
    for (const [who, author] of authors) {
      const fields = { title: `By ${who}`, body: "<p>Words</p>", community_name: community };
      const post = await send(author, "micropost", "POST", fields);
      expect(post.status, who).toBe(201);
      expect(reads(post).calls, `${who} post`).toBe(3);
      const comment = await api("/api/v1/private/user/micropost/comment", {
        method: "POST",
        ...jsonBody(
          { parent_micropost_public_id: (await json<{ public_id: string }>(post)).public_id, body: "Hi" },
          author.auth,
        ),
      });
      expect(comment.status, who).toBe(201);
      expect(reads(comment).calls, `${who} comment`).toBe(3);
      const draft = await send(author, "micropost", "POST", { ...fields, is_draft: "true" });
      expect(draft.status, who).toBe(201);
      expect(reads(draft).calls, `${who} draft`).toBe(3);
      const { public_id } = await json<{ public_id: string }>(draft);
      const published = await send(author, "micropost/draft/publish", "PATCH", { public_id });
      expect(published.status, who).toBe(200);
      expect(reads(published).calls, `${who} publish`).toBe(3);
      const again = await json<{ public_id: string }>(
        await send(author, "micropost", "POST", { ...fields, is_draft: "true" }),
      );
      const withFields = await send(author, "micropost/draft/publish", "PATCH", {
        ...fields,
        public_id: again.public_id,
        body: `<p>Now with @${author.username}</p>`,
      });
      expect(withFields.status, who).toBe(200);
      expect(reads(withFields).calls, `${who} publish with fields`).toBe(3);
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
});
