import type { Bindings } from "../env";

// Google OAuth 2.0 / OpenID Connect: the authorization redirect, the code exchange, and checking
// the ID token (RS256 signature against Google's published keys, audience, issuer, expiry, nonce).
// Endpoints are configuration so tests and staging can point them elsewhere.

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
}

/** What the ID token proves about the person. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export class GoogleSignInError extends Error {
  override name = "GoogleSignInError";
}

const ISSUERS = new Set(["https://accounts.google.com", "accounts.google.com"]);
/** Clock difference tolerated between Google and this Worker. */
const SKEW_S = 60;

/** The configuration, or null when sign-in with Google is not set up (the API answers 503). */
export function googleConfig(env: Bindings): GoogleConfig | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authUrl: env.GOOGLE_AUTH_URL ?? "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: env.GOOGLE_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
    jwksUrl: env.GOOGLE_JWKS_URL ?? "https://www.googleapis.com/oauth2/v3/certs",
  };
}

export function googleAuthorizeUrl(
  config: GoogleConfig,
  input: { redirectUri: string; state: string; nonce: string },
): string {
  const url = new URL(config.authUrl);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: input.redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: input.state,
    nonce: input.nonce,
    prompt: "select_account",
  }).toString();
  return url.toString();
}

/** Trades the authorization code for the ID token. */
export async function exchangeGoogleCode(
  config: GoogleConfig,
  input: { code: string; redirectUri: string },
): Promise<string> {
  const res = await fetch(config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      code: input.code,
      client_id: config.clientId,
      client_secret: config.clientSecret,
      redirect_uri: input.redirectUri,
      grant_type: "authorization_code",
    }),
  });
  const body = (await res.json().catch(() => null)) as { id_token?: unknown } | null;
  if (!res.ok || typeof body?.id_token !== "string") {
    throw new GoogleSignInError(`token endpoint answered ${res.status}`);
  }
  return body.id_token;
}

function base64UrlBytes(part: string): Uint8Array {
  const base64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
}

function base64UrlJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(new TextDecoder().decode(base64UrlBytes(part)));
  if (!value || typeof value !== "object") throw new GoogleSignInError("token part is not an object");
  return value as Record<string, unknown>;
}

type Jwk = JsonWebKey & { kid?: string };
/** Google's keys change rarely: kept per isolate for an hour, fetched again for an unknown key id. */
const jwksCache = new Map<string, { keys: Jwk[]; fetchedAt: number }>();
const JWKS_TTL_MS = 60 * 60 * 1000;

async function signingKey(jwksUrl: string, kid: string): Promise<Jwk> {
  const cached = jwksCache.get(jwksUrl);
  const fresh = cached && Date.now() - cached.fetchedAt < JWKS_TTL_MS;
  let key = fresh ? cached.keys.find((k) => k.kid === kid) : undefined;
  if (!key) {
    const res = await fetch(jwksUrl, { headers: { accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as { keys?: Jwk[] } | null;
    if (!res.ok || !Array.isArray(body?.keys)) throw new GoogleSignInError(`keys answered ${res.status}`);
    jwksCache.set(jwksUrl, { keys: body.keys, fetchedAt: Date.now() });
    key = body.keys.find((k) => k.kid === kid);
  }
  if (!key) throw new GoogleSignInError("no Google key has the token's key id");
  return key;
}

/** The identity in a Google ID token, after checking everything that makes it trustworthy. */
export async function verifyGoogleIdToken(
  config: GoogleConfig,
  idToken: string,
  expectedNonce: string,
): Promise<GoogleIdentity> {
  const parts = idToken.split(".");
  if (parts.length !== 3) throw new GoogleSignInError("not a JWT");
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = base64UrlJson(headerPart);
  // The algorithm is fixed here, never taken from the token ("alg": "none" or HS256 tricks).
  if (header.alg !== "RS256" || typeof header.kid !== "string") throw new GoogleSignInError("not RS256");
  const jwk = await signingKey(config.jwksUrl, header.kid);
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: "RS256", ext: true },
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    "RSASSA-PKCS1-v1_5",
    key,
    base64UrlBytes(signaturePart),
    new TextEncoder().encode(`${headerPart}.${payloadPart}`),
  );
  if (!valid) throw new GoogleSignInError("bad signature");

  const claims = base64UrlJson(payloadPart);
  const now = Math.floor(Date.now() / 1000);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(config.clientId)) throw new GoogleSignInError("token is for another client");
  if (typeof claims.iss !== "string" || !ISSUERS.has(claims.iss)) throw new GoogleSignInError("bad issuer");
  if (typeof claims.exp !== "number" || claims.exp + SKEW_S < now) throw new GoogleSignInError("expired");
  if (typeof claims.iat === "number" && claims.iat - SKEW_S > now)
    throw new GoogleSignInError("from the future");
  if (claims.nonce !== expectedNonce) throw new GoogleSignInError("nonce does not match");
  if (typeof claims.sub !== "string" || !claims.sub) throw new GoogleSignInError("no subject");
  if (typeof claims.email !== "string" || !claims.email) throw new GoogleSignInError("no e-mail");
  return {
    sub: claims.sub,
    email: claims.email.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: typeof claims.name === "string" ? claims.name : null,
    picture:
      typeof claims.picture === "string" && claims.picture.startsWith("https://") ? claims.picture : null,
  };
}
