import { describe, expect, it } from "vitest";
import { api, form, json, jsonBody, reads } from "./api";
import { createAdmin, createUser } from "./people";
import { newCommunity, newPost, removeByStaff } from "./posts";

// Statements each social write puts on the one primary (`X-D1-Statements`: a write's session
// runs on the primary), the token check included. The notices of comments, replies, votes and
// follows live in the recipient's inbox object (docs/decisions/210): each costs one statement in
// the writer's batch (its check), where D1 keeping it cost three. Before: vote 9, comment 15,
// reply 19, follow 14, post 14 (no notice). A follow's person and blocks, and its two counters, are
// one statement each since (docs/decisions/228): 12 → 10. A vote's post read and toggle share one
// round trip since docs/decisions/239, so the token check's guard rides with them: 7 → 8. A reply
// reads the comment it answers with the blocks between the two authors as one statement, with the
// post (docs/decisions/244): 16 → 13. A follow reads the person with the counts it answers, at the
// end of its batch (one statement where there were two): 9 → 8.
describe("statements on the primary per social write", () => {
  it("a comment, a reply, a vote, a follow and a post", async () => {
    const author = await createUser();
    const other = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const vote = await api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: other.auth,
    });
    const comment = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      ...jsonBody({ parent_micropost_public_id: post.public_id, body: "a comment" }, other.auth),
    });
    const made = await json<{ public_id: string }>(comment);
    const reply = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      ...jsonBody(
        {
          parent_micropost_public_id: post.public_id,
          parent_micropost_comment_public_id: made.public_id,
          body: "a reply",
        },
        author.auth,
      ),
    });
    const follow = await api(`/api/v1/private/user/follow?username=${author.username}`, {
      method: "POST",
      headers: other.auth,
    });
    const made2 = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: other.auth,
      body: form({ title: "A post", body: "<p>Words</p>", community_name: community }),
    });
    const figures = {
      vote: reads(vote).statements,
      comment: reads(comment).statements,
      reply: reads(reply).statements,
      follow: reads(follow).statements,
      post: reads(made2).statements,
    };
    console.info("primary statements", JSON.stringify(figures));
    expect(reply.status).toBe(201);
    expect(made2.status).toBe(201);
    for (const [write, most] of Object.entries({ vote: 8, comment: 13, reply: 13, follow: 8, post: 14 }))
      expect(figures[write as keyof typeof figures], write).toBeLessThanOrEqual(most);
  });

  // docs/decisions/223: mentions, joins and reactions moved too. Before: a post naming two people
  // 21 statements in 4 round trips (three a person, each in a batch of its own after the post's),
  // join 8, reaction 8. A reaction's token check rides with its first read since docs/decisions/245
  // (three round trips to two): its level is not known before that read, so its counters carry the
  // re-levelling and the day's count whatever the level, as a comment's do: 6 → 8.
  it("a post that mentions two people, a community join and a reaction", async () => {
    const author = await createUser();
    const [ana, bo] = [await createUser(), await createUser()];
    const community = await newCommunity(author);
    const post = await newPost(author, community);
    const mentions = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: author.auth,
      body: form({
        title: "Named",
        body: `<p>Hello @${ana.username} and @${bo.username}</p>`,
        community_name: community,
      }),
    });
    const join = await api(`/api/v1/private/user/community/join?name=${community}`, {
      method: "POST",
      headers: ana.auth,
    });
    const reaction = await api("/api/v1/private/user/reaction", {
      method: "PUT",
      ...jsonBody({ target_type: "POST", public_id: post.public_id, emoji: "👍" }, bo.auth),
    });
    expect([mentions.status, join.status, reaction.status]).toEqual([201, 200, 200]);
    const figures = {
      mentions: reads(mentions).statements,
      mentionsCalls: reads(mentions).calls,
      join: reads(join).statements,
      reaction: reads(reaction).statements,
    };
    console.info("primary statements (moved kinds)", JSON.stringify(figures));
    for (const [write, most] of Object.entries({ mentions: 17, mentionsCalls: 2, join: 6, reaction: 8 }))
      expect(figures[write as keyof typeof figures], write).toBeLessThanOrEqual(most);
  });

  // docs/decisions/231: a decision's card is kept by the person's inbox. Before: a community
  // moderator's removal 14 statements, staff's removal of a reported post 23 (the card's insert
  // and its read back for the live frame).
  it("a community moderator's removal and staff's removal of a reported post", async () => {
    const owner = await createUser();
    const [member, reporter] = [await createUser(), await createUser()];
    const community = await newCommunity(owner);
    await api(`/api/v1/private/user/community/join?name=${community}`, {
      method: "POST",
      headers: member.auth,
    });
    const [byMods, byStaff] = [await newPost(member, community), await newPost(member, community)];
    const removal = await api("/api/v1/private/user/community/mod/remove", {
      method: "POST",
      ...jsonBody(
        { name: community, target_type: "POST", public_id: byMods.public_id, reason: "Off topic" },
        owner.auth,
      ),
    });
    const resolution = await removeByStaff(await createAdmin(), byStaff, member, reporter);
    expect(removal.status).toBe(200);
    const figures = {
      communityRemoval: reads(removal).statements,
      staffRemoval: reads(resolution).statements,
    };
    console.info("primary statements (decisions)", JSON.stringify(figures));
    for (const [write, most] of Object.entries({ communityRemoval: 12, staffRemoval: 21 }))
      expect(figures[write as keyof typeof figures], write).toBeLessThanOrEqual(most);
  });
});
