import { createRoute, z } from "@hono/zod-openapi";
import { getCookie, setCookie } from "hono/cookie";
import {
  accessTokenSchema,
  type GoogleErrorCode,
  googleExchangeSchema,
  registerSchema,
} from "#shared/schemas/accounts.ts";
import { mfaRequiredSchema } from "#shared/schemas/two-factor.ts";
import { clientAddress } from "#worker/lib/rate-limits.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody } from "#worker/lib/router.ts";
import { totpEnabled } from "#worker/lib/second-factor-queries.ts";
import { signMfaToken } from "#worker/lib/second-factor-token.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { toTokenAnswer } from "#worker/lib/user-json.ts";
import {
  exchangeGoogleCode,
  GoogleSignInError,
  googleAuthorizeUrl,
  verifyGoogleIdToken,
} from "#worker/providers/google.ts";
import {
  GoogleRefusal,
  issueExchangeCode,
  OAUTH_NONCE_COOKIE,
  OAUTH_STATE_TTL_S,
  readOAuthState,
  redeemExchangeCode,
  requireGoogle,
  signInWithGoogle,
  signOAuthState,
} from "../google";

// Signing in with Google (OpenID Connect, code flow): the login route sends the browser to Google
// with a signed state and a nonce cookie; the callback checks both, then the ID token, and returns
// to the SPA with a one-use code that only that browser (its nonce cookie) can trade for a token.
// The rules for which account a Google identity opens are in ../google.ts.

const tags = ["Accounts"];
const GOOGLE_CALLBACK_PATH = "/api/v1/user/auth/oauth/google/callback";
const GOOGLE_EXCHANGE_PATH = "/api/v1/user/auth/google/exchange";
/** The nonce cookie goes to the login, the callback and the exchange, under this common path. */
const GOOGLE_COOKIE_PATH = "/api/v1/user/auth";

const googleLogin = createRoute({
  method: "get",
  path: "/api/v1/user/auth/oauth/google/login",
  tags,
  summary: "Start signing in with Google: redirects there with a signed state",
  request: { query: z.object({ ref_username: registerSchema.shape.ref_username }) },
  responses: {
    302: { description: "To Google's sign-in page" },
    ...errorResponses(422, 503),
  },
});

const googleCallback = createRoute({
  method: "get",
  path: GOOGLE_CALLBACK_PATH,
  tags,
  summary: "Google's redirect back: checks everything, then returns to the site signed in",
  description:
    "Redirects to `/signin?code=...` on success (a one-use code, 60 s, traded at `POST /api/v1/user/auth/google/exchange` by the same browser) and to `/signin?error=CODE` on any failure, CODE one of cancelled, email_not_verified, account_suspended, login_failed. No token ever rides in the address.",
  request: {
    query: z.object({
      code: z.string().max(2048).optional(),
      state: z.string().max(2048).optional(),
      error: z.string().max(256).optional(),
    }),
  },
  responses: {
    302: { description: "To the site, signed in or with an error" },
    ...errorResponses(422, 503),
  },
});

const googleExchange = createRoute({
  method: "post",
  path: GOOGLE_EXCHANGE_PATH,
  tags,
  summary: "Trade the one-use code of `/signin?code=` for an access token",
  description:
    "Works once, within 60 seconds of the callback, and only with the nonce cookie of the browser that started the sign-in. When the account has an authenticator app on, the answer is the mfa_token for POST /api/v1/user/auth/login/mfa, as after a password.",
  request: { body: jsonOrForm(googleExchangeSchema) },
  responses: {
    200: json(z.union([accessTokenSchema, mfaRequiredSchema]), "Signed in, or the second step's mfa_token"),
    ...errorResponses(400, 403, 415, 422, 429),
  },
});

const clearNonce = `${OAUTH_NONCE_COOKIE}=; Path=${GOOGLE_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`;

/**
 * Back to the SPA after Google, with `?code=` or `?error=`. On success the nonce cookie stays for
 * the exchange; after a failure it has done its job.
 */
function backToSite(result: { code: string } | { error: GoogleErrorCode }): Response {
  const headers = new Headers({
    location: `/signin?${new URLSearchParams(result).toString()}`,
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
  });
  if ("error" in result) headers.append("set-cookie", clearNonce);
  return new Response(null, { status: 302, headers });
}

export const googleRoutes = createRouter()
  .openapi(googleLogin, async (c) => {
    const config = requireGoogle(c.env);
    const { ref_username } = c.req.valid("query");
    const { state, nonce } = await signOAuthState(c.env.JWT_SECRET, ref_username || null);
    const secure = new URL(c.req.url).protocol === "https:";
    setCookie(c, OAUTH_NONCE_COOKIE, nonce, {
      path: GOOGLE_COOKIE_PATH,
      httpOnly: true,
      secure,
      sameSite: "Lax",
      maxAge: OAUTH_STATE_TTL_S,
    });
    const redirectUri = new URL(GOOGLE_CALLBACK_PATH, c.req.url).toString();
    return c.redirect(googleAuthorizeUrl(config, { redirectUri, state, nonce }), 302);
  })
  .openapi(googleCallback, async (c) => {
    const config = requireGoogle(c.env);
    const query = c.req.valid("query");
    try {
      if (query.error || !query.code || !query.state) throw new GoogleSignInError(query.error ?? "no code");
      const { nonce, ref } = await readOAuthState(
        c.env.JWT_SECRET,
        query.state,
        getCookie(c, OAUTH_NONCE_COOKIE),
      );
      const redirectUri = new URL(GOOGLE_CALLBACK_PATH, c.req.url).toString();
      const idToken = await exchangeGoogleCode(config, { code: query.code, redirectUri });
      const identity = await verifyGoogleIdToken(config, idToken, nonce);
      const account = await signInWithGoogle(c.var.deps, identity, ref);
      return backToSite({ code: await issueExchangeCode(c.var.deps, account.id, nonce) });
    } catch (error) {
      // Whatever went wrong, the person lands on the site with a known code, never a text or a stack.
      if (!(error instanceof GoogleSignInError))
        console.error(`[${c.get("requestId")}] Google sign-in`, error);
      else console.warn(`[${c.get("requestId")}] Google sign-in refused: ${error.message}`);
      const code: GoogleErrorCode =
        error instanceof GoogleRefusal
          ? error.code
          : query.error === "access_denied"
            ? "cancelled"
            : "login_failed";
      return backToSite({ error: code });
    }
  })
  .openapi(googleExchange, async (c) => {
    const { code } = readBody<z.output<typeof googleExchangeSchema>>(c);
    const account = await redeemExchangeCode(c.var.deps, {
      code,
      nonce: getCookie(c, OAUTH_NONCE_COOKIE),
      address: clientAddress(c.req.raw.headers),
    });
    c.header("set-cookie", clearNonce);
    c.header("cache-control", "no-store");
    // Google proves the e-mail, not the second factor: an account with the app on still gives its code.
    const owner = { kind: "user", id: account.id } as const;
    if (await totpEnabled(c.var.deps, owner)) {
      const mfaToken = await signMfaToken(c.var.deps, owner, account.tokenVersion);
      return c.json({ mfa_required: true as const, mfa_token: mfaToken }, 200);
    }
    const token = await signAccessToken(c.env.JWT_SECRET, "user", account.id, account.tokenVersion);
    return c.json(toTokenAnswer(token), 200);
  });
