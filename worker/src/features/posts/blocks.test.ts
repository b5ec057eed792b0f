import { describe, expect, it } from "vitest";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { Comment, FeedItem } from "#shared/schemas/posts.ts";
import { api, json, jsonBody } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";

// A blocked person cannot otherwise reach the blocker: no comments, replies or votes
// on their posts, in either direction of the block.
const block = (who: TestUser, username: string) =>
  api(`/api/v1/private/user/block?username=${username}`, { method: "POST", headers: who.auth });
const comment = (user: TestUser, body: Record<string, unknown>) =>
  api("/api/v1/private/user/micropost/comment", { method: "POST", ...jsonBody(body, user.auth) });
const vote = (user: TestUser, postId: string) =>
  api(`/api/v1/private/user/micropost/vote?public_id=${postId}`, { method: "PATCH", headers: user.auth });
const postOf = async (postId: string) =>
  (await json<FeedItem>(await api(`/api/v1/micropost?public_id=${postId}`))).micropost;

describe("blocks on posts", () => {
  it("refuses comments and votes from someone the author blocked, and changes nothing", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const stranger = await createUser();
    expect((await block(author, stranger.username)).status).toBeLessThan(300);

    const refused = await comment(stranger, { parent_micropost_public_id: post.public_id, body: "hello" });
    expect(refused.status).toBe(403);
    expect((await json<{ detail: string }>(refused)).detail).toBeTruthy();
    expect((await vote(stranger, post.public_id)).status).toBe(403);

    const after = await postOf(post.public_id);
    expect(after.total_micropost_comments).toBe(0);
    expect(after.total_micropost_votes).toBe(0);
  });

  it("a vote cast before a block is neither taken back nor counted again by a refused toggle, in one round trip", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const voter = await createUser();
    const cast = await vote(voter, post.public_id);
    expect(cast.status).toBe(200);
    expect(Number(cast.headers.get("X-D1-Calls"))).toBe(1);
    expect((await postOf(post.public_id)).total_micropost_votes).toBe(1);
    expect((await block(author, voter.username)).status).toBeLessThan(300);
    for (let i = 0; i < 2; i++) {
      const refused = await vote(voter, post.public_id);
      expect(refused.status).toBe(403);
      expect((await json<{ detail: string }>(refused)).detail).toBe("This user has blocked you");
    }
    expect((await postOf(post.public_id)).total_micropost_votes).toBe(1);
    // Unblocked, the toggle takes the standing vote back.
    await api(`/api/v1/private/user/block?username=${voter.username}`, {
      method: "DELETE",
      headers: author.auth,
    });
    const back = await json<{ user_voted: boolean; total_micropost_votes: number }>(
      await vote(voter, post.public_id),
    );
    expect(back).toEqual({ user_voted: false, total_micropost_votes: 0 });
    expect((await vote(voter, "nosuchpost")).status).toBe(404);
  });

  it("refuses the blocker too, and a reply to a comment by someone on the other side of a block", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const commenter = await createUser();
    const res = await comment(commenter, { parent_micropost_public_id: post.public_id, body: "first" });
    expect(res.status).toBe(201);
    const first = await json<Comment>(res);

    const blocker = await createUser();
    expect((await block(blocker, commenter.username)).status).toBeLessThan(300);
    const reply = await comment(blocker, {
      parent_micropost_public_id: post.public_id,
      parent_micropost_comment_public_id: first.public_id,
      body: "a reply",
    });
    expect(reply.status).toBe(403);
    // The blocker can still comment on the post itself, whose author they did not block.
    expect((await comment(blocker, { parent_micropost_public_id: post.public_id, body: "top" })).status).toBe(
      201,
    );
    expect((await postOf(post.public_id)).total_micropost_comments).toBe(2);
  });

  it("tells which side of the block refused a reply, and the comment replied to stays without it", async () => {
    const author = await createUser();
    const post = await newPost(author, await newCommunity(author));
    const [writer, reader] = [await createUser(), await createUser()];
    const first = await json<Comment>(
      await comment(writer, { parent_micropost_public_id: post.public_id, body: "first" }),
    );
    expect((await block(writer, reader.username)).status).toBeLessThan(300);
    const replyTo = {
      parent_micropost_public_id: post.public_id,
      parent_micropost_comment_public_id: first.public_id,
    };
    const theirs = await comment(reader, { ...replyTo, body: "blocked by them" });
    expect(theirs.status).toBe(403);
    expect((await json<{ detail: string }>(theirs)).detail).toBe(PEOPLE_MSG.blockedByThem);
    // The writer blocked the reader: the writer's reply to a reader's comment is refused as theirs.
    const readers = await json<Comment>(
      await comment(reader, { parent_micropost_public_id: post.public_id, body: "mine" }),
    );
    const yours = await comment(writer, {
      ...replyTo,
      parent_micropost_comment_public_id: readers.public_id,
      body: "x",
    });
    expect(yours.status).toBe(403);
    expect((await json<{ detail: string }>(yours)).detail).toBe(PEOPLE_MSG.blockedByYou);
    // Replying to one's own comment is never a block's business.
    const own = await comment(writer, { ...replyTo, body: "and more" });
    expect(own.status).toBe(201);
    const ownId = (await json<Comment>(own)).public_id;
    const page = await json<{ list: Comment[] }>(
      await api(`/api/v1/micropost/comment/list?post_public_id=${post.public_id}`),
    );
    const shown = page.list.find((c) => c.public_id === first.public_id);
    expect(shown?.replies.map((r) => r.public_id)).toEqual([ownId]);
    expect((await postOf(post.public_id)).total_micropost_comments).toBe(3);
  });
});
