import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, users, verificationCodes } from "#worker/db/schema/index.ts";
import { api, bearer, deps, detail, form, json } from "#worker-test/api.ts";
import { noticesOf } from "#worker-test/notices.ts";
import {
  createUser,
  from,
  latestCode,
  login,
  newAddress,
  newUsername,
  outbox,
  postJson,
  register,
  registerAndConfirm,
} from "#worker-test/people.ts";

const REGISTER = "/api/v1/user/auth/register";
const confirm = (code: string, address = newAddress()) =>
  api(`/api/v1/user/auth/register/email/confirm?code=${encodeURIComponent(code)}`, {
    method: "POST",
    headers: from(address),
  });
const resend = (username: string, address = newAddress()) =>
  api(`/api/v1/user/auth/register/email/resend?username=${encodeURIComponent(username)}`, {
    method: "POST",
    headers: from(address),
  });

async function userRow(username: string) {
  return deps.db.orm.select().from(users).where(eq(users.username, username)).get();
}

/** Moves the last code e-mail a minute back, as if the person waited. */
async function waitOutCooldown(username: string) {
  await deps.db.orm
    .update(users)
    .set({ lastCodeSentAt: Date.now() - 61_000 })
    .where(eq(users.username, username));
}

describe("registering", () => {
  it("creates an unconfirmed account and e-mails a verification code", async () => {
    const { res, person } = await register();
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      username: person.username,
      email: person.email,
      message: "The verification code will be sent to your email",
    });
    expect((await userRow(person.username))?.status).toBe("UNCONFIRMED");
    const [mail] = await outbox(person.email);
    expect(mail!.text).toMatch(/^Your verification code: [A-Z2-9]{10}\n/);
  });

  it("accepts a form body as well as JSON", async () => {
    const username = newUsername();
    const res = await api(REGISTER, {
      method: "POST",
      headers: from(newAddress()),
      body: form({ username, email: `${username}@example.com`, password: "secret123" }),
    });
    expect(res.status).toBe(201);
  });

  it("stores usernames and e-mails lowercase, so case does not make a second account", async () => {
    const username = newUsername("Case");
    const { res } = await register({ username, email: `${username}@Example.COM` });
    expect(res.status).toBe(201);
    const lower = username.toLowerCase();
    expect(await userRow(lower)).toMatchObject({ email: `${lower}@example.com` });
    const again = await register({ username: lower, email: `other${lower}@example.com`.slice(0, 60) });
    expect(again.res.status).toBe(409);
    expect(await detail(again.res)).toBe("This username is taken.");
  });

  it("answers 409 for a taken username (usernames are public anyway)", async () => {
    const first = await registerAndConfirm();
    const sameName = await register({ username: first.username, email: `x${first.email}` });
    expect(sameName.res.status).toBe(409);
    expect(await detail(sameName.res)).toBe("This username is taken.");
  });

  it("enumeration: a registered address gets the same answers as a new one; only its owner hears more", async () => {
    const owner = await registerAndConfirm();
    const before = (await outbox(owner.email)).length;
    const fresh = await register();
    const taken = await register({ email: owner.email });
    // Same status, same body shape, the address echoed back either way.
    expect(taken.res.status).toBe(fresh.res.status);
    const [a, b] = [await json(fresh.res), await json(taken.res)];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(b).toEqual({ ...a, username: taken.person.username, email: owner.email });

    // The usernames behave alike afterwards: taken, waiting for a code, resend on cooldown...
    for (const person of [fresh.person, taken.person]) {
      expect((await register({ username: person.username })).res.status).toBe(409);
      const locked = await login(person.username, person.password);
      expect(locked.status).toBe(403);
      expect(await detail(locked)).toBe("Please verify your email first: enter the code we sent you.");
      expect((await resend(person.username)).status).toBe(429);
      await waitOutCooldown(person.username);
      const again = await resend(person.username);
      expect(again.status).toBe(202);
      expect(await json(again)).toEqual({ message: "An email with a new verification code will be sent" });
    }
    // ...but the owner's account is untouched, no code went out for it, and the owner was told.
    expect((await userRow(owner.username))?.status).toBe("ACTIVE");
    const mails = await outbox(owner.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.text).toMatch(/^Someone, maybe you, tried to create an Agora account with this email/);
    expect(mails[0]!.text).toContain("Forgot password");
    expect(mails[0]!.text).not.toMatch(/verification code/);
  });

  it("frees the name of a registration nobody confirmed for a day", async () => {
    const { person } = await register();
    await deps.db.orm
      .update(users)
      .set({ createdAt: Date.now() - 25 * 3600_000 })
      .where(eq(users.username, person.username));
    const again = await register({ username: person.username, email: `new${person.email}` });
    expect(again.res.status).toBe(201);
    expect((await userRow(person.username))?.email).toBe(`new${person.email}`);
  });

  it.each([
    [{ username: "ab" }, "username: Must be 3 characters or more"],
    [{ username: "a".repeat(19) }, "username: Must be 18 characters or less"],
    [{ username: "bad name" }, "username: Must be alphanumeric characters"],
    [{ username: "bad_name" }, "username: Must be alphanumeric characters"],
    [{ username: "" }, "username: Required"],
    [{ password: "12345" }, "password: Must be 6 characters or more"],
    [{ password: "p".repeat(129) }, "password: Must be 128 characters or less"],
    [{ email: "not-an-email" }, "email: Must be a valid email"],
    [{ email: "" }, "email: Required"],
    [{ ref_username: "x!" }, "ref_username"],
  ])("refuses %o with 422", async (override, expected) => {
    const username = newUsername();
    const body = { username, email: `${username}@example.com`, password: "secret123", ...override };
    const res = await postJson(REGISTER, body);
    expect(res.status).toBe(422);
    expect(await detail(res)).toContain(expected);
    expect(await userRow(username)).toBeUndefined();
  });

  it("refuses a body with a missing field with 422 naming it", async () => {
    const res = await postJson(REGISTER, { username: newUsername(), password: "secret123" });
    expect(res.status).toBe(422);
    expect(await detail(res)).toMatch(/^email: /);
  });

  it.each(["abc", `${"a".repeat(17)}z`])("accepts a username at the bounds (%s)", async (username) => {
    const res = await postJson(REGISTER, {
      username,
      email: `${newUsername()}@example.com`,
      password: "p".repeat(128),
    });
    expect(res.status).toBe(201);
  });

  it("accepts the shortest password", async () => {
    const { res } = await register({ password: "x7#kq2" });
    expect(res.status).toBe(201);
  });

  it.each(["123456", "password", "Qwerty123", "DRAGON", "iloveyou"])(
    "weak passwords: refuses %s, one of the 1,000 most common, with 422 naming the field",
    async (password) => {
      const { res, person } = await register({ password });
      expect(res.status).toBe(422);
      expect(await detail(res)).toBe(
        "password: This password is too common. Choose one that is harder to guess.",
      );
      expect(await userRow(person.username)).toBeUndefined();
    },
  );

  it("limits registrations per address", async () => {
    const address = newAddress();
    let last: Response | null = null;
    for (let i = 0; i < 21; i++) {
      const username = newUsername();
      last = await postJson(
        REGISTER,
        { username, email: `${username}@example.com`, password: "secret123" },
        address,
      );
    }
    expect(last!.status).toBe(429);
    expect(await detail(last!)).toMatch(/Try again in \d+ seconds/);
  });

  it("links the referrer given by ref_username and tells them once the account is confirmed", async () => {
    const referrer = await createUser();
    const person = await registerAndConfirm({ ref_username: referrer.username });
    const me = await json<{ referrer_username: string | null; username: string }>(
      await api("/api/v1/private/user/auth/me", { headers: bearer(person.token) }),
    );
    expect(me.referrer_username).toBe(referrer.username);
    // The referrer's inbox keeps it (docs/decisions/223): their list shows it, D1 has none.
    const told = await noticesOf(referrer);
    expect(told.map((n) => [n.kind, n.link])).toEqual([["REFERRAL", `/user/${me.username}`]]);
    const inD1 = await deps.db.orm
      .select()
      .from(notifications)
      .where(eq(notifications.userId, referrer.id))
      .all();
    expect(inD1).toEqual([]);
  });

  it("ignores a referrer that does not exist", async () => {
    const person = await registerAndConfirm({ ref_username: "nobodyhere" });
    const me = await json<{ referrer_username: string | null }>(
      await api("/api/v1/private/user/auth/me", { headers: bearer(person.token) }),
    );
    expect(me.referrer_username).toBeNull();
  });
});

describe("confirming the e-mail", () => {
  it("takes only the code, activates the account and signs it in", async () => {
    const { person } = await register();
    const locked = await login(person.username, person.password);
    expect(locked.status).toBe(403);
    expect(await detail(locked)).toBe("Please verify your email first: enter the code we sent you.");

    const res = await confirm(await latestCode(person.email));
    expect(res.status).toBe(200);
    const { access_token, token_type } = await json<{ access_token: string; token_type: string }>(res);
    expect(token_type).toBe("bearer");
    const me = await api("/api/v1/private/user/auth/me", { headers: bearer(access_token) });
    expect(me.status).toBe(200);
    expect((await userRow(person.username))?.status).toBe("ACTIVE");
    expect((await login(person.username, person.password)).status).toBe(200);
  });

  it("answers 409 when the code was already used", async () => {
    const { person } = await register();
    const code = await latestCode(person.email);
    expect((await confirm(code)).status).toBe(200);
    const again = await confirm(code);
    expect(again.status).toBe(409);
    expect(await detail(again)).toBe("This account is already verified. Please log in.");
  });

  it("accepts the code typed in lowercase", async () => {
    const { person } = await register();
    expect((await confirm((await latestCode(person.email)).toLowerCase())).status).toBe(200);
  });

  it("refuses a wrong code with 400 and a short one with 422", async () => {
    const wrong = await confirm("ZZZZZZZZZZ");
    expect(wrong.status).toBe(400);
    expect(await detail(wrong)).toBe("This verification code is not valid.");
    const short = await confirm("ABC12");
    expect(short.status).toBe(422);
    expect(await detail(short)).toBe("code: Verification code must be at least 6 characters");
    const missing = await api("/api/v1/user/auth/register/email/confirm", { method: "POST" });
    expect(missing.status).toBe(422);
    expect(await detail(missing)).toBe("code: Verification code is required");
  });

  it("refuses an expired code", async () => {
    const { person } = await register();
    const row = await userRow(person.username);
    await deps.db.orm
      .update(verificationCodes)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(verificationCodes.userId, row!.id));
    const res = await confirm(await latestCode(person.email));
    expect(res.status).toBe(400);
    expect(await detail(res)).toBe("This verification code has expired. Ask for a new one.");
    expect((await userRow(person.username))?.status).toBe("UNCONFIRMED");
  });

  it("stores only a hash of the code", async () => {
    const { person } = await register();
    const code = await latestCode(person.email);
    const rows = await deps.db.orm.select().from(verificationCodes).all();
    expect(rows.some((r) => r.codeHash.includes(code))).toBe(false);
  });

  it("limits wrong codes per address", async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await confirm(`WRONG${i}CODE`, address)).status).toBe(400);
    const blocked = await confirm("WRONGXCODE", address);
    expect(blocked.status).toBe(429);
    expect(await detail(blocked)).toMatch(/Try again in \d+ seconds/);
    // Even the right code waits: the address is out of guesses.
    const { person } = await register();
    expect((await confirm(await latestCode(person.email), address)).status).toBe(429);
  });
});

describe("resending the code", () => {
  it("is refused within 60 seconds of the last code, then sends a new one that replaces it", async () => {
    const { person } = await register();
    const firstCode = await latestCode(person.email);
    const early = await resend(person.username);
    expect(early.status).toBe(429);
    expect(await detail(early)).toMatch(/^Wait \d+ seconds before asking for a new code\.$/);

    await waitOutCooldown(person.username);
    const res = await resend(person.username);
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({ message: "An email with a new verification code will be sent" });
    const secondCode = await latestCode(person.email);
    expect(secondCode).not.toBe(firstCode);
    expect((await confirm(firstCode)).status).toBe(400);
    expect((await confirm(secondCode)).status).toBe(200);
  });

  it("answers 409 once the account is confirmed", async () => {
    const person = await registerAndConfirm();
    await waitOutCooldown(person.username);
    const res = await resend(person.username);
    expect(res.status).toBe(409);
  });

  it("answers 404 for an unknown username and 422 without one", async () => {
    expect((await resend("nosuchperson")).status).toBe(404);
    const res = await api("/api/v1/user/auth/register/email/resend", { method: "POST" });
    expect(res.status).toBe(422);
    expect(await detail(res)).toMatch(/^username: /);
  });
});
