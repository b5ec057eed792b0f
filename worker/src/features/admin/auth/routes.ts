import { createRoute, z } from "@hono/zod-openapi";
import {
  ACCOUNTS_MSG,
  acceptedSchema,
  accessTokenSchema,
  adminBooleanSettingQuerySchema,
  adminSchema,
  settingResultSchema,
  updatePasswordSchema,
} from "#shared/schemas/accounts.ts";
import { adminLoginSchema } from "#shared/schemas/fields.ts";
import { mfaRequiredSchema } from "#shared/schemas/two-factor.ts";
import { clientAddress } from "#worker/lib/rate-limits.ts";
import { createRouter, errorResponses, formBody, json, readBody, security } from "#worker/lib/router.ts";
import { totpEnabled } from "#worker/lib/second-factor-queries.ts";
import { signMfaToken } from "#worker/lib/second-factor-token.ts";
import { nowSeconds } from "#worker/lib/time.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { toTokenAnswer } from "#worker/lib/user-json.ts";
import { adminLogIn, getAdmin, toggleAdminNightMode, updateAdminPassword } from "./service";

// Staff accounts for the admin site: logging in, who is signed in, changing the password and the
// night mode. Admin tokens are their own kind; a user token never opens these.

const tags = ["Admin accounts"];

const adminLogin = createRoute({
  method: "post",
  path: "/api/admin/auth/login",
  tags,
  summary: "Admin username and password to an admin token",
  description:
    "An admin with an authenticator app on gets an mfa_token for POST /api/admin/auth/login/mfa; one without gets a token that opens only the set-up paths until the app is on.",
  request: { body: formBody(adminLoginSchema) },
  responses: {
    200: json(z.union([accessTokenSchema, mfaRequiredSchema]), "Signed in, or the second step's mfa_token"),
    ...errorResponses(401, 415, 422, 429),
  },
});

const adminMe = createRoute({
  method: "get",
  path: "/api/admin/private/auth/me",
  tags,
  summary: "The signed-in admin",
  security,
  responses: { 200: json(adminSchema, "The current admin"), ...errorResponses(401) },
});

const adminPassword = createRoute({
  method: "patch",
  path: "/api/admin/private/auth/update/password",
  tags,
  summary: "Change the admin's password (every older admin token stops working)",
  security,
  request: { body: formBody(updatePasswordSchema) },
  responses: {
    202: json(acceptedSchema, "Changed; sign in again"),
    ...errorResponses(401, 403, 415, 422, 429),
  },
});

const adminSetting = createRoute({
  method: "patch",
  path: "/api/admin/private/setting/boolean",
  tags,
  summary: "Flip the admin night mode; answers its new value",
  security,
  request: { query: adminBooleanSettingQuerySchema },
  responses: { 200: json(settingResultSchema, "The new value"), ...errorResponses(401, 422) },
});

export const adminAuthRoutes = createRouter()
  .openapi(adminLogin, async (c) => {
    const body = readBody<z.output<typeof adminLoginSchema>>(c);
    const admin = await adminLogIn(c.var.deps, { ...body, address: clientAddress(c.req.raw.headers) });
    const owner = { kind: "admin", id: admin.id } as const;
    if (await totpEnabled(c.var.deps, owner)) {
      const mfaToken = await signMfaToken(c.var.deps, owner, admin.tokenVersion);
      return c.json({ mfa_required: true as const, mfa_token: mfaToken }, 200);
    }
    // No factor yet: the token opens only the set-up calls (middleware/auth.ts `requireAdmin`).
    const token = await signAccessToken(c.env.JWT_SECRET, "admin", admin.id, admin.tokenVersion, {
      passwordAt: nowSeconds(),
    });
    return c.json(toTokenAnswer(token), 200);
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
