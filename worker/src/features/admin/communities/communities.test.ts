import { describe, expect, it } from "vitest";
import { api, detail, json } from "#worker-test/api.ts";
import { createAdmin, newUsername } from "#worker-test/people.ts";
import { insertCommunity } from "#worker-test/rows.ts";

describe("communities table", () => {
  it("lists newest first, finds by name prefix in any case, pages", async () => {
    const admin = await createAdmin();
    const stem = newUsername("Zc").slice(0, 10);
    await insertCommunity(`${stem}Alpha`);
    await insertCommunity(`${stem}beta`);
    await insertCommunity(`x${stem}`);
    const all = await json<{ list: Array<{ name: string }>; total_list: number }>(
      await api("/api/admin/private/community/list?limit=1", { headers: admin.auth }),
    );
    expect(all.list[0]?.name).toBe(`x${stem}`);
    expect(all.total_list).toBeGreaterThanOrEqual(3);
    const found = await json<{
      list: Array<{ name: string; created_at: string }>;
      total_list: number;
      total_pages: number;
    }>(
      await api(`/api/admin/private/community/list?name=${stem.toUpperCase()}&limit=1`, {
        headers: admin.auth,
      }),
    );
    expect(found).toMatchObject({ total_list: 2, total_pages: 2 });
    expect(found.list[0]?.name).toBe(`${stem}Alpha`);
    expect(found.list[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const long = await api(`/api/admin/private/community/list?name=${"x".repeat(26)}`, {
      headers: admin.auth,
    });
    expect(long.status).toBe(422);
    expect(await detail(long)).toBe("name: Must be 25 characters or less");
  });
});
