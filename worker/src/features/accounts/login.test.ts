import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import app from "#worker/app.ts";
import { users } from "#worker/db/schema/index.ts";
import { api, bearer, deps, detail, env, json } from "#worker-test/api.ts";
import {
  createUser,
  from,
  login,
  newAddress,
  newUsername,
  outbox,
  register,
  registerAndConfirm,
} from "#worker-test/people.ts";

const me = (token: string) => api("/api/v1/private/user/auth/me", { headers: bearer(token) });
const reset = (email: string, address = newAddress()) =>
  api(`/api/v1/user/auth/reset/password?email=${encodeURIComponent(email)}`, {
    method: "POST",
    headers: from(address),
  });

/** A sign-in with an e-mailed temporary password: it must choose a new password, then is signed in. */
async function signInWithTemporary(username: string, temporary: string, newPassword = "chosen-anew-1") {
  const res = await login(username, temporary);
  expect(res.status).toBe(200);
  const step = await json<{ password_change_required: boolean; password_token: string }>(res);
  expect(step.password_change_required).toBe(true);
  expect(step).not.toHaveProperty("access_token");
  const set = await api("/api/v1/user/auth/password/temporary", {
    method: "POST",
    headers: { "content-type": "application/json", ...from(newAddress()) },
    body: JSON.stringify({ password_token: step.password_token, new_password: newPassword }),
  });
  expect(set.status).toBe(200);
  return { ...(await json<{ access_token: string }>(set)), passwordToken: step.password_token };
}

async function newPasswordFrom(email: string): Promise<string> {
  const [mail] = await outbox(email);
  const match = /^Your new password: (\S+)$/m.exec(mail?.text ?? "");
  if (!match) throw new Error(`no new-password e-mail to ${email}`);
  return match[1]!;
}

describe("logging in", () => {
  it("answers a token for a JSON body", async () => {
    const user = await createUser();
    const res = await login(user.username, "password");
    expect(res.status).toBe(200);
    const { access_token } = await json<{ access_token: string }>(res);
    expect((await me(access_token)).status).toBe(200);
  });

  it("answers a token for a form body", async () => {
    const user = await createUser();
    const res = await api("/api/v1/user/auth/login", {
      method: "POST",
      headers: from(newAddress(), { "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams({ username: user.username, password: "password" }),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ token_type: "bearer" });
  });

  it("takes the username in any case", async () => {
    const user = await createUser();
    expect((await login(user.username.toUpperCase(), "password")).status).toBe(200);
  });

  it("answers 401 for a wrong password and for an unknown username, with the same words", async () => {
    const user = await createUser();
    const wrong = await login(user.username, "wrong-password");
    expect(wrong.status).toBe(401);
    const unknown = await login("nobodyatall", "wrong-password");
    expect(unknown.status).toBe(401);
    expect(await detail(wrong)).toBe("Incorrect username or password.");
    expect(await detail(unknown)).toBe(await detail(await login("nobodyatall2", "x12345")));
  });

  it("validates the fields with 422", async () => {
    const res = await api("/api/v1/user/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "ab", password: "" }),
    });
    expect(res.status).toBe(422);
    expect(await detail(res)).toContain("username: Must be 3 characters or more");
  });

  it("refuses a suspended account with 403", async () => {
    const user = await createUser({ status: "SUSPENDED" });
    const res = await login(user.username, "password");
    expect(res.status).toBe(403);
    expect(await detail(res)).toBe("This account is suspended.");
  });

  it("lockout: a stranger's 10 wrong passwords block only their own address; the owner still signs in", async () => {
    const user = await createUser();
    const stranger = newAddress();
    for (let i = 0; i < 10; i++)
      expect((await login(user.username, `wrong-${i}`, stranger)).status).toBe(401);
    const blocked = await login(user.username, "password", stranger);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await detail(blocked)).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // From anywhere else, the right password opens the account, and wrong ones count afresh.
    const owner = newAddress();
    expect((await login(user.username, "password", owner)).status).toBe(200);
    expect((await login(user.username, "wrong-again", owner)).status).toBe(401);
    expect((await login(user.username, "password", owner)).status).toBe(200);
  });

  it("limits wrong passwords per address across usernames (50 in 15 minutes)", async () => {
    const address = newAddress();
    for (let i = 0; i < 50; i++) {
      expect((await login(newUsername("guess"), "wrong-password", address)).status).toBe(401);
    }
    const user = await createUser();
    expect((await login(user.username, "password", address)).status).toBe(429);
    expect((await login(user.username, "password")).status).toBe(200);
  });

  it("does not count correct logins, and a correct one clears that address's failures", async () => {
    const user = await createUser();
    const address = newAddress();
    for (let i = 0; i < 9; i++) await login(user.username, `wrong-${i}`, address);
    expect((await login(user.username, "password", address)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(user.username, `wrong-${i}`, address)).status).toBe(401);
    for (let i = 0; i < 15; i++) expect((await login(user.username, "password", address)).status).toBe(200);
  });
});

describe("tokens", () => {
  it("refuses a forged, a garbled and a missing token with 401", async () => {
    const user = await createUser();
    const [head, body] = user.token.split(".");
    expect((await me(`${head}.${body}.forgedsignature`)).status).toBe(401);
    expect((await me("garbage")).status).toBe(401);
    expect((await api("/api/v1/private/user/auth/me")).status).toBe(401);
  });

  it("never lets a user token open an admin path", async () => {
    const user = await createUser({ isStaff: true });
    const res = await api("/api/admin/private/auth/me", { headers: bearer(user.token) });
    expect(res.status).toBe(401);
  });
});

describe("forgot password", () => {
  it("enumeration: without an e-mail service, a known and an unknown address get the same 503", async () => {
    const person = await registerAndConfirm();
    const production = {
      ...env,
      ENVIRONMENT: "production",
      JWT_SECRET: "k3y-0f-at-least-thirty-two-bytes-long!!",
      EMAIL_API_URL: undefined,
      EMAIL_API_KEY: undefined,
    };
    const ask = (email: string) =>
      app.fetch(
        new Request(`http://localhost/api/v1/user/auth/reset/password?email=${encodeURIComponent(email)}`, {
          method: "POST",
          headers: from(newAddress()),
        }),
        production,
        { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
      );
    const known = await ask(person.email);
    const unknown = await ask(`${newUsername()}@example.com`);
    expect(known.status).toBe(503);
    expect(unknown.status).toBe(503);
    expect(await json(known)).toEqual(await json(unknown));
  });

  it("answers 202 for an unknown e-mail and sends nothing", async () => {
    const email = `${newUsername()}@example.com`;
    const res = await reset(email);
    expect(res.status).toBe(202);
    expect(await outbox(email)).toEqual([]);
  });

  it("answers the same for a known e-mail, and e-mails a new password", async () => {
    const person = await registerAndConfirm();
    const unknown = await reset(`${newUsername()}@example.com`);
    const known = await reset(person.email.toUpperCase());
    expect(known.status).toBe(202);
    expect(await json(known)).toEqual(await json(unknown));
    const password = await newPasswordFrom(person.email);
    expect(password.length).toBeGreaterThanOrEqual(6);
  });

  it("keeps the old password working until the temporary one is used; that sign-in must choose a new one", async () => {
    const person = await registerAndConfirm();
    await reset(person.email);
    const password = await newPasswordFrom(person.email);
    // A stranger asking for a reset locks nobody out.
    expect((await login(person.username, person.password)).status).toBe(200);
    // Using the old password drops the e-mailed one.
    expect((await login(person.username, password)).status).toBe(401);

    await reset(person.email);
    const second = await newPasswordFrom(person.email);
    const { access_token, passwordToken } = await signInWithTemporary(
      person.username,
      second,
      "chosen-anew-1",
    );
    // Older sessions are over; the chosen password is the password, and the temporary one is spent.
    expect((await me(person.token)).status).toBe(401);
    expect((await me(access_token)).status).toBe(200);
    expect((await login(person.username, person.password)).status).toBe(401);
    expect((await login(person.username, second)).status).toBe(401);
    expect((await login(person.username, "chosen-anew-1")).status).toBe(200);
    // The step's token works once.
    const again = await api("/api/v1/user/auth/password/temporary", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password_token: passwordToken, new_password: "someone-else-2" }),
    });
    expect(again.status).toBe(401);
  });

  it("a temporary password works once: a second sign-in with it, or one that never chose, gets nothing", async () => {
    const person = await registerAndConfirm();
    await reset(person.email);
    const temporary = await newPasswordFrom(person.email);
    const first = await login(person.username, temporary);
    expect(await json(first)).toMatchObject({ password_change_required: true });
    // Not chosen yet: the temporary password is spent, and the old one still opens the account.
    expect((await login(person.username, temporary)).status).toBe(401);
    expect((await login(person.username, person.password)).status).toBe(200);
  });

  it("names the account in the e-mail, so a forgotten username is no dead end", async () => {
    const person = await registerAndConfirm();
    await reset(person.email);
    const [mail] = await outbox(person.email);
    expect(mail?.text).toContain(`Log in as @${person.username} with it`);
  });

  it("pre-hijacking: a registration someone made with my address is mine once I use the e-mailed password", async () => {
    const victimEmail = `${newUsername("victim")}@example.com`;
    // Someone registers with the victim's address and never confirms it (they cannot).
    const { person: squatter } = await register({ email: victimEmail });
    await reset(victimEmail);
    const password = await newPasswordFrom(victimEmail);
    const { access_token: token } = await signInWithTemporary(squatter.username, password);
    expect(await json(await me(token))).toMatchObject({ email: victimEmail, status: "ACTIVE" });
    // The squatter's password is gone; the address counts as proven now.
    expect((await login(squatter.username, squatter.password)).status).toBe(401);
    const row = await deps.db.orm.select().from(users).where(eq(users.username, squatter.username)).get();
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it("does not honour an e-mailed password after 30 minutes", async () => {
    const person = await registerAndConfirm();
    const asked = Date.now();
    await reset(person.email);
    const password = await newPasswordFrom(person.email);
    const row = await deps.db.orm.select().from(users).where(eq(users.username, person.username)).get();
    expect(row!.pendingPasswordExpiresAt! - asked).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    await deps.db.orm
      .update(users)
      .set({ pendingPasswordExpiresAt: Date.now() - 1 })
      .where(eq(users.username, person.username));
    expect((await login(person.username, password)).status).toBe(401);
  });

  it("validates the e-mail with 422", async () => {
    const res = await reset("not-an-email");
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe("email: Must be a valid email");
  });

  it("limits requests per e-mail, whether or not it is known", async () => {
    const email = `${newUsername()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await reset(email)).status).toBe(202);
    const res = await reset(email);
    expect(res.status).toBe(429);
    expect(await detail(res)).toMatch(/Try again in \d+ seconds/);
  });

  it("limits requests per address", async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++)
      expect((await reset(`${newUsername()}@example.com`, address)).status).toBe(202);
    expect((await reset(`${newUsername()}@example.com`, address)).status).toBe(429);
  });
});
