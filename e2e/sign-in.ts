import type { APIRequestContext, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { lane } from "./lane";

// How journeys get a signed-in person: a demo person or an account made for the run, signed in
// through the API and handed to a browser as the session cookie, or through a login form as a
// person would.

/** Every demo person of the seed (worker/src/dev/seed.ts) has this password. */
export const DEMO_PASSWORD = "password";

/** The password field (its label also carries the required star and a Show password button). */
export const PASSWORD_LABEL = /^Password/;

let seq = 0;

/**
 * The second number of the addresses this file's accounts come from: each file counts its accounts
 * from 1, so without it the files of a lane would all register their first accounts from the same
 * addresses, and a lane's later files would meet the hourly limit per address.
 */
const FILE_NET = 100 + Math.floor(Math.random() * 150);

/** A new person's details, unique within the run. */
export function newPerson() {
  seq += 1;
  const username = `e2e${Date.now().toString(36).slice(-6)}${seq}`;
  return { username, email: `${username}@example.com`, password: "secret-pass-1" };
}

/** The texts of the e-mails the dev outbox holds for an address, newest first. */
export async function outbox(request: APIRequestContext, email: string): Promise<string[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { list: Array<{ text: string }> }).list.map((m) => m.text);
}

export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  for (const text of await outbox(request, email)) {
    const match = /Your verification code: (\w+)/.exec(text);
    if (match) return match[1]!;
  }
  throw new Error(`no code for ${email}`);
}

/**
 * An account made through the API and confirmed with the e-mailed code, with its access token.
 * Each comes from its own address, as different people do: registration is limited per address,
 * and the run makes more accounts than one address may in an hour. (Locally the client's
 * CF-Connecting-IP is kept; Cloudflare sets it itself in production, so nobody can pick theirs.)
 */
export async function newAccount(request: APIRequestContext, options: { trustLevel?: 0 | 1 | 2 } = {}) {
  const person = newPerson();
  const from = { "cf-connecting-ip": `10.${FILE_NET}.${Math.floor(seq / 250) % 250}.${(seq % 250) + 1}` };
  const registered = await request.post("/api/v1/user/auth/register", { data: person, headers: from });
  expect(registered.status()).toBe(201);
  const code = await latestCode(request, person.email);
  const confirmed = await request.post(`/api/v1/user/auth/register/email/confirm?code=${code}`, {
    headers: from,
  });
  expect(confirmed.status()).toBe(200);
  const { access_token: token } = (await confirmed.json()) as { access_token: string };
  // A fresh account is new (trust level 0) and may post only a little a day; journeys that post a
  // lot make it a regular unless they are about new accounts.
  const level = options.trustLevel ?? 2;
  if (level !== 0) {
    const fixed = await request.post(`/api/dev/trust-level?username=${person.username}&level=${level}`);
    expect(fixed.status()).toBe(200);
  }
  return { ...person, token };
}

/** The access token the API's login gives, as the login form gets it. */
export async function accessToken(username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${lane().baseUrl}/api/v1/user/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Signs a browser in, as the SPA keeps a session: the access_token cookie. `who` is a demo
 * person's username, or an account whose token is at hand. Answers the token.
 */
export async function signIn(context: BrowserContext, who: string | { token: string }): Promise<string> {
  const token = typeof who === "string" ? await accessToken(who) : who.token;
  await context.addCookies([{ name: "access_token", value: token, url: lane().baseUrl }]);
  return token;
}

/** Fills a login form (the dialog, /signin, the admin site's) and presses Log In. */
export async function submitLogin(form: Page | Locator, username: string, password: string): Promise<void> {
  await form.getByLabel("Username").fill(username);
  await form.getByLabel(PASSWORD_LABEL).fill(password);
  await form.getByRole("button", { name: "Log In" }).click();
}
