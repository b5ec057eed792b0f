import { describe, expect, it } from "vitest";
import { adminSchema } from "#shared/schemas/accounts.ts";
import { admins } from "#worker/db/schema/index.ts";
import { hashPassword } from "#worker/lib/password.ts";
import { api, bearer, deps, detail, form, json } from "#worker-test/api.ts";
import { createUser, from, newAddress, newUsername } from "#worker-test/people.ts";
import { enrollTotp, freshCode } from "#worker-test/two-factor.ts";

const adminMe = (token: string) => api("/api/admin/private/auth/me", { headers: bearer(token) });

async function createAdmin(password = "staff-password") {
  const username = newUsername("staff");
  const row = await deps.db.orm
    .insert(admins)
    .values({ username, email: `${username}@agora.example`, passwordHash: await hashPassword(password) })
    .returning({ id: admins.id })
    .get();
  const totp = await enrollTotp({ kind: "admin", id: row.id });
  return { username, password, totp };
}

function adminLogin(username: string, password: string, address = newAddress()) {
  return api("/api/admin/auth/login", {
    method: "POST",
    headers: from(address),
    body: form({ username, password }),
  });
}

async function adminToken(username: string, password: string, totp: string) {
  const res = await adminLogin(username, password);
  const { mfa_token } = await json<{ mfa_token: string }>(res);
  const second = await api("/api/admin/auth/login/mfa", {
    method: "POST",
    headers: from(newAddress()),
    body: form({ mfa_token, code: freshCode(totp) }),
  });
  return (await json<{ access_token: string }>(second)).access_token;
}

describe("admin login", () => {
  it("takes a form, asks for the app's code, and then answers an admin token that opens the admin paths", async () => {
    const admin = await createAdmin();
    const res = await adminLogin(admin.username, admin.password);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ mfa_required: true });
    const access_token = await adminToken(admin.username, admin.password, admin.totp);
    const me = await adminMe(access_token);
    expect(me.status).toBe(200);
    expect(adminSchema.parse(await json(me))).toMatchObject({
      username: admin.username,
      role: "ADMIN",
      use_night_mode: true,
    });
  });

  it("answers 401 for a wrong password or an unknown admin, and a user's password is no admin's", async () => {
    const admin = await createAdmin();
    expect((await adminLogin(admin.username, "wrong-password")).status).toBe(401);
    const user = await createUser();
    expect((await adminLogin(user.username, "password")).status).toBe(401);
  });

  it("validates the fields with 422", async () => {
    const res = await adminLogin("ab", "");
    expect(res.status).toBe(422);
    expect(await detail(res)).toContain("username: Must be 3 characters or more");
  });

  it("lockout: 10 wrong passwords block that admin from that address only; from another, the right one works", async () => {
    const admin = await createAdmin();
    const attacker = newAddress();
    for (let i = 0; i < 10; i++)
      expect((await adminLogin(admin.username, `wrong-${i}`, attacker)).status).toBe(401);
    const res = await adminLogin(admin.username, admin.password, attacker);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await detail(res)).toMatch(/Try again in \d+ seconds/);
    // The admin at their own desk is not locked out by someone else's guesses.
    expect((await adminLogin(admin.username, admin.password, newAddress())).status).toBe(200);
  });

  it("limits wrong admin passwords per address across usernames", async () => {
    const address = newAddress();
    for (let i = 0; i < 50; i++)
      expect((await adminLogin(newUsername("nostaff"), "wrong-password", address)).status).toBe(401);
    const admin = await createAdmin();
    expect((await adminLogin(admin.username, admin.password, address)).status).toBe(429);
    expect((await adminLogin(admin.username, admin.password)).status).toBe(200);
  });

  it("keeps admin tokens out of user paths", async () => {
    const admin = await createAdmin();
    const token = await adminToken(admin.username, admin.password, admin.totp);
    expect((await api("/api/v1/private/user/auth/me", { headers: bearer(token) })).status).toBe(401);
  });
});

describe("admin password", () => {
  it("changes with the old one; older admin tokens stop working", async () => {
    const admin = await createAdmin();
    const token = await adminToken(admin.username, admin.password, admin.totp);
    const res = await api("/api/admin/private/auth/update/password", {
      method: "PATCH",
      headers: bearer(token),
      body: form({ old_password: admin.password, new_password: "a-new-staff-password" }),
    });
    expect(res.status).toBe(202);
    expect((await adminMe(token)).status).toBe(401);
    expect((await adminLogin(admin.username, admin.password)).status).toBe(401);
    expect((await adminLogin(admin.username, "a-new-staff-password")).status).toBe(200);
  });

  it("refuses one of the 1,000 most common passwords as the new one, with 422 naming the field", async () => {
    const admin = await createAdmin();
    const token = await adminToken(admin.username, admin.password, admin.totp);
    const res = await api("/api/admin/private/auth/update/password", {
      method: "PATCH",
      headers: bearer(token),
      body: form({ old_password: admin.password, new_password: "Qwerty123" }),
    });
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe(
      "new_password: This password is too common. Choose one that is harder to guess.",
    );
    expect((await adminMe(token)).status).toBe(200);
  });

  it("refuses a wrong old password with 403 and a short new one with 422", async () => {
    const admin = await createAdmin();
    const token = await adminToken(admin.username, admin.password, admin.totp);
    const wrong = await api("/api/admin/private/auth/update/password", {
      method: "PATCH",
      headers: bearer(token),
      body: form({ old_password: "not-it-at-all", new_password: "a-new-staff-password" }),
    });
    expect(wrong.status).toBe(403);
    const short = await api("/api/admin/private/auth/update/password", {
      method: "PATCH",
      headers: bearer(token),
      body: form({ old_password: admin.password, new_password: "12345" }),
    });
    expect(short.status).toBe(422);
    expect((await adminMe(token)).status).toBe(200);
  });
});

describe("admin night mode", () => {
  it("flips and answers the new value, which me shows", async () => {
    const admin = await createAdmin();
    const token = await adminToken(admin.username, admin.password, admin.totp);
    const flip = () =>
      api("/api/admin/private/setting/boolean?admin_boolean_setting=USE_NIGHT_MODE", {
        method: "PATCH",
        headers: bearer(token),
      });
    expect(await json(await flip())).toEqual({ result: false });
    expect((await json<{ use_night_mode: boolean }>(await adminMe(token))).use_night_mode).toBe(false);
    expect(await json(await flip())).toEqual({ result: true });
  });

  it("refuses another setting with 422 and a user token with 401", async () => {
    const admin = await createAdmin();
    const token = await adminToken(admin.username, admin.password, admin.totp);
    const other = await api("/api/admin/private/setting/boolean?admin_boolean_setting=NEWSLETTER", {
      method: "PATCH",
      headers: bearer(token),
    });
    expect(other.status).toBe(422);
    const user = await createUser();
    const asUser = await api("/api/admin/private/setting/boolean?admin_boolean_setting=USE_NIGHT_MODE", {
      method: "PATCH",
      headers: user.auth,
    });
    expect(asUser.status).toBe(401);
  });
});
