import { describe, expect, it } from "vitest";
import { verifyPassword } from "#worker/lib/password.ts";
import { api, bearer, env, form, json } from "#worker-test/api.ts";
import { adminSql, checkAdminInput, hashAdminPassword } from "../../../../../scripts/create-admin.mjs";

// `bun run create-admin` hashes in Node and writes SQL for `wrangler d1 execute`: here that SQL
// runs against the real schema and the new admin signs in through the API.

const login = (username: string, password: string) =>
  api("/api/admin/auth/login", { method: "POST", body: form({ username, password }) });

describe("the create-admin command", () => {
  it("hashes in the Worker's format", async () => {
    const hash = await hashAdminPassword("correct horse battery");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("wrong horse battery", hash)).toBe(false);
  });

  it("writes SQL that creates an admin who can sign in", async () => {
    const sql = adminSql({
      username: "opsadmin",
      email: "ops@example.com",
      passwordHash: await hashAdminPassword("ops-password-1"),
    });
    await env.DB.exec(sql);
    const res = await login("opsadmin", "ops-password-1");
    expect(res.status).toBe(200);
    const me = await api("/api/admin/private/auth/me", {
      headers: bearer((await json<{ access_token: string }>(res)).access_token),
    });
    expect(await json(me)).toMatchObject({ username: "opsadmin", email: "ops@example.com", role: "ADMIN" });
  });

  it("resets a password and ends the admin's sessions", async () => {
    await env.DB.exec(adminSql({ username: "resetme", passwordHash: await hashAdminPassword("first-pass") }));
    const token = (await json<{ access_token: string }>(await login("resetme", "first-pass"))).access_token;
    await env.DB.exec(
      adminSql({ username: "resetme", passwordHash: await hashAdminPassword("second-pass"), reset: true }),
    );
    expect((await api("/api/admin/private/auth/me", { headers: bearer(token) })).status).toBe(401);
    expect((await login("resetme", "first-pass")).status).toBe(401);
    expect((await login("resetme", "second-pass")).status).toBe(200);
  });

  it("quotes what it is given, so a name cannot break out of the statement", () => {
    const sql = adminSql({ username: "x'); DROP TABLE admins; --", passwordHash: "h" });
    expect(sql).toContain("'x''); DROP TABLE admins; --'");
    expect(checkAdminInput({ username: "x'); DROP", password: "secret1" })).toMatch(/letters or digits/);
    expect(checkAdminInput({ username: "ana", password: "12345" })).toMatch(/6-128/);
    expect(checkAdminInput({ username: "ana", email: "not-mail", password: "123456" })).toMatch(/e-mail/);
    expect(checkAdminInput({ username: "ana", email: "ana@example.com", password: "123456" })).toMatch(
      /most common/,
    );
    expect(checkAdminInput({ username: "ana", email: "ana@example.com", password: "x7#kq2" })).toBeNull();
  });
});
