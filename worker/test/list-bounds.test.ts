import { describe, expect, it } from "vitest";
import { SKIP_MAX } from "#shared/constants.ts";
import { api, detail, json } from "./api";
import { createAdmin, createUser } from "./people";
import { newCommunity, newPost } from "./posts";

// `skip` has a ceiling: an offset reads every row it skips, so a page may not be asked for deeper
// than SKIP_MAX. Lists with `next_cursor` continue from the cursor, which costs the same at any depth.

describe("the deepest skip", () => {
  it("is a 422 naming skip past SKIP_MAX, on public, private and admin lists", async () => {
    const user = await createUser();
    const admin = await createAdmin();
    const lists: Array<[string, Record<string, string>]> = [
      ["/api/v1/feed", {}],
      ["/api/v1/search?q=a", {}],
      ["/api/v1/community/list", {}],
      ["/api/v1/job/list", {}],
      ["/api/v1/service/list", {}],
      ["/api/v1/private/user/notification/list", user.auth],
      ["/api/v1/private/user/chat/thread/list", user.auth],
      ["/api/admin/private/audit/list", admin.auth],
    ];
    for (const [path, headers] of lists) {
      const join = path.includes("?") ? "&" : "?";
      const over = await api(`${path}${join}skip=${SKIP_MAX + 1}`, { headers });
      expect(over.status, path).toBe(422);
      expect(await detail(over)).toMatch(/^skip: Must be at most 10000/);
      const huge = await api(`${path}${join}skip=1e300`, { headers });
      expect(huge.status, path).toBe(422);
      const deepest = await api(`${path}${join}skip=${SKIP_MAX}`, { headers });
      expect(deepest.status, path).toBe(200);
    }
  });

  it("is never reached by following the cursor, which needs no offset", async () => {
    const author = await createUser();
    const community = await newCommunity(author);
    for (let i = 0; i < 3; i++) await newPost(author, community, { title: `Post ${i}` });
    const path = `/api/v1/community/micropost/list?name=${community}&limit=1`;
    const first = await json<{ list: unknown[]; next_cursor: string | null }>(await api(path));
    expect(first.list).toHaveLength(1);
    const second = await api(`${path}&skip=0&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.status).toBe(200);
    const page = await json<{ list: unknown[] }>(second);
    expect(page.list).toHaveLength(1);
    expect(page.list).not.toEqual(first.list);
  });
});
