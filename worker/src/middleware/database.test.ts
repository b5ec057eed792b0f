import { describe, expect, it } from "vitest";
import { api, json, reads } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";
import { sessionStart } from "./database";

// Every request runs in a D1 session. The answer carries the session's bookmark; a client that
// sends it back reads at least what that answer had written, even from a replica.

const BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+){3}$/;

interface FeedItem {
  micropost: { public_id: string; total_micropost_votes: number; user_voted: boolean };
}

describe("reads near the reader", () => {
  it("a vote, then the post read in the next request with the vote's bookmark, shows the vote", async () => {
    const author = await createUser();
    const voter = await createUser();
    const post = await newPost(author, await newCommunity(author));

    const voted = await api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: voter.auth,
    });
    expect(voted.status).toBe(200);
    const bookmark = voted.headers.get("x-d1-bookmark");
    expect(bookmark).toMatch(BOOKMARK);

    const read = await api(`/api/v1/micropost?public_id=${post.public_id}`, {
      headers: { ...voter.auth, "x-d1-bookmark": bookmark! },
    });
    expect(read.status).toBe(200);
    const item = await json<FeedItem>(read);
    expect(item.micropost.total_micropost_votes).toBe(1);
    expect(item.micropost.user_voted).toBe(true);
    // The read's own bookmark is never older than the one it was given.
    expect(read.headers.get("x-d1-bookmark")! >= bookmark!).toBe(true);
  });

  it("answers an anonymous read without a bookmark, and gives one to continue from", async () => {
    const res = await api("/api/v1/feed");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
    expect(reads(res).calls).toBeGreaterThan(0);
  });

  it("treats a malformed bookmark as none: the request is answered, never refused or broken", async () => {
    for (const sent of ["garbage", "'; DROP TABLE users; --", "0-0-0", `${"f".repeat(300)}-0-0-0`]) {
      const res = await api("/api/v1/feed", { headers: { "x-d1-bookmark": sent } });
      expect(res.status, sent).toBe(200);
      expect(res.headers.get("x-d1-bookmark"), sent).toMatch(BOOKMARK);
    }
  });

  it("starts a read without a bookmark anywhere and a write without one on the primary", () => {
    expect(sessionStart("GET", undefined)).toBe("first-unconstrained");
    expect(sessionStart("POST", undefined)).toBe("first-primary");
    expect(sessionStart("PATCH", "nonsense")).toBe("first-primary");
    const sent = "00000000-00000001-00000000-00000000000000000000000000000000";
    expect(sessionStart("GET", sent)).toBe(sent);
    expect(sessionStart("DELETE", sent)).toBe(sent);
  });
});
