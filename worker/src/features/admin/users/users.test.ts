import { describe, expect, it } from "vitest";
import { adminSearchResultSchema, adminUserDetailSchema, userStatsSchema } from "#shared/schemas/admin.ts";
import { api, detail, env, json, jsonBody } from "#worker-test/api.ts";
import {
  createAdmin,
  createUser,
  login,
  newUsername,
  register,
  type TestAdmin,
} from "#worker-test/people.ts";

const get = (admin: TestAdmin, path: string) => api(`/api/admin/private${path}`, { headers: admin.auth });
const setStatus = (admin: TestAdmin, body: Record<string, unknown>) =>
  api("/api/admin/private/user/status", { method: "PATCH", ...jsonBody(body, admin.auth) });
const me = (token: string) =>
  api("/api/v1/private/user/auth/me", { headers: { authorization: `Bearer ${token}` } });
const stats = async (admin: TestAdmin) => userStatsSchema.parse(await json(await get(admin, "/user/stats")));

describe("home: user stats and new users", () => {
  it("counts accounts, paying people and businesses, and follows changes and deletions", async () => {
    const admin = await createAdmin();
    const before = await stats(admin);
    expect(before.total_users).toBe(
      before.total_unpaid_users + before.total_paid_users + before.total_paid_businesses,
    );
    await createUser();
    const paid = await createUser({ isVerifiedUser: true });
    await createUser({ isVerifiedBusiness: true });
    const after = await stats(admin);
    expect(after).toEqual({
      total_users: before.total_users + 3,
      total_unpaid_users: before.total_unpaid_users + 1,
      total_paid_users: before.total_paid_users + 1,
      total_paid_businesses: before.total_paid_businesses + 1,
    });
    await env.DB.prepare("UPDATE users SET is_verified_user = 0 WHERE id = ?1").bind(paid.id).run();
    await env.DB.prepare("UPDATE users SET deleted_at = ?1 WHERE id = ?2").bind(Date.now(), paid.id).run();
    expect(await stats(admin)).toEqual({
      ...after,
      total_users: after.total_users - 1,
      total_paid_users: before.total_paid_users,
    });
  });

  it("lists today's and this week's new people, newest first, and checks days", async () => {
    const admin = await createAdmin();
    const old = await createUser({ createdAt: Date.now() - 40 * 24 * 3600_000 });
    const lastWeek = await createUser({
      createdAt: Date.now() - 3 * 24 * 3600_000 - (Date.now() % (24 * 3600_000)),
    });
    const today = await createUser();
    const page = async (days: number) =>
      json<{ list: Array<{ username: string }>; total_list: number }>(
        await get(admin, `/user/new/data/list?days=${days}&limit=100`),
      );
    const todays = (await page(0)).list.map((u) => u.username);
    expect(todays[0]).toBe(today.username);
    expect(todays).not.toContain(lastWeek.username);
    const week = (await page(7)).list.map((u) => u.username);
    expect(week).toContain(lastWeek.username);
    expect(week).not.toContain(old.username);
    for (const days of ["-1", "367", "1.5", "week"]) {
      const res = await get(admin, `/user/new/data/list?days=${days}`);
      expect(res.status, days).toBe(422);
      expect(await detail(res)).toBe("days: Must be a whole number of days from 0 to 366");
    }
  });
});

describe("users and admins search", () => {
  it("finds users by username or e-mail prefix, admins by username; an unknown type is users", async () => {
    const admin = await createAdmin();
    const prefix = newUsername("srch").slice(0, 12);
    const a = await createUser({ username: `${prefix}a` });
    await createUser({ username: `${prefix}b` });
    const byName = adminSearchResultSchema.parse(
      await json(await get(admin, `/search?q=${prefix}&type=Users&limit=1`)),
    );
    expect(byName).toMatchObject({ search_type: "users", total_list: 2, total_pages: 2 });
    expect(byName.list[0]).toMatchObject({
      username: a.username,
      email: `${a.username}@example.com`,
      status: "ACTIVE",
    });
    const second = adminSearchResultSchema.parse(
      await json(await get(admin, `/search?q=${prefix}&skip=1&limit=1`)),
    );
    expect(second.list[0]?.username).toBe(`${prefix}b`);
    const byEmail = adminSearchResultSchema.parse(
      await json(await get(admin, `/search?q=${a.username}%40exa`)),
    );
    expect(byEmail.list.map((u) => u.username)).toEqual([a.username]);
    const unknown = adminSearchResultSchema.parse(
      await json(await get(admin, `/search?q=${prefix}&type=posts`)),
    );
    expect(unknown.search_type).toBe("users");
    expect(unknown.total_list).toBe(2);

    const admins = adminSearchResultSchema.parse(
      await json(await get(admin, `/search?q=${admin.username}&type=ADMINS`)),
    );
    expect(admins.search_type).toBe("admins");
    expect(admins.list).toEqual([expect.objectContaining({ username: admin.username, role: "ADMIN" })]);
    const tooLong = await get(admin, `/search?q=${"x".repeat(255)}`);
    expect(tooLong.status).toBe(422);
    expect(await detail(tooLong)).toBe("q: Must be 254 characters or less");
  });

  it("lists admins, shows one admin and one person", async () => {
    const admin = await createAdmin();
    const list = await json<{ list: Array<{ username: string }>; total_list: number }>(
      await get(admin, "/admin/list?limit=100"),
    );
    expect(list.list.map((a) => a.username)).toContain(admin.username);
    expect(await json(await get(admin, `/admin?username=${admin.username}`))).toMatchObject({
      username: admin.username,
      role: "ADMIN",
    });
    expect((await get(admin, "/admin?username=nosuchadmin")).status).toBe(404);
    // Admin usernames keep their case (the create-admin script allows capitals and 128 characters).
    const boss = `Boss${newUsername("X")}`;
    await env.DB.prepare("INSERT INTO admins (username, password_hash, created_at) VALUES (?1, 'x', ?2)")
      .bind(boss, Date.now())
      .run();
    expect((await get(admin, `/admin?username=${boss}`)).status).toBe(200);
    const found = adminSearchResultSchema.parse(
      await json(await get(admin, `/search?type=admins&q=${boss.toLowerCase()}`)),
    );
    expect(found.list.map((a) => a.username)).toEqual([boss]);
    const person = await createUser();
    const one = adminUserDetailSchema.parse(
      await json(await get(admin, `/user?username=${person.username}`)),
    );
    expect(one).toMatchObject({
      username: person.username,
      status: "ACTIVE",
      total_reports: 0,
      deleted_at: null,
    });
    const missing = await get(admin, "/user?username=nosuchperson");
    expect(missing.status).toBe(404);
    expect(await detail(missing)).toBe("This user does not exist");
  });
});

describe("user status", () => {
  it("answers the spec's message, and a suspended person is out at once: sign-in and existing tokens", async () => {
    const admin = await createAdmin();
    const person = await createUser();
    const email = `${person.username}@example.com`;
    expect((await me(person.token)).status).toBe(200);

    const res = await setStatus(admin, { email: email.toUpperCase(), user_status: "suspended" });
    expect(res.status).toBe(200);
    const body = await json<{ detail: string; user: { status: string } }>(res);
    expect(body.detail).toBe(`User status updated to SUSPENDED for ${email}`);
    expect(body.user.status).toBe("SUSPENDED");
    expect((await me(person.token)).status).toBe(401);
    const signIn = await login(person.username, "password");
    expect(signIn.status).toBe(403);
    expect(await detail(signIn)).toBe("This account is suspended.");

    // Back to ACTIVE: signing in works again; the old token stays ended.
    const back = await setStatus(admin, { email, user_status: "ACTIVE" });
    expect(await detail(back)).toBe(`User status updated to ACTIVE for ${email}`);
    const again = await login(person.username, "password");
    expect(again.status).toBe(200);
    expect((await me((await json<{ access_token: string }>(again)).access_token)).status).toBe(200);
    expect((await me(person.token)).status).toBe(401);
  });

  it("an UNCONFIRMED person must verify again: their tokens end and sign-in asks for the code", async () => {
    const admin = await createAdmin();
    const person = await createUser();
    const res = await setStatus(admin, {
      email: `${person.username}@example.com`,
      user_status: "UNCONFIRMED",
    });
    expect(res.status).toBe(200);
    expect((await me(person.token)).status).toBe(401);
    const signIn = await login(person.username, "password");
    expect(signIn.status).toBe(403);
    expect(await detail(signIn)).toMatch(/verify your email/);
  });

  it("never gives an ever-confirmed account's name to a new registration, whatever its status", async () => {
    const admin = await createAdmin();
    const person = await createUser({ createdAt: Date.now() - 3 * 24 * 3600_000 });
    await setStatus(admin, { email: `${person.username}@example.com`, user_status: "UNCONFIRMED" });
    const { res } = await register({
      username: person.username,
      email: `other-${person.username}@example.com`,
    });
    expect(res.status).toBe(409);
    const still = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE id = ?1")
      .bind(person.id)
      .first<{ n: number }>();
    expect(still!.n).toBe(1);
  });

  it("checks the e-mail and the status, and answers 404 for nobody", async () => {
    const admin = await createAdmin();
    const person = await createUser();
    const email = `${person.username}@example.com`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ user_status: "ACTIVE" }, "email: Required"],
      [{ email: "not-an-email", user_status: "ACTIVE" }, "email: Must be a valid email"],
      [{ email }, "user_status: Use ACTIVE, UNCONFIRMED or SUSPENDED"],
      [{ email, user_status: "INACTIVE" }, "user_status: Use ACTIVE, UNCONFIRMED or SUSPENDED"],
      [{ email, user_status: "BANNED" }, "user_status: Use ACTIVE, UNCONFIRMED or SUSPENDED"],
    ];
    for (const [body, message] of cases) {
      const res = await setStatus(admin, body);
      expect(res.status, message).toBe(422);
      expect(await detail(res)).toBe(message);
    }
    const nobody = await setStatus(admin, { email: "nobody@example.com", user_status: "ACTIVE" });
    expect(nobody.status).toBe(404);
    expect(await detail(nobody)).toBe("No account uses this email");
    const asForm = new FormData();
    asForm.append("email", email);
    asForm.append("user_status", "SUSPENDED");
    const form = await api("/api/admin/private/user/status", {
      method: "PATCH",
      headers: admin.auth,
      body: asForm,
    });
    expect(form.status).toBe(200);
  });
});
