import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import app from "#worker/app.ts";
import { googleExchangeCodes, users } from "#worker/db/schema/index.ts";
import { api, bearer, deps, env, json } from "#worker-test/api.ts";
import { createUser, login, newAddress, newUsername, register } from "#worker-test/people.ts";

// Google is played by an intercepted fetch: a token endpoint that answers an ID token this test
// signs with its own RSA key, and a key endpoint that publishes that key.

const GOOGLE_ENV = {
  ...env,
  GOOGLE_CLIENT_ID: "agora-client.apps.example",
  GOOGLE_CLIENT_SECRET: "client-secret",
  GOOGLE_AUTH_URL: "https://google.test/o/oauth2/v2/auth",
  GOOGLE_TOKEN_URL: "https://google.test/token",
  GOOGLE_JWKS_URL: "https://google.test/certs",
};

interface TestKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JsonWebKey & { kid: string };
}

async function makeKey(kid: string): Promise<TestKey> {
  const pair = (await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
  return { kid, privateKey: pair.privateKey, jwk: { ...jwk, kid, alg: "RS256", use: "sig" } };
}

function base64Url(data: string | ArrayBuffer): string {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function signIdToken(key: TestKey, claims: Record<string, unknown>, alg = "RS256"): Promise<string> {
  const input = `${base64Url(JSON.stringify({ alg, kid: key.kid, typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}`;
  const signature = await crypto.subtle.sign(
    "RSASSA-PKCS1-v1_5",
    key.privateKey,
    new TextEncoder().encode(input),
  );
  return `${input}.${base64Url(signature)}`;
}

const googleKey = makeKey("key-1");
const impostorKey = makeKey("key-1");

afterEach(() => vi.restoreAllMocks());

/** Starts the sign-in as a browser would: the redirect to Google and the cookie it sets. */
async function start(query = "") {
  const res = await app.request(`/api/v1/user/auth/oauth/google/login${query}`, {}, GOOGLE_ENV);
  const location = new URL(res.headers.get("location") ?? "http://none");
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  return {
    res,
    location,
    cookie,
    state: location.searchParams.get("state")!,
    nonce: location.searchParams.get("nonce")!,
  };
}

interface Finish {
  claims?: Record<string, unknown>;
  key?: TestKey;
  cookie?: string;
  state?: string;
  alg?: string;
}

/** Google sends the browser back; the Worker trades the code and checks the ID token. */
async function finish(flow: Awaited<ReturnType<typeof start>>, options: Finish = {}) {
  const key = options.key ?? (await googleKey);
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: "https://accounts.google.com",
    aud: GOOGLE_ENV.GOOGLE_CLIENT_ID,
    sub: `google-${newUsername()}`,
    email: `${newUsername("g")}@gmail.test`,
    email_verified: true,
    name: "Gabriela Google",
    picture: "https://lh3.googleusercontent.test/photo.jpg",
    nonce: flow.nonce,
    iat: now,
    exp: now + 3600,
    ...options.claims,
  };
  const idToken = await signIdToken(key, claims, options.alg);
  const calls: Array<{ url: string; body: string }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    calls.push({ url: request.url, body: await request.text() });
    if (request.url === GOOGLE_ENV.GOOGLE_TOKEN_URL)
      return Response.json({ id_token: idToken, token_type: "Bearer" });
    if (request.url === GOOGLE_ENV.GOOGLE_JWKS_URL) return Response.json({ keys: [(await googleKey).jwk] });
    return new Response("unexpected", { status: 500 });
  });
  const state = options.state ?? flow.state;
  const res = await app.request(
    `/api/v1/user/auth/oauth/google/callback?code=auth-code-1&state=${encodeURIComponent(state)}`,
    { headers: { cookie: options.cookie ?? flow.cookie } },
    GOOGLE_ENV,
  );
  const location = res.headers.get("location") ?? "";
  const back = new URL(location, "http://localhost");
  return {
    res,
    location,
    code: back.searchParams.get("code"),
    error: back.searchParams.get("error"),
    cookie: options.cookie ?? flow.cookie,
    calls,
    claims,
  };
}

/** The SPA trades `/signin?code=` for a token, from the browser holding `cookie`. */
function exchange(code: string | null, cookie: string, address = newAddress()) {
  return app.request(
    "/api/v1/user/auth/google/exchange",
    {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "cf-connecting-ip": address },
      body: JSON.stringify({ code }),
    },
    GOOGLE_ENV,
  );
}

/** A finished round trip's token, traded as the SPA does. */
async function tokenOf(done: Awaited<ReturnType<typeof finish>>): Promise<string> {
  const res = await exchange(done.code, done.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ access_token: string }>(res)).access_token;
}

async function whoIs(token: string) {
  const res = await api("/api/v1/private/user/auth/me", { headers: bearer(token) });
  return res.status === 200 ? (await json<{ username: string; email: string }>(res)).username : res.status;
}

describe("Google sign-in", () => {
  it("answers 503 without its configuration", async () => {
    const res = await api("/api/v1/user/auth/oauth/google/login");
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ detail: "Google sign-in is not configured", code: "not_configured" });
    expect((await api("/api/v1/user/auth/oauth/google/callback?code=x&state=y")).status).toBe(503);
  });

  it("redirects to Google with the client, a signed state, the scope and a browser-bound nonce", async () => {
    const flow = await start();
    expect(flow.res.status).toBe(302);
    expect(`${flow.location.origin}${flow.location.pathname}`).toBe(GOOGLE_ENV.GOOGLE_AUTH_URL);
    const q = flow.location.searchParams;
    expect(q.get("client_id")).toBe(GOOGLE_ENV.GOOGLE_CLIENT_ID);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("redirect_uri")).toBe("http://localhost/api/v1/user/auth/oauth/google/callback");
    expect(flow.state.split(".")).toHaveLength(3);
    expect(flow.cookie).toBe(`agora_oauth_nonce=${flow.nonce}`);
    expect(flow.res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(flow.res.headers.get("set-cookie")).toMatch(/Path=\/api\/v1\/user\/auth;/);
  });

  it("creates an active account for a new person and returns to the site with a code, not a token", async () => {
    const flow = await start();
    const done = await finish(flow);
    expect(done.res.status).toBe(302);
    expect(done.location).toMatch(/^\/signin\?code=[a-z0-9]{32}$/);
    const token = await tokenOf(done);
    const me = await json<{ email: string; username: string; status: string; profile_name: string }>(
      await api("/api/v1/private/user/auth/me", { headers: bearer(token) }),
    );
    expect(me.email).toBe(done.claims.email);
    expect(me.status).toBe("ACTIVE");
    expect(me.profile_name).toBe("Gabriela Google");
    expect(me.username).toMatch(/^[a-z0-9]{3,18}$/);
    // The code was traded with the client's secret and the same redirect address.
    const exchange = new URLSearchParams(done.calls.find((c) => c.url === GOOGLE_ENV.GOOGLE_TOKEN_URL)!.body);
    expect(Object.fromEntries(exchange)).toMatchObject({
      code: "auth-code-1",
      client_secret: "client-secret",
      grant_type: "authorization_code",
      redirect_uri: "http://localhost/api/v1/user/auth/oauth/google/callback",
    });
  });

  it("signs the same person into the same account the next time", async () => {
    const sub = `google-${newUsername()}`;
    const email = `${newUsername("same")}@gmail.test`;
    const first = await finish(await start(), { claims: { sub, email } });
    const second = await finish(await start(), { claims: { sub, email } });
    const who = async (token: string) =>
      (
        await json<{ username: string }>(
          await api("/api/v1/private/user/auth/me", { headers: bearer(token) }),
        )
      ).username;
    expect(await who(await tokenOf(second))).toBe(await who(await tokenOf(first)));
  });

  it("links an existing account whose address was proven, and its password keeps working", async () => {
    const user = await createUser();
    const email = `${user.username}@example.com`;
    const done = await finish(await start(), { claims: { email } });
    expect(await whoIs(await tokenOf(done))).toBe(user.username);
    // Their password still works: linking adds a way in, it does not take one away.
    expect((await login(user.username, "password")).status).toBe(200);
    expect(await whoIs(user.token)).toBe(user.username);
  });

  it("pre-hijacking: an account holding someone's address unproven is theirs after Google; its maker is out", async () => {
    // Made before addresses were proven, or moved to the victim's address without proof.
    const victimEmail = `${newUsername("victim")}@gmail.test`;
    const squatter = await createUser({ email: victimEmail, emailVerifiedAt: null });
    const done = await finish(await start(), { claims: { email: victimEmail } });
    const token = await tokenOf(done);
    expect(await whoIs(token)).toBe(squatter.username);
    // The squatter's session and password no longer open it.
    expect(await whoIs(squatter.token)).toBe(401);
    expect((await login(squatter.username, "password")).status).toBe(401);
    const row = await deps.db.orm.select().from(users).where(eq(users.id, squatter.id)).get();
    expect(row?.emailVerifiedAt).not.toBeNull();
    // The next Google sign-in links as usual, without ending the new session.
    await tokenOf(await finish(await start(), { claims: { email: victimEmail, sub: done.claims.sub } }));
    expect(await whoIs(token)).toBe(squatter.username);
  });

  it("activates a waiting registration with that e-mail and drops the password nobody proved", async () => {
    const { person } = await register();
    const done = await finish(await start(), { claims: { email: person.email } });
    expect(await whoIs(await tokenOf(done))).toBe(person.username);
    const row = await deps.db.orm.select().from(users).where(eq(users.username, person.username)).get();
    expect(row?.status).toBe("ACTIVE");
    expect((await login(person.username, person.password)).status).toBe(401);
  });

  it("carries a referrer through the round trip", async () => {
    const referrer = await createUser();
    const done = await finish(await start(`?ref_username=${referrer.username}`));
    const me = await json<{ referrer_username: string | null }>(
      await api("/api/v1/private/user/auth/me", { headers: bearer(await tokenOf(done)) }),
    );
    expect(me.referrer_username).toBe(referrer.username);
  });

  it("session swap: the code is traded once, only by the browser that started, within 60 seconds", async () => {
    const done = await finish(await start());
    // A link forwarded to, or planted in, another browser signs nobody in there.
    expect((await exchange(done.code, "")).status).toBe(400);
    expect((await exchange(done.code, "agora_oauth_nonce=another-browsers")).status).toBe(400);
    const other = await start();
    expect((await exchange(done.code, other.cookie)).status).toBe(400);
    const res = await exchange(done.code, done.cookie);
    expect(res.status).toBe(200);
    // The exchange clears the nonce cookie, and a second trade of the same code fails.
    expect(res.headers.get("set-cookie")).toMatch(/agora_oauth_nonce=;.*Max-Age=0/);
    const again = await exchange(done.code, done.cookie);
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({
      detail: "This sign-in link has expired or was already used. Please sign in again.",
      code: "bad_request",
    });

    const late = await finish(await start());
    await deps.db.orm.update(googleExchangeCodes).set({ expiresAt: Date.now() - 1 });
    expect((await exchange(late.code, late.cookie)).status).toBe(400);
    expect((await exchange("not-a-code", late.cookie)).status).toBe(400);
  });

  it("limits wrong exchange codes per address", async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await exchange(`guess${i}`, "", address)).status).toBe(400);
    expect((await exchange("guess", "", address)).status).toBe(429);
  });

  it("returns with error=account_suspended for a suspended account", async () => {
    const user = await createUser({ status: "SUSPENDED" });
    const done = await finish(await start(), { claims: { email: `${user.username}@example.com` } });
    expect(done.location).toBe("/signin?error=account_suspended");
  });

  it.each<[string, (flow: Awaited<ReturnType<typeof start>>) => Promise<Finish>, string]>([
    ["a token for another client", async () => ({ claims: { aud: "someone-else" } }), "login_failed"],
    ["a token from another issuer", async () => ({ claims: { iss: "https://evil.test" } }), "login_failed"],
    [
      "an expired token",
      async () => ({ claims: { exp: Math.floor(Date.now() / 1000) - 3600 } }),
      "login_failed",
    ],
    ["a token signed by another key", async () => ({ key: await impostorKey }), "login_failed"],
    ["a token with another nonce", async () => ({ claims: { nonce: "replayed" } }), "login_failed"],
    ["an unverified e-mail", async () => ({ claims: { email_verified: false } }), "email_not_verified"],
    ["a token that names another algorithm", async () => ({ alg: "HS256" }), "login_failed"],
    [
      "a state from another browser",
      async () => ({ cookie: "agora_oauth_nonce=someone-elses" }),
      "login_failed",
    ],
    ["a state without its cookie", async () => ({ cookie: "" }), "login_failed"],
    ["a forged state", async (flow) => ({ state: `${flow.state.slice(0, -4)}AAAA` }), "login_failed"],
  ])("refuses %s and returns with a known error code", async (_, options, code) => {
    const flow = await start();
    const done = await finish(flow, await options(flow));
    expect(done.res.status).toBe(302);
    expect(done.location).toBe(`/signin?error=${code}`);
    const created = await deps.db.orm
      .select()
      .from(users)
      .where(eq(users.email, String(done.claims.email)))
      .get();
    expect(created).toBeUndefined();
  });

  it("returns with error=cancelled when the person cancels at Google, never with Google's words", async () => {
    const res = await app.request(
      "/api/v1/user/auth/oauth/google/callback?error=access_denied",
      {},
      GOOGLE_ENV,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signin?error=cancelled");
    const odd = await app.request(
      `/api/v1/user/auth/oauth/google/callback?error=${encodeURIComponent("<b>Your account is locked, call us</b>")}`,
      {},
      GOOGLE_ENV,
    );
    expect(odd.headers.get("location")).toBe("/signin?error=login_failed");
  });
});
