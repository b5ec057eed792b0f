import { admins, users } from "#worker/db/schema/index.ts";
import { hashPassword } from "#worker/lib/password.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { api, bearer, deps, env, form, json } from "./api";
import { enrollTotp, freshCode } from "./two-factor";

// People for the tests: signed-in users made straight in the database, and the account flows
// (register, confirm, log in) driven through the API from distinct addresses, with the dev outbox
// read the way a person reads their inbox.

/** A signed-in person: their id and username, a user token and its Authorization header. */
export interface TestUser {
  id: number;
  username: string;
  token: string;
  auth: Record<string, string>;
}

let userSeq = 0;
let sharedHash: Promise<string> | null = null;

/**
 * An ACTIVE user straight in the database, with a valid token: for tests of features that need a
 * signed-in person but are not about signing in. Every such user's password is "password".
 */
export async function createUser(
  overrides: Partial<typeof users.$inferInsert> & { username?: string } = {},
): Promise<TestUser> {
  userSeq += 1;
  const username = overrides.username ?? `user${userSeq}${Math.floor(Math.random() * 1e6)}`.slice(0, 18);
  sharedHash ??= hashPassword("password");
  const row = await deps.db.orm
    .insert(users)
    .values({
      email: `${username}@example.com`,
      passwordHash: await sharedHash,
      status: "ACTIVE",
      // As if they had entered their registration code; tests of unproven addresses override it.
      emailVerifiedAt: Date.now(),
      // A regular whose level staff fixed, so tests of other rules meet only each path's own
      // limits; tests of trust levels override these.
      trustLevel: 2,
      trustLevelManual: true,
      trustLevelAt: Date.now(),
      ...overrides,
      username,
    })
    .returning({ id: users.id, tokenVersion: users.tokenVersion })
    .get();
  // As a password sign-in's token: the password was typed just now (ADR 131).
  const token = await signAccessToken(env.JWT_SECRET, "user", row.id, row.tokenVersion, {
    passwordAt: Math.floor(Date.now() / 1000),
  });
  return { id: row.id, username, token, auth: bearer(token) };
}

/** A signed-in admin: made in the database, signed in through the admin login like the admin SPA. */
export interface TestAdmin {
  id: number;
  username: string;
  password: string;
  token: string;
  auth: Record<string, string>;
  /** The key of the admin's authenticator app (base32), for `freshCode`. */
  totp: string;
}

let adminHash: Promise<string> | null = null;

/**
 * An admin account with its authenticator app on, signed in through `POST /api/admin/auth/login`
 * and its code step. Password "staff-password".
 */
export async function createAdmin(): Promise<TestAdmin> {
  const username = newUsername("staff");
  const password = "staff-password";
  adminHash ??= hashPassword(password);
  const row = await deps.db.orm
    .insert(admins)
    .values({ username, email: `${username}@agora.example`, passwordHash: await adminHash })
    .returning({ id: admins.id })
    .get();
  const totp = await enrollTotp({ kind: "admin", id: row.id });
  const res = await api("/api/admin/auth/login", {
    method: "POST",
    headers: from(newAddress()),
    body: form({ username, password }),
  });
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}: ${await res.text()}`);
  const { mfa_token } = await json<{ mfa_token: string }>(res);
  const second = await api("/api/admin/auth/login/mfa", {
    method: "POST",
    headers: from(newAddress()),
    body: form({ mfa_token, code: freshCode(totp) }),
  });
  if (second.status !== 200)
    throw new Error(`admin code step answered ${second.status}: ${await second.text()}`);
  const { access_token } = await json<{ access_token: string }>(second);
  return { id: row.id, username, password, token: access_token, auth: bearer(access_token), totp };
}

let seq = 0;
const run = Math.floor(Math.random() * 36 ** 4).toString(36);

/** A fresh caller address, so one test's attempts do not spend another's allowance. */
export function newAddress(): string {
  seq += 1;
  return `198.51.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
}

/** A fresh, valid username (letters and digits, at most 18). */
export function newUsername(prefix = "u"): string {
  seq += 1;
  return `${prefix}${run}${seq}`.slice(0, 18);
}

/** Headers of a request from that address (rate limits count per address). */
export function from(address: string, headers: Record<string, string> = {}): Record<string, string> {
  return { "cf-connecting-ip": address, ...headers };
}

export function postJson(path: string, body: unknown, address = newAddress()): Promise<Response> {
  return api(path, {
    method: "POST",
    headers: from(address, { "content-type": "application/json" }),
    body: JSON.stringify(body),
  });
}

export async function outbox(email: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await api(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return (await json<{ list: Array<{ subject: string; text: string }> }>(res)).list;
}

/** The code of the newest verification e-mail to that address. */
export async function latestCode(email: string): Promise<string> {
  for (const message of await outbox(email)) {
    const match = /Your verification code: ([A-Z0-9]+)/.exec(message.text);
    if (match) return match[1]!;
  }
  throw new Error(`no verification e-mail to ${email}`);
}

export interface Registered {
  username: string;
  email: string;
  password: string;
}

export async function register(overrides: Partial<Registered> & { ref_username?: string } = {}) {
  const username = overrides.username ?? newUsername();
  const person = {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password: overrides.password ?? "secret123",
    ...(overrides.ref_username ? { ref_username: overrides.ref_username } : {}),
  };
  const res = await postJson("/api/v1/user/auth/register", person);
  return { res, person: person as Registered };
}

/** A registered, confirmed user and the token confirm gave them. */
export async function registerAndConfirm(overrides: Partial<Registered> & { ref_username?: string } = {}) {
  const { res, person } = await register(overrides);
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const code = await latestCode(person.email);
  const confirmed = await api(`/api/v1/user/auth/register/email/confirm?code=${code}`, {
    method: "POST",
    headers: from(newAddress()),
  });
  const { access_token } = await json<{ access_token: string }>(confirmed);
  return { ...person, token: access_token };
}

export async function login(username: string, password: string, address = newAddress()) {
  return postJson("/api/v1/user/auth/login", { username, password }, address);
}
