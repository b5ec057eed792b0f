import { createRoute, type z } from "@hono/zod-openapi";
import {
  ACCOUNTS_MSG,
  acceptedSchema,
  deleteAccountSchema,
  settingResultSchema,
  updateEmailSchema,
  updatePasswordSchema,
  userBooleanSettingQuerySchema,
} from "#shared/schemas/accounts.ts";
import { meSchema, unreadDataSchema } from "#shared/schemas/user.ts";
import { closeSocketsOf } from "#worker/features/chat/close-sockets.ts";
import { createRouter, errorResponses, formBody, json, readBody } from "#worker/lib/router.ts";
import { sendEmail } from "#worker/providers/email.ts";
import { accountDeletedEmail, emailChangedEmail, passwordChangedEmail } from "../emails";
import {
  deleteAccount,
  getMe,
  getUnreadData,
  toggleUserSetting,
  updateEmail,
  updatePassword,
} from "../service";

// The signed-in user's own account: who they are, their e-mail, password and boolean settings,
// deleting the account, and the unread counts the header shows.

const tags = ["Accounts"];
const bearer = [{ bearer: [] }];

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

export const accountRoutes = createRouter()
  .openapi(me, async (c) => c.json(await getMe(c.var.deps, c.get("user").id), 200))
  .openapi(changeEmail, async (c) => {
    const body = readBody<z.output<typeof updateEmailSchema>>(c);
    const { oldEmail } = await updateEmail(c.var.deps, {
      userId: c.get("user").id,
      newEmail: body.new_email,
      password: body.password,
    });
    c.executionCtx.waitUntil(closeSocketsOf(c.env, { id: c.get("user").id }));
    await sendEmail(c.var.deps, emailChangedEmail(oldEmail, body.new_email));
    return c.json({ message: ACCOUNTS_MSG.emailUpdated }, 202);
  })
  .openapi(changePassword, async (c) => {
    const body = readBody<z.output<typeof updatePasswordSchema>>(c);
    const { email } = await updatePassword(c.var.deps, {
      userId: c.get("user").id,
      oldPassword: body.old_password,
      newPassword: body.new_password,
    });
    c.executionCtx.waitUntil(closeSocketsOf(c.env, { id: c.get("user").id }));
    await sendEmail(c.var.deps, passwordChangedEmail(email));
    return c.json({ message: ACCOUNTS_MSG.passwordUpdated }, 202);
  })
  .openapi(removeAccount, async (c) => {
    const body = readBody<z.output<typeof deleteAccountSchema>>(c);
    const gone = await deleteAccount(c.var.deps, { userId: c.get("user").id, ...body });
    c.executionCtx.waitUntil(closeSocketsOf(c.env, { id: c.get("user").id }));
    await sendEmail(c.var.deps, accountDeletedEmail(gone.email, gone.username));
    return c.json({ message: ACCOUNTS_MSG.accountDeleted }, 202);
  })
  .openapi(userSetting, async (c) => {
    const { user_boolean_setting } = c.req.valid("query");
    const result = await toggleUserSetting(c.var.deps, c.get("user").id, user_boolean_setting);
    return c.json({ result }, 200);
  })
  .openapi(unread, async (c) => c.json(await getUnreadData(c.var.deps, c.get("user").id), 200));
