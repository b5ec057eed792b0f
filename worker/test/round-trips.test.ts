import { describe, expect, it } from "vitest";
import { api, json, reads } from "./api";
import { createAdmin, createUser } from "./people";
import { newCommunity, newPost } from "./posts";

// Every list answers in at most two round trips to D1 (`X-D1-Calls`): the caller's token check
// and one batch for the page and everything its items show. The lists still above that are
// named with the round trips they take today, so none can grow unnoticed.

const TODAY_ABOVE_TWO: Record<string, { anonymous: number; signedIn: number }> = {
  "/api/v1/search": { anonymous: 3, signedIn: 5 },
  "/api/v1/micropost/comment/list": { anonymous: 2, signedIn: 3 },
};

describe("round trips to D1 per list", () => {
  it("every list in the API description answers in at most two, signed in or not", async () => {
    const user = await createUser();
    const admin = await createAdmin();
    const community = await newCommunity(user);
    const post = await newPost(user, community);
    await newPost(user, community, { title: "Another" });
    const doc = await json<{ paths: Record<string, { get?: unknown }> }>(await api("/api/openapi.json"));
    const lists = Object.keys(doc.paths).filter((p) => doc.paths[p]!.get && /\/(list|feed|search)$/.test(p));
    expect(lists.length).toBeGreaterThan(30);
    // The keys each list may ask for; a list ignores the ones it does not know.
    const query = `name=${community}&public_id=${post.public_id}&post_public_id=${post.public_id}&username=${user.username}&q=title`;
    const over: string[] = [];
    for (const path of lists) {
      const budget = TODAY_ABOVE_TWO[path];
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
        const res = await api(`${path}?${query}`, { headers });
        const calls = reads(res).calls;
        expect(calls, `${path} (${who}) answered ${res.status}`).toBeGreaterThan(0);
        if (calls > (budget?.[who] ?? 2)) over.push(`${path} (${who}): ${calls}`);
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
});
