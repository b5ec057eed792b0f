import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MFA_MSG } from "#shared/schemas/two-factor.ts";
import { admins, passkeys } from "#worker/db/schema/index.ts";
import { hashPassword } from "#worker/lib/password.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { api, bearer, deps, env, form, json, jsonBody } from "#worker-test/api.ts";
import {
  createUser,
  from,
  login,
  newAddress,
  newUsername,
  outbox,
  type TestUser,
} from "#worker-test/people.ts";
import { freshCode, makePasskeyResponse, totpCode } from "#worker-test/two-factor.ts";

// What a stolen session may not do (ADR 131): add a passkey, turn the app on, make new recovery
// codes, change the password or e-mail without a recent proof; a staff token that never proved a
// factor opens nothing once one is on; wrong codes lock out only the address that typed them.

const P = "/api/v1/private/user/auth";
const A = "/api/admin/private/auth";
const now = () => Math.floor(Date.now() / 1000);
const post = (path: string, body: unknown, auth: Record<string, string> = {}, address = newAddress()) =>
  api(path, { method: "POST", ...jsonBody(body, { ...auth, ...from(address) }) });

/** A session as a thief holds it: the person's, but its sign-in (password, factor) an hour old. */
async function staleSession(user: { id: number }, kind: "user" | "admin" = "user", version = 0) {
  const hourAgo = now() - 3600;
  const token = await signAccessToken(env.JWT_SECRET, kind, user.id, version, { passwordAt: hourAgo });
  return bearer(token);
}

async function withTotp(user: TestUser) {
  const setup = await api(`${P}/totp/setup`, { method: "POST", headers: user.auth });
  expect(setup.status).toBe(200);
  const { secret } = await json<{ secret: string }>(setup);
  const on = await post(`${P}/totp/enable`, { code: freshCode(secret) }, user.auth);
  expect(on.status).toBe(200);
  return secret;
}

async function registerPasskey(auth: Record<string, string>, headers: Record<string, string> = {}) {
  const options = await api(`${P}/passkey/register/options`, {
    method: "POST",
    headers: { ...auth, ...headers },
  });
  if (options.status !== 200) return options;
  const { options: o } = await json<{ options: { challenge: string; rp: { id?: string } } }>(options);
  return api(`${P}/passkey/register`, {
    method: "POST",
    ...jsonBody({ response: await makePasskeyResponse(o), name: "Thief's key" }, { ...auth, ...headers }),
  });
}

const stepUp = async (auth: Record<string, string>, body: unknown) => {
  const res = await post(`${P}/step-up`, body, auth);
  return {
    res,
    auth: res.status === 200 ? bearer((await json<{ access_token: string }>(res)).access_token) : null,
  };
};

const mailsTo = async (user: TestUser) =>
  (await outbox(`${user.username}@example.com`)) as Array<{ subject: string; text: string }>;

describe("a session that proved nothing lately (a thief's)", () => {
  it("cannot register a passkey once the owner turned the app on: step-up is asked, and the password is not enough", async () => {
    const owner = await createUser();
    const thief = await staleSession(owner);
    const secret = await withTotp(owner);
    const options = await api(`${P}/passkey/register/options`, { method: "POST", headers: thief });
    expect(options.status).toBe(403);
    expect(await json(options)).toMatchObject({ code: "step_up_required" });
    // Nor with the options a fresh session got: the registration asks again.
    const { options: o } = await json<{ options: { challenge: string; rp: { id?: string } } }>(
      await api(`${P}/passkey/register/options`, {
        method: "POST",
        headers: (await stepUp(owner.auth, { code: freshCode(secret) })).auth!,
      }),
    );
    const res = await post(`${P}/passkey/register`, { response: await makePasskeyResponse(o) }, thief);
    expect(res.status).toBe(403);
    // The password alone does not stand in for the factor.
    const byPassword = await stepUp(thief, { password: "password" });
    expect(byPassword.res.status).toBe(403);
    expect(
      await deps.db.orm.select().from(passkeys).where(eq(passkeys.ownerId, owner.id)).all(),
    ).toHaveLength(0);
  });

  it("on an account with no factor, adding a passkey or turning the app on asks for the password again", async () => {
    const owner = await createUser();
    const thief = await staleSession(owner);
    const setup = await api(`${P}/totp/setup`, { method: "POST", headers: thief });
    expect(setup.status).toBe(403);
    expect(await json(setup)).toEqual({ detail: MFA_MSG.reauthRequired, code: "reauth_required" });
    expect((await registerPasskey(thief)).status).toBe(403);
    // A wrong password proves nothing; the right one gives a token good for five minutes.
    expect((await stepUp(thief, { password: "not-the-password" })).res.status).toBe(403);
    const proved = await stepUp(thief, { password: "password" });
    expect(proved.res.status).toBe(200);
    expect((await registerPasskey(proved.auth!)).status).toBe(201);
  });

  it("cannot change the password or the e-mail without a fresh factor when the person has one", async () => {
    const owner = await createUser();
    const secret = await withTotp(owner);
    const thief = await staleSession(owner);
    const password = await api(`${P}/update/password`, {
      method: "PATCH",
      headers: thief,
      body: form({ old_password: "password", new_password: "stolen-account-1" }),
    });
    expect(password.status).toBe(403);
    expect(await json(password)).toMatchObject({ code: "step_up_required" });
    const email = await api(`${P}/update/email`, {
      method: "PATCH",
      headers: thief,
      body: form({ new_email: `${newUsername()}@example.com`, password: "password" }),
    });
    expect(email.status).toBe(403);
    expect((await login(owner.username, "stolen-account-1")).status).toBe(401);
    // With a code proved now, the owner changes it.
    const { auth } = await stepUp(owner.auth, { code: freshCode(secret) });
    const ok = await api(`${P}/update/password`, {
      method: "PATCH",
      headers: auth!,
      body: form({ old_password: "password", new_password: "a-new-password-2" }),
    });
    expect(ok.status).toBe(202);
  });

  it("cannot make new recovery codes; a fresh code can, and the old ones stop working", async () => {
    const owner = await createUser();
    const secret = await withTotp(owner);
    expect((await post(`${P}/recovery-codes`, {}, await staleSession(owner))).status).toBe(403);
    const { auth } = await stepUp(owner.auth, { code: freshCode(secret) });
    const res = await post(`${P}/recovery-codes`, {}, auth!);
    expect(res.status).toBe(200);
    const { recovery_codes } = await json<{ recovery_codes: string[] }>(res);
    expect(recovery_codes).toHaveLength(10);
    const [mail] = await mailsTo(owner);
    expect(mail?.subject).toBe("New recovery codes were made for your Agora account");
    expect(mail?.text).not.toContain(recovery_codes[0]);
  });
});

describe("passkeys the owner can review", () => {
  it("every addition is e-mailed with a link to review; the list says when and from where", async () => {
    const owner = await createUser();
    const res = await registerPasskey(owner.auth, {
      "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36",
      "cf-connecting-ip": "203.0.113.9",
      "cf-ipcountry": "BR",
    });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo(owner);
    expect(mail?.subject).toBe("A passkey was added to your Agora account");
    expect(mail?.text).toContain("/settings/account");
    const list = await json<{ passkeys: Array<{ name: string; created_from: string; recent: boolean }> }>(
      await api(`${P}/passkey/list`, { headers: owner.auth }),
    );
    expect(list.passkeys).toEqual([
      expect.objectContaining({
        name: "Thief's key",
        created_from: "Chrome on Android · 203.0.113.9 · BR",
        recent: true,
      }),
    ]);
  });

  it("a password change can remove the passkeys added in the last 24 hours, without asking for them", async () => {
    const owner = await createUser();
    // A thief with the session and the password added a key: the owner, who has no other factor,
    // changes the password with the old one alone and takes the key away.
    expect((await registerPasskey(owner.auth)).status).toBe(201);
    const res = await api(`${P}/update/password`, {
      method: "PATCH",
      headers: owner.auth,
      body: form({ old_password: "password", new_password: "fresh-start-3", remove_recent_passkeys: "true" }),
    });
    expect(res.status).toBe(202);
    expect(
      await deps.db.orm.select().from(passkeys).where(eq(passkeys.ownerId, owner.id)).all(),
    ).toHaveLength(0);
    const mails = await mailsTo(owner);
    expect(mails.some((m) => m.subject === "A passkey was removed from your Agora account")).toBe(true);
    expect(mails[0]?.subject).toBe("Your Agora password was changed");
    expect(mails[0]?.text).toContain("Thief's key");
  });

  it("a password change asks for a fresh factor when the person has had one for more than a day", async () => {
    const owner = await createUser();
    await deps.db.orm.insert(passkeys).values({
      ownerKind: "user",
      ownerId: owner.id,
      credentialId: `old-${owner.id}`,
      publicKey: "x",
      name: "Old phone",
      createdAt: Date.now() - 48 * 3600_000,
    });
    const res = await api(`${P}/update/password`, {
      method: "PATCH",
      headers: owner.auth,
      body: form({ old_password: "password", new_password: "fresh-start-3", remove_recent_passkeys: "true" }),
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ code: "step_up_required" });
    const list = await json<{ passkeys: Array<{ recent: boolean }> }>(
      await api(`${P}/passkey/list`, { headers: owner.auth }),
    );
    expect(list.passkeys).toEqual([expect.objectContaining({ recent: false })]);
  });

  it("sign out everywhere ends every session, this one too, and can remove recent passkeys", async () => {
    const owner = await createUser();
    expect((await registerPasskey(owner.auth)).status).toBe(201);
    const other = await login(owner.username, "password");
    const otherAuth = bearer((await json<{ access_token: string }>(other)).access_token);
    const res = await api(`${P}/sign-out-everywhere`, {
      method: "POST",
      headers: owner.auth,
      body: form({ remove_recent_passkeys: "true" }),
    });
    expect(res.status).toBe(202);
    expect((await api(`${P}/me`, { headers: owner.auth })).status).toBe(401);
    expect((await api(`${P}/me`, { headers: otherAuth })).status).toBe(401);
    expect(
      await deps.db.orm.select().from(passkeys).where(eq(passkeys.ownerId, owner.id)).all(),
    ).toHaveLength(0);
    expect((await mailsTo(owner))[0]?.subject).toBe("You were signed out of Agora everywhere");
  });
});

describe("wrong second-factor codes", () => {
  it("lock out the address that typed them, not the owner elsewhere", async () => {
    const owner = await createUser();
    const secret = await withTotp(owner);
    const attacker = newAddress();
    const right = totpCode(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const mfaToken = async (address: string) =>
      (await json<{ mfa_token: string }>(await login(owner.username, "password", address))).mfa_token;
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post(
            "/api/v1/user/auth/login/mfa",
            { mfa_token: await mfaToken(attacker), code: wrong },
            {},
            attacker,
          )
        ).status,
      ).toBe(403);
    // The limit is checked before the code, so the refused attempt spends no code: the owner's next
    // fresh one stays within a step of now (a code spent here would push it two steps ahead).
    const locked = await post(
      "/api/v1/user/auth/login/mfa",
      { mfa_token: await mfaToken(attacker), code: totpCode(secret) },
      {},
      attacker,
    );
    expect(locked.status).toBe(429);
    const home = newAddress();
    const res = await post(
      "/api/v1/user/auth/login/mfa",
      { mfa_token: await mfaToken(home), code: freshCode(secret) },
      {},
      home,
    );
    expect(res.status).toBe(200);
  });
});

describe("staff tokens", () => {
  async function staffWithoutFactor() {
    const username = newUsername("staff");
    const row = await deps.db.orm
      .insert(admins)
      .values({
        username,
        email: `${username}@agora.example`,
        passwordHash: await hashPassword("staff-password"),
      })
      .returning({ id: admins.id })
      .get();
    const signIn = async () => {
      const res = await api("/api/admin/auth/login", {
        method: "POST",
        headers: from(newAddress()),
        body: form({ username, password: "staff-password" }),
      });
      return bearer((await json<{ access_token: string }>(res)).access_token);
    };
    return { id: row.id, username, signIn };
  }

  it("a token from before the factor was turned on opens nothing after, and the change ends other sessions", async () => {
    const staff = await staffWithoutFactor();
    const early = await staff.signIn();
    expect((await api("/api/admin/private/admin/list", { headers: early })).status).toBe(403);
    const setter = await staff.signIn();
    const setup = await api(`${A}/totp/setup`, { method: "POST", headers: setter });
    const { secret } = await json<{ secret: string }>(setup);
    const on = await post(`${A}/totp/enable`, { code: freshCode(secret) }, setter);
    expect(on.status).toBe(200);
    const { access_token } = await json<{ access_token: string }>(on);
    // The early token reads nothing and registers nothing; the one answered with the change works.
    expect((await api("/api/admin/private/admin/list", { headers: early })).status).toBe(401);
    expect((await api(`${A}/passkey/register/options`, { method: "POST", headers: early })).status).toBe(401);
    expect((await api("/api/admin/private/admin/list", { headers: setter })).status).toBe(401);
    expect((await api("/api/admin/private/admin/list", { headers: bearer(access_token) })).status).toBe(200);
  });

  it("a token of the current version that never proved a factor is refused once the account has one", async () => {
    const staff = await staffWithoutFactor();
    const secretSetter = await staff.signIn();
    const { secret } = await json<{ secret: string }>(
      await api(`${A}/totp/setup`, { method: "POST", headers: secretSetter }),
    );
    expect((await post(`${A}/totp/enable`, { code: freshCode(secret) }, secretSetter)).status).toBe(200);
    const row = await deps.db.orm.select().from(admins).where(eq(admins.id, staff.id)).get();
    // Signed with the account's current version, but proving only the password.
    const forged = await staleSession({ id: staff.id }, "admin", row!.tokenVersion);
    expect((await api("/api/admin/private/admin/list", { headers: forged })).status).toBe(401);
  });
});
