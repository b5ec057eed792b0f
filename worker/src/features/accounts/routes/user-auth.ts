import { createRoute, z } from "@hono/zod-openapi";
import {
  ACCOUNTS_MSG,
  acceptedSchema,
  accessTokenSchema,
  loginSchema,
  passwordChangeRequiredSchema,
  registerConfirmQuerySchema,
  registeredSchema,
  registerResendQuerySchema,
  registerSchema,
  resetPasswordQuerySchema,
  temporaryPasswordSchema,
} from "#shared/schemas/accounts.ts";
import { mfaRequiredSchema } from "#shared/schemas/two-factor.ts";
import { emailLanguage } from "#worker/lib/language.ts";
import { passwordChangeAnswer } from "#worker/lib/password-token.ts";
import { clientAddress } from "#worker/lib/rate-limits.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody } from "#worker/lib/router.ts";
import { totpEnabled } from "#worker/lib/second-factor-queries.ts";
import { signMfaToken } from "#worker/lib/second-factor-token.ts";
import { nowSeconds } from "#worker/lib/time.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { toTokenAnswer } from "#worker/lib/user-json.ts";
import { sendEmail } from "#worker/providers/email.ts";
import { newPasswordEmail, verificationEmail } from "../emails";
import { confirmRegistration, registerAccount, resendVerificationCode } from "../registration";
import { logIn, resetPassword } from "../service";
import { setPasswordAfterTemporary } from "../temporary-password";
import { sendUnseen } from "./send-unseen";

// Signing up and in with a username and password: register, confirm the e-mail with its code,
// ask for a new code, log in, and ask for a new password. Every one is rate limited per address.

const tags = ["Accounts"];

const register = createRoute({
  method: "post",
  path: "/api/v1/user/auth/register",
  tags,
  summary: "Create an unconfirmed account and e-mail it a verification code",
  description:
    "The answer is the same whether or not the e-mail already has an account (then the owner of the address is e-mailed instead, and nothing is created for it). 409 only for a taken username.",
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
  description:
    "403 for an account whose e-mail is not verified yet, or suspended (after a correct password only): a suspended person's answer carries `suspension` (the cause, the staff note, the end if any, and an appeal_token for their one appeal). With an e-mailed temporary password (once, within 30 minutes) the answer is `password_change_required` and a `password_token` for POST /api/v1/user/auth/password/temporary (after the second factor, when one is on).",
  request: { body: jsonOrForm(loginSchema) },
  responses: {
    200: json(
      z.union([accessTokenSchema, mfaRequiredSchema, passwordChangeRequiredSchema]),
      "Signed in, or (when a second factor is on) the mfa_token for POST /api/v1/user/auth/login/mfa, or the step that chooses a new password",
    ),
    ...errorResponses(401, 403, 415, 422, 429),
  },
});

const temporaryPassword = createRoute({
  method: "post",
  path: "/api/v1/user/auth/password/temporary",
  tags,
  summary: "After a sign-in with a temporary password: choose the new password, and be signed in",
  description: "The password_token works once, for ten minutes; every other session of the account ends.",
  request: { body: jsonOrForm(temporaryPasswordSchema) },
  responses: {
    200: json(accessTokenSchema, "Signed in with the new password"),
    ...errorResponses(401, 415, 422),
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

export const userAuthRoutes = createRouter()
  .openapi(register, async (c) => {
    const body = readBody<z.output<typeof registerSchema>>(c);
    const created = await registerAccount(c.var.deps, {
      email: body.email,
      username: body.username,
      password: body.password,
      refUsername: body.ref_username || null,
      address: clientAddress(c.req.raw.headers),
      language: emailLanguage(c.req.header("accept-language")),
    });
    await sendEmail(c.var.deps, created.mail);
    return c.json({ username: created.username, email: created.email, message: ACCOUNTS_MSG.codeSent }, 201);
  })
  .openapi(confirm, async (c) => {
    const { code } = c.req.valid("query");
    const account = await confirmRegistration(c.var.deps, {
      code,
      address: clientAddress(c.req.raw.headers),
    });
    const token = await signAccessToken(c.env.JWT_SECRET, "user", account.id, account.tokenVersion);
    return c.json(toTokenAnswer(token), 200);
  })
  .openapi(resend, async (c) => {
    const { username } = c.req.valid("query");
    const sent = await resendVerificationCode(c.var.deps, {
      username,
      address: clientAddress(c.req.raw.headers),
    });
    if (sent) await sendEmail(c.var.deps, verificationEmail(sent.email, sent.code));
    return c.json({ message: ACCOUNTS_MSG.codeResent }, 202);
  })
  .openapi(login, async (c) => {
    const body = readBody<z.output<typeof loginSchema>>(c);
    const account = await logIn(c.var.deps, { ...body, address: clientAddress(c.req.raw.headers) });
    const owner = { kind: "user", id: account.id } as const;
    if (await totpEnabled(c.var.deps, owner)) {
      const mfaToken = await signMfaToken(c.var.deps, owner, account.tokenVersion, account.temporary);
      return c.json({ mfa_required: true as const, mfa_token: mfaToken }, 200);
    }
    if (account.temporary)
      return c.json(await passwordChangeAnswer(c.var.deps, account.id, account.tokenVersion, null), 200);
    const token = await signAccessToken(c.env.JWT_SECRET, "user", account.id, account.tokenVersion, {
      passwordAt: nowSeconds(),
    });
    return c.json(toTokenAnswer(token), 200);
  })
  .openapi(temporaryPassword, async (c) => {
    const body = readBody<z.output<typeof temporaryPasswordSchema>>(c);
    const account = await setPasswordAfterTemporary(c.var.deps, {
      token: body.password_token,
      newPassword: body.new_password,
    });
    const token = await signAccessToken(c.env.JWT_SECRET, "user", account.id, account.tokenVersion, {
      factorAt: account.factorAt,
      passwordAt: nowSeconds(),
    });
    return c.json(toTokenAnswer(token), 200);
  })
  .openapi(reset, async (c) => {
    const { email } = c.req.valid("query");
    const issued = await resetPassword(c.var.deps, { email, address: clientAddress(c.req.raw.headers) });
    if (issued) await sendUnseen(c, newPasswordEmail(issued.email, issued.password, issued.username));
    return c.json({ message: ACCOUNTS_MSG.resetRequested }, 202);
  });
