import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { EMAIL_CHANGE_TTL_MS } from "#shared/constants.ts";
import {
  ACCOUNTS_MSG,
  acceptedSchema,
  deleteAccountSchema,
  emailChangeConfirmQuerySchema,
  noticeSchema,
  settingResultSchema,
  signOutEverywhereSchema,
  updateEmailSchema,
  userBooleanSettingQuerySchema,
  userPasswordChangeSchema,
} from "#shared/schemas/accounts.ts";
import { meSchema, unreadDataSchema } from "#shared/schemas/user.ts";
import type { AppEnv } from "#worker/env.ts";
import { emailLanguage } from "#worker/lib/language.ts";
import { clientAddress } from "#worker/lib/rate-limits.ts";
import { createRouter, errorResponses, formBody, json, readBody, security } from "#worker/lib/router.ts";
import { sendEmail } from "#worker/providers/email.ts";
import { confirmEmailChange } from "../email-change";
import { accountDeletedEmail, emailChangeCodeEmail, emailChangedEmail } from "../emails";
import * as accountSecurity from "../security";
import { deleteAccount, getMe, toggleUserSetting } from "../service";

// The signed-in user's own account: who they are, their e-mail, password and boolean settings,
// deleting the account, and the unread counts the header shows. The e-mail change is finished by
// `POST /api/v1/user/auth/email/confirm`, which needs no session (the SPA signs out after asking)
// but the cookie of the browser that asked.

/** Names the waiting e-mail change of the browser that asked for it (HttpOnly, 10 minutes). */
const EMAIL_CHANGE_COOKIE = "agora_email_change";
const EMAIL_CHANGE_COOKIE_PATH = "/api/v1/user/auth/email";

const tags = ["Accounts"];

const me = createRoute({
  method: "get",
  path: "/api/v1/private/user/auth/me",
  tags,
  summary: "The signed-in user with every setting",
  security,
  responses: { 200: json(meSchema, "The current user"), ...errorResponses(401) },
});

const changeEmail = createRoute({
  method: "patch",
  path: "/api/v1/private/user/auth/update/email",
  tags,
  summary: "Ask to change the e-mail: a 6-digit code goes to the new address",
  description:
    "Nothing changes yet: the account keeps its address until the code is entered at `POST /api/v1/user/auth/email/confirm` in the same browser (a cookie names the change) within 10 minutes. Asking again replaces the waiting change. The SPA signs out after the 202. With a second factor on, it also needs one proved in the last 5 minutes (403 `step_up_required` otherwise).",
  security,
  request: { body: formBody(updateEmailSchema) },
  responses: {
    202: json(acceptedSchema, "Code sent to the new address"),
    ...errorResponses(401, 403, 409, 415, 422, 429),
  },
});

const confirmEmail = createRoute({
  method: "post",
  path: "/api/v1/user/auth/email/confirm",
  tags,
  summary: "Finish an e-mail change with the code sent to the new address",
  description:
    "No session needed; the browser's cookie names the waiting change and the code must match it (5 tries). Every session of the account ends. 409 when another account took the address meanwhile.",
  request: { query: emailChangeConfirmQuerySchema },
  responses: {
    200: json(noticeSchema, "Changed; sign in again"),
    ...errorResponses(400, 409, 422, 429),
  },
});

const changePassword = createRoute({
  method: "patch",
  path: "/api/v1/private/user/auth/update/password",
  tags,
  summary: "Change the password (every older token stops working)",
  description:
    "With a second factor on, needs one proved in the last 5 minutes (403 `step_up_required` otherwise). `remove_recent_passkeys` also removes the passkeys added in the last 24 hours.",
  security,
  request: { body: formBody(userPasswordChangeSchema) },
  responses: {
    202: json(acceptedSchema, "Changed; sign in again"),
    ...errorResponses(401, 403, 415, 422, 429),
  },
});

const everywhere = createRoute({
  method: "post",
  path: "/api/v1/private/user/auth/sign-out-everywhere",
  tags,
  summary: "End every session of the account, this one too",
  description: "`remove_recent_passkeys` also removes the passkeys added in the last 24 hours.",
  security,
  request: { body: formBody(signOutEverywhereSchema) },
  responses: { 202: json(acceptedSchema, "Signed out everywhere"), ...errorResponses(401, 415, 422) },
});

const removeAccount = createRoute({
  method: "delete",
  path: "/api/v1/private/user/auth/delete/account",
  tags,
  summary: "Delete the account (every token stops working)",
  security,
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
  security,
  request: { query: userBooleanSettingQuerySchema },
  responses: { 200: json(settingResultSchema, "The new value"), ...errorResponses(401, 422) },
});

const unread = createRoute({
  method: "get",
  path: "/api/v1/private/user/unread/data",
  tags,
  summary: "Unread notifications and chat threads",
  security,
  responses: { 200: json(unreadDataSchema, "Counts"), ...errorResponses(401) },
});

const securityRequest = (c: Context<AppEnv>): accountSecurity.SecurityRequest => ({
  userId: c.get("user").id,
  factorAt: c.get("user").factorAt,
  language: emailLanguage(c.req.header("accept-language")),
});

export const accountRoutes = createRouter()
  .openapi(me, async (c) => c.json(await getMe(c.var.deps, c.get("user").id), 200))
  .openapi(changeEmail, async (c) => {
    const body = readBody<z.output<typeof updateEmailSchema>>(c);
    const { code, browser } = await accountSecurity.askEmailChange(c.var.deps, securityRequest(c), {
      newEmail: body.new_email,
      password: body.password,
    });
    await sendEmail(c.var.deps, emailChangeCodeEmail(body.new_email, code));
    setCookie(c, EMAIL_CHANGE_COOKIE, browser, {
      path: EMAIL_CHANGE_COOKIE_PATH,
      httpOnly: true,
      secure: new URL(c.req.url).protocol === "https:",
      sameSite: "Strict",
      maxAge: EMAIL_CHANGE_TTL_MS / 1000,
    });
    return c.json({ message: ACCOUNTS_MSG.emailChangeCodeSent }, 202);
  })
  .openapi(confirmEmail, async (c) => {
    const { code } = c.req.valid("query");
    const changed = await confirmEmailChange(c.var.deps, {
      code,
      browser: getCookie(c, EMAIL_CHANGE_COOKIE),
      address: clientAddress(c.req.raw.headers),
    });
    // The old address hears about it, in case it was not them.
    await sendEmail(c.var.deps, emailChangedEmail(changed.oldEmail, changed.newEmail));
    setCookie(c, EMAIL_CHANGE_COOKIE, "", { path: EMAIL_CHANGE_COOKIE_PATH, maxAge: 0 });
    return c.json({ detail: ACCOUNTS_MSG.emailUpdated }, 200);
  })
  .openapi(changePassword, async (c) => {
    const body = readBody<z.output<typeof userPasswordChangeSchema>>(c);
    const answer = await accountSecurity.changePassword(c.var.deps, securityRequest(c), {
      oldPassword: body.old_password,
      newPassword: body.new_password,
      removeRecentPasskeys: body.remove_recent_passkeys ?? false,
    });
    return c.json(answer, 202);
  })
  .openapi(everywhere, async (c) => {
    const body = readBody<z.output<typeof signOutEverywhereSchema>>(c);
    const answer = await accountSecurity.signOutEverywhere(
      c.var.deps,
      securityRequest(c),
      body.remove_recent_passkeys ?? false,
    );
    return c.json(answer, 202);
  })
  .openapi(removeAccount, async (c) => {
    const body = readBody<z.output<typeof deleteAccountSchema>>(c);
    const gone = await deleteAccount(c.var.deps, { userId: c.get("user").id, ...body });
    await sendEmail(c.var.deps, accountDeletedEmail(gone.email, gone.username));
    return c.json({ message: ACCOUNTS_MSG.accountDeleted }, 202);
  })
  .openapi(userSetting, async (c) => {
    const { user_boolean_setting } = c.req.valid("query");
    const result = await toggleUserSetting(c.var.deps, c.get("user").id, user_boolean_setting);
    if (user_boolean_setting === "SHOW_ONLINE") await c.var.deps.live.presenceSetting(c.get("user").id);
    return c.json({ result }, 200);
  })
  .openapi(unread, async (c) => c.json((await c.var.deps.notices.unread(c.get("user").id)).counts, 200));
