import { sign, verify } from "hono/jwt";
import { CHAT_SOCKET_TOKEN_TTL_S, TOKEN_TTL_S } from "#shared/constants.ts";

export type TokenKind = "user" | "admin";

interface AccessClaims {
  sub: string;
  kind: TokenKind;
  /** The account's token version when the token was made. */
  ver: number;
  /** When the holder last proved a second factor (s since epoch), if this session did: for step-up. */
  fac?: number;
  /** When the holder last typed the account's password (s since epoch), if this session did. */
  pwd?: number;
  iat: number;
  exp: number;
}

interface ChatClaims {
  sub: string;
  kind: "chat";
  thread: string;
  /** The account's token version when the socket token was made: a later revocation voids it. */
  ver: number;
  /** This token's own id: the thread's object records it on first use and refuses it after. */
  jti: string;
  iat: number;
  exp: number;
}

/** What a valid socket token says; `expiresAt` in ms, how long its id must be remembered. */
export interface ChatTokenClaims {
  userId: number;
  version: number;
  jti: string;
  expiresAt: number;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * The HMAC key of a secret, imported once per isolate: every signed-in request verifies a token,
 * and importing the same secret again each time is work with the same result. Keyed by the secret
 * itself, so another secret (a rotation, a test's own) never meets a key made from an older one.
 */
let hmac: { secret: string; key: Promise<CryptoKey> } | null = null;
function keyOf(secret: string): Promise<CryptoKey> {
  if (hmac?.secret !== secret) {
    const key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: { name: "SHA-256" } },
      false,
      ["sign", "verify"],
    );
    hmac = { secret, key };
    // A failed import is not kept: the next request tries again.
    key.catch(() => {
      if (hmac?.key === key) hmac = null;
    });
  }
  return hmac.key;
}

/**
 * What a session has proved and when (s since epoch): a second factor, the password. Step-up and
 * the account's sensitive changes read them (features/two-factor/service.ts, `requireRecentProof`).
 */
export interface SessionProofs {
  factorAt?: number | null;
  passwordAt?: number | null;
}

export async function signAccessToken(
  secret: string,
  kind: TokenKind,
  id: number,
  version: number,
  proofs: SessionProofs = {},
): Promise<string> {
  const iat = now();
  const claims: AccessClaims = { sub: String(id), kind, ver: version, iat, exp: iat + TOKEN_TTL_S };
  if (typeof proofs.factorAt === "number") claims.fac = proofs.factorAt;
  if (typeof proofs.passwordAt === "number") claims.pwd = proofs.passwordAt;
  return sign({ ...claims }, await keyOf(secret), "HS256");
}

/**
 * Access tokens this isolate verified lately, with their claims: a signed-in person sends the same
 * token with every request for up to an hour, and its signature does not change. Keyed by the secret
 * and the token; one past its expiry is verified again (and refused), the oldest go first.
 */
const verified = new Map<string, AccessClaims>();
const MAX_VERIFIED = 2_000;

/** A token's claims once its signature and times are checked; throws as `verify` does. */
async function verifiedClaims(secret: string, token: string): Promise<AccessClaims> {
  const key = `${secret}\n${token}`;
  const known = verified.get(key);
  if (known && known.exp > now()) return known;
  verified.delete(key);
  const claims = (await verify(token, await keyOf(secret), "HS256")) as unknown as AccessClaims;
  for (const oldest of verified.keys()) {
    if (verified.size < MAX_VERIFIED) break;
    verified.delete(oldest);
  }
  verified.set(key, claims);
  return claims;
}

/** The claims of a valid token of that kind, or null (bad signature, expired, other kind). */
export async function readAccessToken(
  secret: string,
  kind: TokenKind,
  token: string,
): Promise<{ id: number; version: number; factorAt: number | null; passwordAt: number | null } | null> {
  try {
    const claims = await verifiedClaims(secret, token);
    if (claims.kind !== kind) return null;
    const id = Number(claims.sub);
    if (!Number.isSafeInteger(id)) return null;
    const time = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
    return { id, version: Number(claims.ver), factorAt: time(claims.fac), passwordAt: time(claims.pwd) };
  } catch {
    return null;
  }
}

/** 128 random bits, base64url: a socket token's id. */
function tokenId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * A socket token: short-lived, bound to one user, one thread and the account's token version, and
 * good for one connection (its `jti` is recorded by the thread's object on first use).
 */
export async function signChatToken(
  secret: string,
  user: { id: number; version: number },
  threadPublicId: string,
): Promise<string> {
  const iat = now();
  const claims: ChatClaims = {
    sub: String(user.id),
    kind: "chat",
    thread: threadPublicId,
    ver: user.version,
    jti: tokenId(),
    iat,
    exp: iat + CHAT_SOCKET_TOKEN_TTL_S,
  };
  return sign({ ...claims }, await keyOf(secret), "HS256");
}

/** The claims of a valid socket token for that thread, or null (bad, expired, other thread, no id). */
export async function readChatToken(
  secret: string,
  token: string,
  threadPublicId: string,
): Promise<ChatTokenClaims | null> {
  try {
    const claims = (await verify(token, await keyOf(secret), "HS256")) as unknown as ChatClaims;
    if (claims.kind !== "chat" || claims.thread !== threadPublicId) return null;
    const userId = Number(claims.sub);
    const version = Number(claims.ver);
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(version)) return null;
    if (typeof claims.jti !== "string" || !/^[\w-]{16,64}$/.test(claims.jti)) return null;
    return { userId, version, jti: claims.jti, expiresAt: Number(claims.exp) * 1000 };
  } catch {
    return null;
  }
}

interface LiveClaims {
  sub: string;
  kind: "live";
  /** The account's token version when the socket token was made: a later revocation voids it. */
  ver: number;
  /** This token's own id: the object it opens records it on first use and refuses it after. */
  jti: string;
  /** The post whose socket it opens; absent for the person's own inbox. */
  post?: string;
  iat: number;
  exp: number;
}

/**
 * A live-updates socket token: 60 seconds, one socket, for the person's own inbox only or, with
 * `post`, for that post's socket only.
 */
export async function signLiveToken(
  secret: string,
  user: { id: number; version: number },
  post?: string,
): Promise<string> {
  const iat = now();
  const claims: LiveClaims = {
    sub: String(user.id),
    kind: "live",
    ver: user.version,
    jti: tokenId(),
    iat,
    exp: iat + CHAT_SOCKET_TOKEN_TTL_S,
  };
  if (post !== undefined) claims.post = post;
  return sign({ ...claims }, await keyOf(secret), "HS256");
}

/**
 * The claims of a valid live socket token, or null (bad, expired, another kind, no id, or made
 * for another post: an inbox token opens no post and a post's token opens no inbox).
 */
export async function readLiveToken(
  secret: string,
  token: string,
  post?: string,
): Promise<ChatTokenClaims | null> {
  try {
    const claims = (await verify(token, await keyOf(secret), "HS256")) as unknown as LiveClaims;
    if (claims.kind !== "live" || claims.post !== post) return null;
    const userId = Number(claims.sub);
    const version = Number(claims.ver);
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(version)) return null;
    if (typeof claims.jti !== "string" || !/^[\w-]{16,64}$/.test(claims.jti)) return null;
    return { userId, version, jti: claims.jti, expiresAt: Number(claims.exp) * 1000 };
  } catch {
    return null;
  }
}

/** Signs any claims (HS256), for tokens other modules define (a sign-in's `state`). */
export async function signClaims(claims: Record<string, unknown>, secret: string): Promise<string> {
  return sign({ ...claims }, await keyOf(secret), "HS256");
}

/** The claims of a token signed by `signClaims`; throws when forged or expired. */
export async function verifyClaims(token: string, secret: string): Promise<Record<string, unknown>> {
  return (await verify(token, await keyOf(secret), "HS256")) as Record<string, unknown>;
}

/**
 * A suspended person has no session; the answer to their sign-in carries this token so they can
 * send their one appeal of the suspension, and nothing else (middleware/auth.ts).
 */
export function signAppealToken(secret: string, userId: number, moderationId: number, days = 30) {
  const exp = Math.floor(Date.now() / 1000) + days * 86_400;
  return signClaims({ kind: "appeal", sub: String(userId), mod: moderationId, exp }, secret);
}

export async function readAppealToken(
  secret: string,
  token: string,
): Promise<{ userId: number; moderationId: number } | null> {
  try {
    const claims = await verifyClaims(token, secret);
    const userId = Number(claims.sub);
    const moderationId = Number(claims.mod);
    if (claims.kind !== "appeal" || !Number.isSafeInteger(userId) || !Number.isSafeInteger(moderationId))
      return null;
    return { userId, moderationId };
  } catch {
    return null;
  }
}
