import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { createDeps, type Deps } from "#worker/deps.ts";
import type { AppEnv } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { bearerToken, LIVE_ACCOUNT_SQL } from "#worker/lib/sessions.ts";
import { readAccessToken, type TokenKind } from "#worker/lib/tokens.ts";
import { BOOKMARK_HEADER, sessionStart } from "#worker/middleware/database.ts";

// Uploaded files from R2, with the content type sniffed at upload time. Most are public (avatars,
// covers, post media, community and admin images) and cached by anyone for a year. Two kinds are
// private (ADR 097):
// - chat pictures (`chat/{thread public id}/…`): the thread's participants only;
// - résumés (`resumes/…`): their owner and staff only (the job settings tab is the one place that
//   shows one).
// A browser's <img> or link cannot send an Authorization header, so the reader is also known by the
// cookie the SPAs keep their token in (`access_token`, `admin_access_token`; SameSite=Lax, so a
// cross-site page embedding the address does not send it). Anyone else gets the 404 of a missing
// file, so an address tells nothing about whether it exists. Private files are never cached by
// shared caches, and not kept by the browser either.

const NOT_FOUND = "File not found";
const PUBLIC_CACHE = "public, max-age=31536000, immutable";
const PRIVATE_CACHE = "private, no-store";

type Privacy = { kind: "chat"; threadPublicId: string } | { kind: "resume" };

/** Whether a stored key is private, and whose. */
export function privacyOf(key: string): Privacy | null {
  const chat = /^chat\/([^/]+)\//.exec(key);
  if (chat) return { kind: "chat", threadPublicId: chat[1]! };
  if (key.startsWith("resumes/")) return { kind: "resume" };
  return null;
}

/** The caller's id, if a token of that kind (header or the SPA's cookie) belongs to a live session. */
async function callerId(c: Context<AppEnv>, deps: Deps, kind: TokenKind): Promise<number | null> {
  const tokens = [
    bearerToken(c.req.header("authorization")),
    getCookie(c, kind === "user" ? "access_token" : "admin_access_token"),
  ];
  for (const token of tokens) {
    if (!token) continue;
    const claims = await readAccessToken(c.env.JWT_SECRET, kind, token);
    if (!claims) continue;
    // The same rule as the API's: the version must be current, the account allowed in.
    const row =
      kind === "user"
        ? await deps.db.first<{ v: number }>({
            sql: `SELECT token_version AS v FROM users
                   WHERE id = ?1 AND ${LIVE_ACCOUNT_SQL}`,
            binds: [claims.id],
          })
        : await deps.db.first<{ v: number }>({
            sql: "SELECT token_version AS v FROM admins WHERE id = ?1",
            binds: [claims.id],
          });
    if (row && row.v === claims.version) return claims.id;
  }
  return null;
}

async function mayRead(c: Context<AppEnv>, key: string, privacy: Privacy): Promise<boolean> {
  const deps = createDeps(c.env, undefined, sessionStart(c.req.method, c.req.header(BOOKMARK_HEADER)));
  if (privacy.kind === "chat") {
    const userId = await callerId(c, deps, "user");
    if (userId === null) return false;
    const row = await deps.db.first({
      sql: `SELECT 1 AS hit FROM chat_thread_users p JOIN chat_threads t ON t.id = p.thread_id
             WHERE t.public_id = ?1 AND p.user_id = ?2`,
      binds: [privacy.threadPublicId, userId],
    });
    return row !== null;
  }
  const userId = await callerId(c, deps, "user");
  if (userId !== null) {
    const own = await deps.db.first({
      sql: "SELECT 1 AS hit FROM resumes WHERE key = ?1 AND user_id = ?2",
      binds: [key, userId],
    });
    if (own) return true;
  }
  return (await callerId(c, deps, "admin")) !== null;
}

export const mediaRoutes = new Hono<AppEnv>().get("/media/:key{.+}", async (c) => {
  const key = c.req.param("key");
  const privacy = privacyOf(key);
  if (privacy && !(await mayRead(c, key, privacy))) fail(404, NOT_FOUND);
  const object = await c.env.MEDIA.get(key);
  if (!object) fail(404, NOT_FOUND);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", privacy ? PRIVATE_CACHE : PUBLIC_CACHE);
  // A private file is for this site's pages only, whatever cookies another site's request carries.
  if (privacy) headers.set("cross-origin-resource-policy", "same-origin");
  headers.set(
    "content-security-policy",
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
  );
  return new Response(object.body, { headers });
});
