import { env, exports } from "cloudflare:workers";
import { getDb } from "#worker/db/client.ts";
import { users } from "#worker/db/schema/index.ts";
import { hashPassword } from "#worker/lib/password.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";

/** Calls the Worker as a browser or API client would. */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`http://localhost${path}`, init));
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function form(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

export { env };

let userSeq = 0;
let sharedHash: Promise<string> | null = null;

/**
 * An ACTIVE user straight in the database, with a valid token: for tests of features that need a
 * signed-in person but are not about signing in. Every such user's password is "password".
 */
export async function createUser(
  overrides: Partial<typeof users.$inferInsert> & { username?: string } = {},
): Promise<{ id: number; username: string; token: string; auth: Record<string, string> }> {
  userSeq += 1;
  const username = overrides.username ?? `user${userSeq}${Math.floor(Math.random() * 1e6)}`.slice(0, 18);
  sharedHash ??= hashPassword("password");
  const row = await getDb(env.DB)
    .insert(users)
    .values({
      email: `${username}@example.com`,
      passwordHash: await sharedHash,
      status: "ACTIVE",
      ...overrides,
      username,
    })
    .returning({ id: users.id, tokenVersion: users.tokenVersion })
    .get();
  const token = await signAccessToken(env.JWT_SECRET, "user", row.id, row.tokenVersion);
  return { id: row.id, username, token, auth: bearer(token) };
}
