import { createRoute, z } from "@hono/zod-openapi";
import { getCookie, setCookie } from "hono/cookie";
import {
  ACCOUNTS_MSG,
  acceptedSchema,
  accessTokenSchema,
  adminBooleanSettingQuerySchema,
  adminSchema,
  deleteAccountSchema,
  loginSchema,
  registerConfirmQuerySchema,
  registeredSchema,
  registerResendQuerySchema,
  registerSchema,
  resetPasswordQuerySchema,
  settingResultSchema,
  updateEmailSchema,
  updatePasswordSchema,
  userBooleanSettingQuerySchema,
} from "#shared/schemas/accounts.ts";
import { adminLoginSchema } from "#shared/schemas/fields.ts";
import { meSchema, unreadDataSchema } from "#shared/schemas/user.ts";
import { fail } from "#worker/lib/errors.ts";
import { createRouter, errorResponses, formBody, jsonOrForm, readBody } from "#worker/lib/router.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { clientAddress } from "#worker/middleware/rate-limit.ts";
import { sendEmail } from "#worker/providers/email.ts";
import {
  exchangeGoogleCode,
  GoogleSignInError,
  googleAuthorizeUrl,
  googleConfig,
  verifyGoogleIdToken,
} from "#worker/providers/google.ts";
import { adminLogIn, getAdmin, toggleAdminNightMode, updateAdminPassword } from "./admin-service";
import {
  accountDeletedEmail,
  emailChangedEmail,
  newPasswordEmail,
  passwordChangedEmail,
  verificationEmail,
} from "./emails";
import {
  OAUTH_NONCE_COOKIE,
  OAUTH_STATE_TTL_S,
  readOAuthState,
  signInWithGoogle,
  signOAuthState,
} from "./google";
import {
  confirmRegistration,
  deleteAccount,
  getMe,
  getUnreadData,
  logIn,
  registerAccount,
  resendVerificationCode,
  resetPassword,
  toggleUserSetting,
  updateEmail,
  updatePassword,
} from "./service";

const tags = ["Accounts"];
const adminTags = ["Admin accounts"];
const bearer = [{ bearer: [] }];
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const GOOGLE_CALLBACK_PATH = "/api/v1/user/auth/oauth/google/callback";
const GOOGLE_COOKIE_PATH = "/api/v1/user/auth/oauth/google";

const register = createRoute({
  method: "post",
  path: "/api/v1/user/auth/register",
  tags,
  summary: "Create an unconfirmed account and e-mail it a verification code",
  request: { body: jsonOrForm(registerSchema) },
  responses: {
    201: json(registeredSchema, "Created; the code is on its way (the code step comes next)"),
    ...errorResponses(409, 415, 422, 429, 503),
  },
});

const confirm = createRoute({
  method: "post",
  path: "/api/v1/user/auth/register/email/confirm",
  tags,
  summary: "Confirm the e-mail with the code: activates the account and signs it in",
  request: { query: registerConfirmQuerySchema },
  responses: {
    200: json(accessTokenSchema, "Verified and signed in"),
    ...errorResponses(400, 403, 409, 422, 429),
  },
});

const resend = createRoute({
  method: "post",
  path: "/api/v1/user/auth/register/email/resend",
  tags,
  summary: "E-mail a new verification code (not within 60 s of the last one)",
  request: { query: registerResendQuerySchema },
  responses: {
    202: json(acceptedSchema, "A new code is on its way"),
    ...errorResponses(403, 404, 409, 422, 429, 503),
  },
});

const login = createRoute({
  method: "post",
  path: "/api/v1/user/auth/login",
  tags,
  summary: "Username and password to an access token",
  description: "403 for an account whose e-mail is not verified yet (after a correct password only).",
  request: { body: jsonOrForm(loginSchema) },
  responses: {
    200: json(accessTokenSchema, "Signed in"),
    ...errorResponses(401, 403, 415, 422, 429),
  },
});

const reset = createRoute({
  method: "post",
  path: "/api/v1/user/auth/reset/password",
  tags,
  summary: "E-mail a new password",
  description:
    "Always 202, whether or not an account uses the address. The e-mailed password works beside the current one until it is first used (24 hours).",
  request: { query: resetPasswordQuerySchema },
  responses: {
    202: json(acceptedSchema, "Accepted"),
    ...errorResponses(422, 429, 503),
  },
});

const me = createRoute({
  method: "get",
  path: "/api/v1/private/user/auth/me",
  tags,
  summary: "The signed-in user with every setting",
  security: bearer,
  responses: { 200: json(meSchema, "The current user"), ...errorResponses(401) },
});

const changeEmail = createRoute({
  method: "patch",
  path: "/api/v1/private/user/auth/update/email",
  tags,
  summary: "Change the e-mail (signs out every session)",
  security: bearer,
  request: { body: formBody(updateEmailSchema) },
  responses: {
    202: json(acceptedSchema, "Changed; sign in again"),
    ...errorResponses(401, 403, 409, 415, 422, 429),
  },
});

const changePassword = createRoute({
  method: "patch",
  path: "/api/v1/private/user/auth/update/password",
  tags,
  summary: "Change the password (every older token stops working)",
  security: bearer,
  request: { body: formBody(updatePasswordSchema) },
  responses: {
    202: json(acceptedSchema, "Changed; sign in again"),
    ...errorResponses(401, 403, 415, 422, 429),
  },
});

const removeAccount = createRoute({
  method: "delete",
  path: "/api/v1/private/user/auth/delete/account",
  tags,
  summary: "Delete the account (every token stops working)",
  security: bearer,
  request: { body: formBody(deleteAccountSchema) },
  responses: {
    202: json(acceptedSchema, "Deleted"),
    ...errorResponses(401, 403, 415, 422, 429),
  },
});

const userSetting = createRoute({
  method: "patch",
  path: "/api/v1/private/user/setting/boolean",
  tags: ["Settings"],
  summary: "Flip one boolean setting; answers its new value",
  security: bearer,
  request: { query: userBooleanSettingQuerySchema },
  responses: { 200: json(settingResultSchema, "The new value"), ...errorResponses(401, 422) },
});

const unread = createRoute({
  method: "get",
  path: "/api/v1/private/user/unread/data",
  tags,
  summary: "Unread notifications and chat threads",
  security: bearer,
  responses: { 200: json(unreadDataSchema, "Counts"), ...errorResponses(401) },
});

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

const adminLogin = createRoute({
  method: "post",
  path: "/api/admin/auth/login",
  tags: adminTags,
  summary: "Admin username and password to an admin token",
  request: { body: formBody(adminLoginSchema) },
  responses: {
    200: json(accessTokenSchema, "Signed in"),
    ...errorResponses(401, 415, 422, 429),
  },
});

const adminMe = createRoute({
  method: "get",
  path: "/api/admin/private/auth/me",
  tags: adminTags,
  summary: "The signed-in admin",
  security: bearer,
  responses: { 200: json(adminSchema, "The current admin"), ...errorResponses(401) },
});

const adminPassword = createRoute({
  method: "patch",
  path: "/api/admin/private/auth/update/password",
  tags: adminTags,
  summary: "Change the admin's password (every older admin token stops working)",
  security: bearer,
  request: { body: formBody(updatePasswordSchema) },
  responses: {
    202: json(acceptedSchema, "Changed; sign in again"),
    ...errorResponses(401, 403, 415, 422, 429),
  },
});

const adminSetting = createRoute({
  method: "patch",
  path: "/api/admin/private/setting/boolean",
  tags: adminTags,
  summary: "Flip the admin night mode; answers its new value",
  security: bearer,
  request: { query: adminBooleanSettingQuerySchema },
  responses: { 200: json(settingResultSchema, "The new value"), ...errorResponses(401, 422) },
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

export const accountsRoutes = createRouter()
  .openapi(register, async (c) => {
    const body = readBody<z.output<typeof registerSchema>>(c);
    const created = await registerAccount(c.var.deps, {
      email: body.email,
      username: body.username,
      password: body.password,
      refUsername: body.ref_username || null,
      address: clientAddress(c.req.raw.headers),
    });
    await sendEmail(c.env, verificationEmail(created.email, created.code));
    return c.json({ username: created.username, email: created.email, message: ACCOUNTS_MSG.codeSent }, 201);
  })
  .openapi(confirm, async (c) => {
    const { code } = c.req.valid("query");
    const account = await confirmRegistration(c.var.deps, {
      code,
      address: clientAddress(c.req.raw.headers),
    });
    const token = await signAccessToken(c.env.JWT_SECRET, "user", account.id, account.tokenVersion);
    return c.json({ access_token: token, token_type: "bearer" as const }, 200);
  })
  .openapi(resend, async (c) => {
    const { username } = c.req.valid("query");
    const sent = await resendVerificationCode(c.var.deps, {
      username,
      address: clientAddress(c.req.raw.headers),
    });
    await sendEmail(c.env, verificationEmail(sent.email, sent.code));
    return c.json({ message: ACCOUNTS_MSG.codeResent }, 202);
  })
  .openapi(login, async (c) => {
    const body = readBody<z.output<typeof loginSchema>>(c);
    const account = await logIn(c.var.deps, { ...body, address: clientAddress(c.req.raw.headers) });
    const token = await signAccessToken(c.env.JWT_SECRET, "user", account.id, account.tokenVersion);
    return c.json({ access_token: token, token_type: "bearer" as const }, 200);
  })
  .openapi(reset, async (c) => {
    const { email } = c.req.valid("query");
    const issued = await resetPassword(c.var.deps, { email, address: clientAddress(c.req.raw.headers) });
    if (issued) await sendEmail(c.env, newPasswordEmail(issued.email, issued.password));
    return c.json({ message: ACCOUNTS_MSG.resetRequested }, 202);
  })
  .openapi(me, async (c) => c.json(await getMe(c.var.deps, c.get("user").id), 200))
  .openapi(changeEmail, async (c) => {
    const body = readBody<z.output<typeof updateEmailSchema>>(c);
    const { oldEmail } = await updateEmail(c.var.deps, {
      userId: c.get("user").id,
      newEmail: body.new_email,
      password: body.password,
    });
    await sendEmail(c.env, emailChangedEmail(oldEmail, body.new_email));
    return c.json({ message: ACCOUNTS_MSG.emailUpdated }, 202);
  })
  .openapi(changePassword, async (c) => {
    const body = readBody<z.output<typeof updatePasswordSchema>>(c);
    const { email } = await updatePassword(c.var.deps, {
      userId: c.get("user").id,
      oldPassword: body.old_password,
      newPassword: body.new_password,
    });
    await sendEmail(c.env, passwordChangedEmail(email));
    return c.json({ message: ACCOUNTS_MSG.passwordUpdated }, 202);
  })
  .openapi(removeAccount, async (c) => {
    const body = readBody<z.output<typeof deleteAccountSchema>>(c);
    const gone = await deleteAccount(c.var.deps, { userId: c.get("user").id, ...body });
    await sendEmail(c.env, accountDeletedEmail(gone.email, gone.username));
    return c.json({ message: ACCOUNTS_MSG.accountDeleted }, 202);
  })
  .openapi(userSetting, async (c) => {
    const { user_boolean_setting } = c.req.valid("query");
    const result = await toggleUserSetting(c.var.deps, c.get("user").id, user_boolean_setting);
    return c.json({ result }, 200);
  })
  .openapi(unread, async (c) => c.json(await getUnreadData(c.var.deps, c.get("user").id), 200))
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
      // Whatever went wrong, the person lands on the site with the spec's message, never a stack.
      if (!(error instanceof GoogleSignInError))
        console.error(`[${c.get("requestId")}] Google sign-in`, error);
      else console.warn(`[${c.get("requestId")}] Google sign-in refused: ${error.message}`);
      return backToSite({ error: ACCOUNTS_MSG.loginFailed });
    }
  })
  .openapi(adminLogin, async (c) => {
    const body = readBody<z.output<typeof adminLoginSchema>>(c);
    const admin = await adminLogIn(c.var.deps, { ...body, address: clientAddress(c.req.raw.headers) });
    const token = await signAccessToken(c.env.JWT_SECRET, "admin", admin.id, admin.tokenVersion);
    return c.json({ access_token: token, token_type: "bearer" as const }, 200);
  })
  .openapi(adminMe, async (c) => c.json(await getAdmin(c.var.deps, c.get("admin").id), 200))
  .openapi(adminPassword, async (c) => {
    const body = readBody<z.output<typeof updatePasswordSchema>>(c);
    await updateAdminPassword(c.var.deps, {
      adminId: c.get("admin").id,
      oldPassword: body.old_password,
      newPassword: body.new_password,
    });
    return c.json({ message: ACCOUNTS_MSG.passwordUpdated }, 202);
  })
  .openapi(adminSetting, async (c) => {
    const result = await toggleAdminNightMode(c.var.deps, c.get("admin").id);
    return c.json({ result }, 200);
  });
