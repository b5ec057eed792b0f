import { describe, expect, it } from "vitest";
import type { Community } from "#shared/schemas/communities.ts";
import type { CursorPage, Draft, FeedItem } from "#shared/schemas/posts.ts";
import { api, form, json } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";

const total = async (user: TestUser) =>
  (
    await json<{ total: number }>(
      await api("/api/v1/private/user/micropost/draft/list/total", { headers: user.auth }),
    )
  ).total;

describe("drafts through their whole life", () => {
  it("saves, lists, counts, updates and publishes a draft visible to its owner alone", async () => {
    const author = await createUser();
    const stranger = await createUser();
    const owner = await createUser();
    const community = await newCommunity(owner);

    const saved = await newPost(author, community, { title: "Half an idea", body: "", is_draft: "true" });
    expect(saved.link).toBe(`/post?draft=${saved.public_id}`);
    expect(await total(author)).toBe(1);

    // A draft is nobody else's business, and not a post yet.
    expect(
      (
        await api(`/api/v1/private/user/micropost/draft?public_id=${saved.public_id}`, {
          headers: stranger.auth,
        })
      ).status,
    ).toBe(404);
    expect((await api(`/api/v1/micropost?public_id=${saved.public_id}`)).status).toBe(404);
    expect(
      (
        await api(`/api/v1/private/user/micropost/vote?public_id=${saved.public_id}`, {
          method: "PATCH",
          headers: stranger.auth,
        })
      ).status,
    ).toBe(404);
    const community0 = await json<Community>(await api(`/api/v1/community?name=${community}`));
    expect(community0.total_microposts).toBe(0);
    expect(community0.total_members).toBe(1);

    const draft = await json<Draft>(
      await api(`/api/v1/private/user/micropost/draft?public_id=${saved.public_id}`, {
        headers: author.auth,
      }),
    );
    expect(draft).toMatchObject({
      public_id: saved.public_id,
      title: "Half an idea",
      body: "",
      post_type: "TEXT",
      community: { name: community, user_membership: null },
      file: null,
      link: saved.link,
    });
    const list = await json<{ list: Draft[]; total_list: number }>(
      await api("/api/v1/private/user/micropost/draft/list", { headers: author.auth }),
    );
    expect(list.total_list).toBe(1);
    expect(list.list[0]!.public_id).toBe(saved.public_id);

    const updated = await api("/api/v1/private/user/micropost/draft", {
      method: "PATCH",
      headers: author.auth,
      body: form({
        public_id: saved.public_id,
        title: "A whole idea",
        body: "<p>Now with words</p>",
        community_name: community,
      }),
    });
    expect(updated.status).toBe(200);
    expect(await json<Draft>(updated)).toMatchObject({
      title: "A whole idea",
      body: "<p>Now with words</p>",
    });
    expect(
      (
        await api("/api/v1/private/user/micropost/draft", {
          method: "PATCH",
          headers: stranger.auth,
          body: form({ public_id: saved.public_id, title: "x", community_name: community }),
        })
      ).status,
    ).toBe(404);

    const published = await api("/api/v1/private/user/micropost/draft/publish", {
      method: "PATCH",
      headers: author.auth,
      body: form({ public_id: saved.public_id }),
    });
    expect(published.status).toBe(200);
    const { link } = await json<{ link: string }>(published);
    expect(link).toBe(`/c/${community}/p/${saved.public_id}/a-whole-idea`);
    expect(await total(author)).toBe(0);

    const item = await json<FeedItem>(await api(`/api/v1/micropost?public_id=${saved.public_id}`));
    expect(item.micropost.body).toBe("<p>Now with words</p>");
    const feed = await json<CursorPage<FeedItem>>(await api("/api/v1/feed?option=new"));
    expect(feed.list[0]!.micropost.public_id).toBe(saved.public_id);
    // Publishing joins the author and counts the post.
    const community1 = await json<Community>(await api(`/api/v1/community?name=${community}`));
    expect(community1.total_microposts).toBe(1);
    expect(community1.total_members).toBe(2);

    // It is no longer a draft.
    const again = await api("/api/v1/private/user/micropost/draft/publish", {
      method: "PATCH",
      headers: author.auth,
      body: form({ public_id: saved.public_id }),
    });
    expect(again.status).toBe(404);
    expect((await json<Community>(await api(`/api/v1/community?name=${community}`))).total_microposts).toBe(
      1,
    );
  });

  it("publishes with the form's fields, which must pass every rule of a post", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const saved = await newPost(author, community, { title: "Draft", body: "", is_draft: "true" });
    const blank = await api("/api/v1/private/user/micropost/draft/publish", {
      method: "PATCH",
      headers: author.auth,
      body: form({ public_id: saved.public_id, title: "Draft", body: "  ", community_name: community }),
    });
    expect(blank.status).toBe(422);
    expect(await total(author)).toBe(1);
    const ok = await api("/api/v1/private/user/micropost/draft/publish", {
      method: "PATCH",
      headers: author.auth,
      body: form({ public_id: saved.public_id, title: "Final", body: "Done", community_name: community }),
    });
    expect(ok.status).toBe(200);
    expect((await json<{ link: string }>(ok)).link).toMatch(/\/final$/);
  });

  it("refuses to publish a stored draft with no body", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const saved = await newPost(author, community, { title: "Empty", body: "", is_draft: "true" });
    const res = await api("/api/v1/private/user/micropost/draft/publish", {
      method: "PATCH",
      headers: author.auth,
      body: form({ public_id: saved.public_id }),
    });
    expect(res.status).toBe(422);
  });

  it("deletes a draft like a post, and the count follows", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const saved = await newPost(author, community, { title: "Gone soon", body: "", is_draft: "true" });
    const res = await api(`/api/v1/private/user/micropost?public_id=${saved.public_id}`, {
      method: "DELETE",
      headers: author.auth,
    });
    expect(res.status).toBe(204);
    expect(await total(author)).toBe(0);
  });

  it("still needs a title to save a draft", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const res = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: author.auth,
      body: form({ title: " ", community_name: community, is_draft: "true" }),
    });
    expect(res.status).toBe(422);
  });
});

describe("a published post is not a draft", () => {
  it("is not found through the draft calls", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const res = await api(`/api/v1/private/user/micropost/draft?public_id=${post.public_id}`, {
      headers: author.auth,
    });
    expect(res.status).toBe(404);
  });
});
