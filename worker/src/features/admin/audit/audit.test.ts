import { describe, expect, it } from "vitest";
import type { AuditEntry } from "#shared/schemas/admin.ts";
import { api, deps, env, json, jsonBody } from "#worker-test/api.ts";
import { createAdmin, createUser, type TestAdmin } from "#worker-test/people.ts";
import { pngFile } from "#worker-test/posts.ts";
import { auditStatement } from "./service";

const MJML =
  "<mjml><mj-body><mj-section><mj-column><mj-text>Hi</mj-text></mj-column></mj-section></mj-body></mjml>";

function call(admin: TestAdmin, method: string, path: string, body?: unknown) {
  return api(`/api/admin/private${path}`, {
    method,
    ...(body === undefined ? { headers: admin.auth } : jsonBody(body, admin.auth)),
  });
}

async function log(admin: TestAdmin, query = ""): Promise<{ list: AuditEntry[]; total_list: number }> {
  const res = await call(admin, "GET", `/audit/list?admin=${admin.username}&limit=100${query}`);
  expect(res.status).toBe(200);
  return json(res);
}

describe("audit log", () => {
  it("has one row for every change an admin made, and none for a refused one", async () => {
    const admin = await createAdmin();
    const person = await createUser();
    const reporter = await createUser();
    const changes: Array<[Response | Promise<Response>, number, string]> = [];
    const expectOk = async (res: Promise<Response>, status: number, action: string) => {
      const r = await res;
      expect(r.status, `${action}: ${await r.clone().text()}`).toBe(status);
      changes.push([r, status, action]);
      return r;
    };
    const refused = async (res: Promise<Response>, status: number) => expect((await res).status).toBe(status);

    await expectOk(
      call(admin, "PATCH", "/user/status", {
        email: `${person.username}@example.com`,
        user_status: "SUSPENDED",
      }),
      200,
      "USER_STATUS",
    );
    const blog = await json<{ id: number }>(
      await expectOk(
        call(admin, "POST", "/admin/blog", { title: "Audit me", category: "OTHER", body: "b" }),
        201,
        "BLOG_CREATE",
      ),
    );
    await expectOk(
      call(admin, "PATCH", "/admin/blog", { id: blog.id, title: "Audited" }),
      200,
      "BLOG_UPDATE",
    );
    await expectOk(
      call(admin, "PATCH", "/admin/blog/publish", { id: blog.id, published: true }),
      200,
      "BLOG_PUBLISH",
    );
    await expectOk(
      call(admin, "PATCH", "/admin/blog/publish", { id: blog.id, published: false }),
      200,
      "BLOG_UNPUBLISH",
    );
    await expectOk(call(admin, "DELETE", "/admin/blog", { id: blog.id }), 204, "BLOG_DELETE");
    const template = await json<{ id: number }>(
      await expectOk(
        call(admin, "POST", "/email/template", { subject: "Audit", mjml_text: MJML }),
        201,
        "TEMPLATE_CREATE",
      ),
    );
    await expectOk(
      call(admin, "PATCH", "/email/template", { id: template.id, subject: "Audit 2" }),
      200,
      "TEMPLATE_UPDATE",
    );
    await expectOk(
      call(admin, "PATCH", "/email/template/lock", { id: template.id, is_locked: true }),
      200,
      "TEMPLATE_LOCK",
    );
    await refused(call(admin, "DELETE", "/email/template", { id: template.id }), 409);
    await expectOk(
      call(admin, "PATCH", "/email/template/lock", { id: template.id, is_locked: false }),
      200,
      "TEMPLATE_UNLOCK",
    );
    await expectOk(call(admin, "POST", "/email/template/send", { id: template.id }), 202, "TEMPLATE_SEND");
    await refused(call(admin, "POST", "/email/template/send", { id: template.id }), 409);
    await expectOk(call(admin, "DELETE", "/email/template", { id: template.id }), 204, "TEMPLATE_DELETE");
    const body = new FormData();
    body.append("file", pngFile());
    const file = await json<{ id: number }>(
      await expectOk(
        api("/api/admin/private/file", { method: "POST", headers: admin.auth, body }),
        201,
        "FILE_UPLOAD",
      ),
    );
    await expectOk(call(admin, "DELETE", "/file", { id: file.id }), 204, "FILE_DELETE");
    const report = new FormData();
    report.append("report_cause", "SPAM");
    report.append("text", "This account only posts advertising for a casino site.");
    report.append("reported_username", person.username);
    expect(
      (await api("/api/v1/private/user/report", { method: "POST", headers: reporter.auth, body: report }))
        .status,
    ).toBe(201);
    const group = await json<{ list: Array<{ id: number; target: { user: { username: string } | null } }> }>(
      await call(admin, "GET", "/report/list?limit=100"),
    );
    const id = group.list.find((g) => g.target.user?.username === person.username)!.id;
    await expectOk(
      call(admin, "PATCH", "/report", { id, action: "DISMISS", note: "fine" }),
      200,
      "REPORT_DISMISS",
    );
    await refused(call(admin, "PATCH", "/report", { id, action: "DISMISS" }), 409);
    await refused(call(admin, "PATCH", "/admin/blog", { id: blog.id, title: "gone" }), 404);
    await refused(call(admin, "POST", "/admin/blog", { title: "" }), 422);

    const { list, total_list } = await log(admin);
    expect(total_list).toBe(changes.length);
    expect(list.map((e) => e.action)).toEqual(changes.map(([, , action]) => action).reverse());
    expect(list.every((e) => e.admin === admin.username)).toBe(true);
    const byAction = new Map(list.map((e) => [e.action, e]));
    expect(byAction.get("USER_STATUS")).toMatchObject({
      target: `user:${person.username}`,
      detail: "SUSPENDED",
    });
    expect(byAction.get("BLOG_CREATE")?.target).toBe(`blog:${blog.id}`);
    expect(byAction.get("TEMPLATE_CREATE")?.target).toBe(`email_template:${template.id}`);
    expect(byAction.get("TEMPLATE_SEND")?.target).toBe(`email_template:${template.id}`);
    expect(byAction.get("REPORT_DISMISS")).toMatchObject({
      target: `report:${id}`,
      detail: expect.stringContaining("fine"),
    });
  });

  it("filters by action and by admin, newest first, and checks the filters", async () => {
    const [one, two] = [await createAdmin(), await createAdmin()];
    for (const admin of [one, two, one]) {
      expect(
        (await call(admin, "POST", "/admin/blog", { title: "Filtered", category: "OTHER", body: "b" }))
          .status,
      ).toBe(201);
    }
    const mine = await log(one, "&action=blog_create");
    expect(mine.total_list).toBe(2);
    expect(mine.list[0]!.id).toBeGreaterThan(mine.list[1]!.id);
    const all = await json<{ list: AuditEntry[] }>(
      await call(one, "GET", "/audit/list?action=BLOG_CREATE&limit=3"),
    );
    expect(all.list.map((e) => e.admin)).toEqual([one.username, two.username, one.username]);
    const bad = await call(one, "GET", "/audit/list?action=DROP_TABLES");
    expect(bad.status).toBe(422);
    expect((await json<{ detail: string }>(bad)).detail).toBe("action: Unknown audit action");
  });

  it("writes a guarded row only when the change before it happened", async () => {
    const admin = await createAdmin();
    const who = { id: admin.id, username: admin.username };
    const entry = { action: "BLOG_DELETE" as const, target: "blog:guarded" };
    const count = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM admin_audit WHERE target = 'blog:guarded'").first<{
        n: number;
      }>())!.n;
    await deps.db.write([
      deps.db.prepare({ sql: "DELETE FROM blog_posts WHERE id = -1" }),
      auditStatement(deps.db, who, entry, "changed"),
    ]);
    expect(await count()).toBe(0);
    await deps.db.write([
      deps.db.prepare({
        sql: "UPDATE admins SET use_night_mode = use_night_mode WHERE id = ?1",
        binds: [admin.id],
      }),
      auditStatement(deps.db, who, entry, "changed"),
    ]);
    expect(await count()).toBe(1);
  });
});
