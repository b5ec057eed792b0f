import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { readAccessToken, type TokenKind } from "#worker/lib/tokens.ts";
import * as queries from "./queries";

// Uploaded files from R2, with the content type sniffed at upload time. Most are public (avatars,
// covers, community and admin images) and cached by anyone for a year. Some are private (ADR 097,
// docs/decisions/135):
// - chat pictures (`chat/{thread public id}/…`): the thread's participants only;
// - résumés (`resumes/…`): their owner and staff only (the job settings tab is the one place that
//   shows one);
// - data archives (`exports/{user id}/…`): their owner only (the SPA downloads them through
//   `/api/v1/private/user/export/download`; this address answers the same person and nobody else);
// - a post's files (`posts/…`) while the post is hidden (a draft, or removed by staff): its author
//   and staff only. A post's files are public while the post is, but cached for minutes, not a
//   year: a file whose post is removed later stops being given by shared caches soon after.
// A browser's <img> or link cannot send an Authorization header, so the reader is also known by the
// cookie the SPAs keep their token in (`access_token`, `admin_access_token`; SameSite=Lax, so a
// cross-site page embedding the address does not send it). Anyone else gets the 404 of a missing
// file, so an address tells nothing about whether it exists. Private files are never cached by
// shared caches, and not kept by the browser either.

const NOT_FOUND = "File not found";
const PUBLIC_CACHE = "public, max-age=31536000, immutable";
/** A post's file while its post is visible: see above. */
const POST_FILE_CACHE = "public, max-age=300";
const PRIVATE_CACHE = "private, no-store";

type Privacy =
  | { kind: "chat"; threadPublicId: string }
  | { kind: "resume" }
  | { kind: "export"; ownerId: number }
  | { kind: "post" };

/** Whether a stored key is (or may be) private, and whose. */
function privacyOf(key: string): Privacy | null {
  const chat = /^chat\/([^/]+)\//.exec(key);
  if (chat) return { kind: "chat", threadPublicId: chat[1]! };
  if (key.startsWith("resumes/")) return { kind: "resume" };
  const archive = /^exports\/(\d+)\//.exec(key);
  if (archive) return { kind: "export", ownerId: Number(archive[1]) };
  // Any other key under exports/ is nobody's.
  if (key.startsWith("exports/")) return { kind: "export", ownerId: 0 };
  if (key.startsWith("posts/")) return { kind: "post" };
  return null;
}

/**
 * The tokens a request carries: the Authorization header's, and the SPAs' cookies (a browser's <img>
 * or link cannot send the header).
 */
export interface MediaCaller {
  bearer: string | null;
  userCookie: string | undefined;
  adminCookie: string | undefined;
}

/** The caller's id, if a token of that kind (header or the SPA's cookie) belongs to a live session. */
async function callerId(deps: Deps, caller: MediaCaller, kind: TokenKind): Promise<number | null> {
  const tokens = [caller.bearer, kind === "user" ? caller.userCookie : caller.adminCookie];
  for (const token of tokens) {
    if (!token) continue;
    const claims = await readAccessToken(deps.env.JWT_SECRET, kind, token);
    if (!claims) continue;
    // The same rule as the API's: the version must be current, the account allowed in.
    if ((await queries.liveTokenVersion(deps.db, kind, claims.id)) === claims.version) return claims.id;
  }
  return null;
}

/**
 * Whether the caller may read a private file: "public" when the file is not private after all (a
 * visible post's), "private" when they may, null when they may not.
 */
async function mayRead(
  deps: Deps,
  caller: MediaCaller,
  key: string,
  privacy: Privacy,
): Promise<"public" | "private" | null> {
  const granted = (yes: boolean) => (yes ? "private" : null);
  switch (privacy.kind) {
    case "chat": {
      const userId = await callerId(deps, caller, "user");
      return granted(userId !== null && (await queries.inThread(deps.db, privacy.threadPublicId, userId)));
    }
    case "export":
      return granted((await callerId(deps, caller, "user")) === privacy.ownerId && privacy.ownerId > 0);
    case "post": {
      const author = await queries.hiddenPostFileAuthor(deps.db, key);
      if (author === null) return "public";
      if ((await callerId(deps, caller, "user")) === author) return "private";
      return granted((await callerId(deps, caller, "admin")) !== null);
    }
    case "resume": {
      const userId = await callerId(deps, caller, "user");
      if (userId !== null && (await queries.ownsResume(deps.db, key, userId))) return "private";
      return granted((await callerId(deps, caller, "admin")) !== null);
    }
  }
}

/** `GET /media/{key}`: the stored file and the answer's headers, or the 404 of a missing file. */
export async function readMedia(deps: Deps, caller: MediaCaller, key: string): Promise<Response> {
  const privacy = privacyOf(key);
  const access = privacy ? await mayRead(deps, caller, key, privacy) : "public";
  if (access === null) fail(404, NOT_FOUND);
  const object = await deps.env.MEDIA.get(key);
  if (!object) fail(404, NOT_FOUND);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set(
    "cache-control",
    access === "private" ? PRIVATE_CACHE : privacy?.kind === "post" ? POST_FILE_CACHE : PUBLIC_CACHE,
  );
  // A private file is for this site's pages only, whatever cookies another site's request carries.
  if (access === "private") headers.set("cross-origin-resource-policy", "same-origin");
  headers.set(
    "content-security-policy",
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
  );
  return new Response(object.body, { headers });
}
