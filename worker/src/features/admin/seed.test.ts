import { describe, expect, it } from "vitest";
import { api, deps, json } from "#worker-test/api.ts";
import { createAdmin } from "#worker-test/people.ts";
import { seedDemoData } from "../../dev/seed";

describe("admin demo data", () => {
  it("gives every admin page something to show", async () => {
    expect(await seedDemoData(deps)).toBe(true);
    const admin = await createAdmin();
    const total = async (path: string) =>
      (await json<{ total_list: number }>(await api(`/api/admin/private${path}`, { headers: admin.auth })))
        .total_list;
    expect(await total("/user/feedback/list")).toBe(3);
    expect(await total("/report/list?status=OPEN")).toBeGreaterThanOrEqual(1);
    expect(await total("/report/list?status=RESOLVED")).toBe(1);
    expect(await total("/file/list")).toBe(2);
    // The two demo newsletters and the e-mail of what was missed (migration 0107).
    expect(await total("/email/template/list")).toBe(3);
    const blogs = await json<{ list: Array<{ published_at: string | null }> }>(
      await api("/api/admin/private/admin/blog/list?limit=100", { headers: admin.auth }),
    );
    expect(blogs.list.some((b) => b.published_at === null)).toBe(true);
    expect(blogs.list.some((b) => b.published_at !== null)).toBe(true);
    const templates = await json<{ list: Array<{ is_locked: boolean; purpose: string | null }> }>(
      await api("/api/admin/private/email/template/list", { headers: admin.auth }),
    );
    const newsletters = templates.list.filter((t) => t.purpose === null);
    expect(newsletters.map((t) => t.is_locked).sort()).toEqual([false, true]);
    expect(await total("/audit/list?admin=admin")).toBeGreaterThanOrEqual(7);
    const stats = await json<{ total_users: number }>(
      await api("/api/admin/private/user/stats", { headers: admin.auth }),
    );
    expect(stats.total_users).toBeGreaterThanOrEqual(8);
  });
});
