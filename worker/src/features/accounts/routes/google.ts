import { createRoute, z } from "@hono/zod-openapi";
import { getCookie, setCookie } from "hono/cookie";
import { ACCOUNTS_MSG, registerSchema } from "#shared/schemas/accounts.ts";
import { fail } from "#worker/lib/errors.ts";
import { createRouter, errorResponses } from "#worker/lib/router.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import {
  exchangeGoogleCode,
  GoogleSignInError,
  googleAuthorizeUrl,
  googleConfig,
  verifyGoogleIdToken,
} from "#worker/providers/google.ts";
import {
  OAUTH_NONCE_COOKIE,
  OAUTH_STATE_TTL_S,
  readOAuthState,
  signInWithGoogle,
  signOAuthState,
} from "../google";

// Signing in with Google (OpenID Connect, code flow): the login route sends the browser to Google
// with a signed state and a nonce cookie; the callback checks both, then the ID token, and returns
// to the SPA signed in. The rules for which account a Google identity opens are in ../google.ts.

const tags = ["Accounts"];
const GOOGLE_CALLBACK_PATH = "/api/v1/user/auth/oauth/google/callback";
const GOOGLE_COOKIE_PATH = "/api/v1/user/auth/oauth/google";

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
    "Redirects to `/signin#access_token=...` on success and to `/signin#error=...` on any failure (the token stays out of server logs and Referer headers).",
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

/**
 * Back to the SPA after Google: the result rides in the fragment, which no server or Referer sees.
 * The nonce cookie has done its job either way.
 */
function backToSite(fragment: Record<string, string>): Response {
  const headers = new Headers({
    location: `/signin#${new URLSearchParams(fragment).toString()}`,
    "cache-control": "no-store",
  });
  headers.append("set-cookie", `${OAUTH_NONCE_COOKIE}=; Path=${GOOGLE_COOKIE_PATH}; Max-Age=0; HttpOnly`);
  return new Response(null, { status: 302, headers });
}

export const googleRoutes = createRouter()
  .openapi(googleLogin, async (c) => {
    const config = googleConfig(c.env);
    if (!config) fail(503, ACCOUNTS_MSG.googleNotConfigured);
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
    const config = googleConfig(c.env);
    if (!config) fail(503, ACCOUNTS_MSG.googleNotConfigured);
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
      const token = await signAccessToken(c.env.JWT_SECRET, "user", account.id, account.tokenVersion);
      return backToSite({ access_token: token, token_type: "bearer" });
    } catch (error) {
      // Whatever went wrong, the person lands on the site with one plain message, never a stack.
      if (!(error instanceof GoogleSignInError))
        console.error(`[${c.get("requestId")}] Google sign-in`, error);
      else console.warn(`[${c.get("requestId")}] Google sign-in refused: ${error.message}`);
      return backToSite({ error: ACCOUNTS_MSG.loginFailed });
    }
  });
