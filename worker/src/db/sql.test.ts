import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ownerWithId } from "#worker/lib/owners.ts";
import { deps } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { insertCommunity, insertPost } from "#worker-test/rows.ts";
import { keysetColumn } from "./keyset-queries";
import { microposts, users } from "./schema";
import { columnsOf, rowOf } from "./sql";

describe("rows read with plain SQL", () => {
  it("name each column by its JS key and come back as Drizzle reads them", async () => {
    const owner = await createUser({ isStaff: true });
    const community = await insertCommunity(`sql${Date.now()}`);
    const post = await insertPost(owner.id, community.id, "A title", "<p>x</p>", { votes: 3 });

    const raw = await deps.db.first({
      sql: `SELECT ${columnsOf(microposts, "m")} FROM microposts m WHERE m.id = ?1`,
      binds: [post.id],
    });
    const viaDrizzle = await deps.db.orm.select().from(microposts).where(eq(microposts.id, post.id)).get();
    expect(rowOf(microposts, raw!)).toEqual(viaDrizzle);
    expect(rowOf(microposts, raw!)).toMatchObject({ isDraft: false, isPinned: false, totalVotes: 3 });
  });

  it("keep two tables apart in one row with a prefix, and read only the columns asked for", async () => {
    const owner = await createUser({ isVerifiedUser: true, profileName: "Named" });
    const raw = await deps.db.first({
      sql: `SELECT ${columnsOf(ownerWithId, "u", "o_")}, 7 AS other FROM users u WHERE u.id = ?1`,
      binds: [owner.id],
    });
    const row = rowOf(ownerWithId, raw!, "o_");
    expect(row).toEqual({
      id: owner.id,
      username: owner.username,
      profileName: "Named",
      profileImage: null,
      status: "ACTIVE",
      createdAt: expect.any(Number),
      isStaff: false,
      isVerifiedUser: true,
      isVerifiedBusiness: false,
    });
    const full = await deps.db.orm.select().from(users).where(eq(users.id, owner.id)).get();
    expect(row.createdAt).toBe(full!.createdAt);
  });

  it("sort keyset pages by the database column and merge them by the result name", () => {
    expect(keysetColumn(microposts, "m", "publishedAt")).toEqual({
      expr: "m.published_at",
      name: '"publishedAt"',
    });
  });
});
