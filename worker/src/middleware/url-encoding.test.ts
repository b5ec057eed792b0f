import { describe, expect, it } from "vitest";
import { resolveReportTarget } from "#worker/features/reports/targets.ts";
import { api, deps, detail, env } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";

// A broken percent escape is bad input wherever it comes: a 4xx with a detail, never a 500.

const TEXT_40 = "This post keeps spamming the same link...";

function report(auth: Record<string, string>, link: string) {
  const body = new FormData();
  body.append("report_cause", "SPAM");
  body.append("text", TEXT_40);
  body.append("link", link);
  return api("/api/v1/private/user/report", { method: "POST", headers: auth, body });
}

describe("malformed percent-encoding", () => {
  it("a report whose link has a broken escape is a 422 naming the link, and stores nothing", async () => {
    const me = await createUser();
    for (const link of [
      "/c/agora/p/%E0%A4%A",
      "/c/agora/p/abc%zz/title",
      "/user/%",
      "https://agora.example/user/%C3%28",
    ]) {
      const res = await report(me.auth, link);
      expect(res.status, link).toBe(422);
      expect(await detail(res)).toBe("link: Invalid URL");
    }
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE reporter_id = ?1")
      .bind(me.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });

  it("a well-encoded link still names its target", async () => {
    const me = await createUser();
    const them = await createUser();
    const link = `/user/${encodeURIComponent(them.username.toUpperCase())}`;
    expect((await report(me.auth, link)).status).toBe(201);
    const target = await resolveReportTarget(deps, { link, reportedUserId: null });
    expect(target).toMatchObject({ type: "USER", id: them.id });
  });

  it("the report's target reader never throws on a broken escape: the link is kept as a link", async () => {
    for (const link of ["/c/agora/p/%E0%A4%A", "/user/%zz"]) {
      const target = await resolveReportTarget(deps, { link, reportedUserId: null });
      expect(target).toMatchObject({ type: "LINK", link });
    }
  });

  it("an address with a broken escape in its path or query is a 400 with a detail", async () => {
    for (const path of [
      "/api/v1/search?q=%E0%A4%A",
      "/api/v1/community?name=%zz",
      "/api/v1/feed?skip=1%",
      "/api/v1/user?username=%C3%28",
      "/api/v1/micropost/%ZZ",
      "/media/%E0%A4%A.png",
      "/admin/%zz",
    ]) {
      const res = await api(path);
      expect(res.status, path).toBe(400);
      expect(await detail(res)).toContain("malformed percent-encoding");
    }
    // "%25" is a percent sign, well encoded: the search runs.
    expect((await api("/api/v1/search?q=100%25")).status).toBe(200);
  });

  it("a form body with broken escapes is a 400, not quietly read as other text", async () => {
    const me = await createUser();
    const res = await api("/api/v1/private/user/report", {
      method: "POST",
      headers: { ...me.auth, "content-type": "application/x-www-form-urlencoded" },
      body: `report_cause=SPAM&text=${"a".repeat(45)}%E0%A4%A&link=%2Fuser%2F%zz`,
    });
    expect(res.status).toBe(400);
    expect(await detail(res)).toContain("malformed percent-encoding");
    const row = await env.DB.prepare("SELECT link FROM reports WHERE reporter_id = ?1").bind(me.id).first();
    expect(row).toBeNull();
    const fine = await api("/api/v1/private/user/report", {
      method: "POST",
      headers: { ...me.auth, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        report_cause: "SPAM",
        text: `${TEXT_40} 100% ✓`,
        link: "/user/é",
      }).toString(),
    });
    expect(fine.status).toBe(201);
  });
});
