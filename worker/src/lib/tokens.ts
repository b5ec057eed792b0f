import { sign, verify } from "hono/jwt";
import { CHAT_SOCKET_TOKEN_TTL_S, TOKEN_TTL_S } from "#shared/constants.ts";

export type TokenKind = "user" | "admin";

interface AccessClaims {
  sub: string;
  kind: TokenKind;
  /** The account's token version when the token was made. */
  ver: number;
  iat: number;
  exp: number;
}

interface ChatClaims {
  sub: string;
  kind: "chat";
  thread: string;
  iat: number;
  exp: number;
}

const now = () => Math.floor(Date.now() / 1000);

export function signAccessToken(
  secret: string,
  kind: TokenKind,
  id: number,
  version: number,
): Promise<string> {
  const iat = now();
  const claims: AccessClaims = { sub: String(id), kind, ver: version, iat, exp: iat + TOKEN_TTL_S };
  return sign({ ...claims }, secret, "HS256");
}

/** The claims of a valid token of that kind, or null (bad signature, expired, other kind). */
export async function readAccessToken(
  secret: string,
  kind: TokenKind,
  token: string,
): Promise<{ id: number; version: number } | null> {
  try {
    const claims = (await verify(token, secret, "HS256")) as unknown as AccessClaims;
    if (claims.kind !== kind) return null;
    const id = Number(claims.sub);
    if (!Number.isSafeInteger(id)) return null;
    return { id, version: Number(claims.ver) };
  } catch {
    return null;
  }
}

/** A socket token: short-lived and bound to one user and one thread. */
export function signChatToken(secret: string, userId: number, threadPublicId: string): Promise<string> {
  const iat = now();
  const claims: ChatClaims = {
    sub: String(userId),
    kind: "chat",
    thread: threadPublicId,
    iat,
    exp: iat + CHAT_SOCKET_TOKEN_TTL_S,
  };
  return sign({ ...claims }, secret, "HS256");
}

export async function readChatToken(
  secret: string,
  token: string,
  threadPublicId: string,
): Promise<number | null> {
  try {
    const claims = (await verify(token, secret, "HS256")) as unknown as ChatClaims;
    if (claims.kind !== "chat" || claims.thread !== threadPublicId) return null;
    const id = Number(claims.sub);
    return Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** Signs any claims (HS256), for tokens other modules define (a sign-in's `state`). */
export function signClaims(claims: Record<string, unknown>, secret: string): Promise<string> {
  return sign({ ...claims }, secret, "HS256");
}

/** The claims of a token signed by `signClaims`; throws when forged or expired. */
export async function verifyClaims(token: string, secret: string): Promise<Record<string, unknown>> {
  return (await verify(token, secret, "HS256")) as Record<string, unknown>;
}
