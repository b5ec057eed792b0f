import { describe, expect, it } from "vitest";
import { api, json } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";

// Every path under /api/admin/private, read from the API's own OpenAPI document, so a path added
// later is covered without a line here.
async function adminOperations(): Promise<Array<[string, string]>> {
  const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(await api("/api/openapi.json"));
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/admin/private/"))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((method): [string, string] => [method.toUpperCase(), path]),
    );
}

describe("admin paths", () => {
  it("are all in the OpenAPI document", async () => {
    const ops = (await adminOperations()).map(([m, p]) => `${m} ${p}`);
    for (const op of [
      "GET /api/admin/private/user/stats",
      "GET /api/admin/private/user/new/data/list",
      "PATCH /api/admin/private/user/status",
      "GET /api/admin/private/user",
      "GET /api/admin/private/search",
      "GET /api/admin/private/admin/list",
      "GET /api/admin/private/admin",
      "GET /api/admin/private/community/list",
      "GET /api/admin/private/user/feedback/list",
      "GET /api/admin/private/admin/blog/list",
      "GET /api/admin/private/admin/blog",
      "POST /api/admin/private/admin/blog",
      "PATCH /api/admin/private/admin/blog",
      "PATCH /api/admin/private/admin/blog/publish",
      "DELETE /api/admin/private/admin/blog",
      "GET /api/admin/private/email/template/list",
      "GET /api/admin/private/email/template",
      "POST /api/admin/private/email/template",
      "PATCH /api/admin/private/email/template",
      "PATCH /api/admin/private/email/template/lock",
      "DELETE /api/admin/private/email/template",
      "POST /api/admin/private/email/template/send",
      "GET /api/admin/private/file/list",
      "POST /api/admin/private/file",
      "DELETE /api/admin/private/file",
      "GET /api/admin/private/report/list",
      "PATCH /api/admin/private/report",
      "GET /api/admin/private/audit/list",
    ]) {
      expect(ops).toContain(op);
    }
  });

  it("refuse a user token (even staff's) and no token, every one of them", async () => {
    const staff = await createUser({ isStaff: true });
    const ops = await adminOperations();
    expect(ops.length).toBeGreaterThan(25);
    for (const [method, path] of ops) {
      const asUser = await api(path, { method, headers: staff.auth });
      expect(asUser.status, `${method} ${path} with a user token`).toBe(401);
      const anonymous = await api(path, { method });
      expect(anonymous.status, `${method} ${path} without a token`).toBe(401);
    }
  });
});
