import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { acceptedSchema, accessTokenSchema, passwordChangeRequiredSchema } from "#shared/schemas/accounts.ts";
import {
  MFA_MSG,
  mfaLoginSchema,
  mfaStatusSchema,
  passkeyItemSchema,
  passkeyListSchema,
  passkeyLoginSchema,
  passkeyRegisterSchema,
  passkeyRemoveQuerySchema,
  recoveryCodesSchema,
  stepUpSchema,
  totpDisableSchema,
  totpEnableSchema,
  totpSetupSchema,
  webauthnOptionsSchema,
} from "#shared/schemas/two-factor.ts";
import type { AppEnv, AuthAdmin, AuthUser } from "#worker/env.ts";
import { emailLanguage } from "#worker/lib/language.ts";
import { passwordChangeAnswer } from "#worker/lib/password-token.ts";
import { clientAddress } from "#worker/lib/rate-limits.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { readMfaToken } from "#worker/lib/second-factor-token.ts";
import { nowSeconds } from "#worker/lib/time.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { describeOrigin } from "#worker/lib/user-agent.ts";
import { toTokenAnswer } from "#worker/lib/user-json.ts";
import {
  addPasskey,
  beginTotpSetup,
  checkMayAddPasskey,
  dropPasskey,
  type FactorRequest,
  renewCodes,
  turnTotpOff,
  turnTotpOn,
} from "./factor-changes";
import {
  authenticationOptions,
  passkeyList,
  passkeySignIn,
  proveStepUpPasskey,
  registrationOptions,
} from "./passkeys";
import {
  currentVersion,
  factorState,
  type Owner,
  passkeyAccount,
  provePassword,
  proveSecondFactor,
  tellFactorChanged,
} from "./service";

// Two-factor sign-in's HTTP: set up and turn on an authenticator app, turn it off, the second step
// of a sign-in, step-up (a fresh proof before money moves) and passkeys. People's paths are
// `mfaRoutes`; staff's twins, the same routes under /api/admin, `adminMfaRoutes` (both mounted by
// app.ts).

/** Staff's answers to a factor change carry a new token: their other sessions just ended. */
const withStaffToken = <T extends z.ZodObject>(schema: T) =>
  schema.extend({ access_token: accessTokenSchema.shape.access_token.optional() });

const PATHS = {
  user: { P: "/api/v1/private/user/auth", PUB: "/api/v1/user/auth", tag: "Two-factor" },
  admin: { P: "/api/admin/private/auth", PUB: "/api/admin/auth", tag: "Admin two-factor" },
} as const;

/** The routes of one kind of account, under its own paths. */
function twoFactorRoutes(kind: Owner["kind"]) {
  const { P, PUB, tag } = PATHS[kind];
  const tags = [tag];

  const status = createRoute({
    method: "get",
    path: `${P}/mfa`,
    tags,
    summary: "Which factors are on (no secret)",
    security,
    responses: { 200: json(mfaStatusSchema, "The factors"), ...errorResponses(401) },
  });

  const setup = createRoute({
    method: "post",
    path: `${P}/totp/setup`,
    tags,
    summary: "Start setting up an authenticator app: its key, as text and as an otpauth:// URI",
    description:
      "The only answer that ever shows the key. Starting again replaces a set-up never confirmed. Needs a recent proof (a factor, or the password when there is none, in the last 5 minutes).",
    security,
    responses: { 200: json(totpSetupSchema, "The key to scan"), ...errorResponses(401, 403, 409) },
  });

  const enable = createRoute({
    method: "post",
    path: `${P}/totp/enable`,
    tags,
    summary: "Turn the app on with its first code; answers 10 recovery codes, shown this once",
    security,
    request: { body: jsonOrForm(totpEnableSchema) },
    responses: {
      200: json(withStaffToken(recoveryCodesSchema), "On; keep these codes"),
      ...errorResponses(401, 403, 409, 415, 422, 429),
    },
  });

  const disable = createRoute({
    method: "delete",
    path: `${P}/totp`,
    tags,
    summary: "Turn the app off (password and a current code); the recovery codes go with it",
    security,
    request: { body: jsonOrForm(totpDisableSchema) },
    responses: {
      200: json(withStaffToken(acceptedSchema), "Off"),
      ...errorResponses(401, 403, 409, 415, 422, 429),
    },
  });

  const renewRecovery = createRoute({
    method: "post",
    path: `${P}/recovery-codes`,
    tags,
    summary: "Ten new recovery codes in place of the old ones, shown this once",
    description: "Needs a factor proved in the last 5 minutes. The old codes stop working.",
    security,
    responses: {
      200: json(recoveryCodesSchema, "The new codes"),
      ...errorResponses(401, 403, 409),
    },
  });

  const mfaLogin = createRoute({
    method: "post",
    path: `${PUB}/login/mfa`,
    tags,
    summary: "The second step of a sign-in: the mfa_token and a code, or a recovery code",
    description: "A recovery code works once. Wrong codes are counted per account (429 past the limit).",
    request: { body: jsonOrForm(mfaLoginSchema) },
    responses: {
      200: json(
        z.union([accessTokenSchema, passwordChangeRequiredSchema]),
        "Signed in, or (after a temporary password) the step that chooses a new password",
      ),
      ...errorResponses(401, 403, 409, 415, 422, 429),
    },
  });

  const stepUp = createRoute({
    method: "post",
    path: `${P}/step-up`,
    tags,
    summary:
      "Prove it is you now (a code or a passkey; the password when the account has no factor): a new access token good for step-up for 5 minutes",
    security,
    request: { body: { required: true, content: { "application/json": { schema: stepUpSchema } } } },
    responses: { 200: json(accessTokenSchema, "Proved"), ...errorResponses(401, 403, 409, 415, 422, 429) },
  });

  const jsonBody = <T extends z.ZodType>(schema: T) =>
    ({ required: true, content: { "application/json": { schema } } }) as const;

  const stepUpOptions = createRoute({
    method: "post",
    path: `${P}/step-up/passkey/options`,
    tags,
    summary: "WebAuthn options for proving one of my passkeys now",
    security,
    responses: {
      200: json(webauthnOptionsSchema, "Options for navigator.credentials.get"),
      ...errorResponses(401),
    },
  });

  const registerOptions = createRoute({
    method: "post",
    path: `${P}/passkey/register/options`,
    tags,
    summary: "WebAuthn options for registering a passkey",
    description:
      "Needs a recent proof (a factor, or the password when there is none, in the last 5 minutes).",
    security,
    responses: {
      200: json(webauthnOptionsSchema, "Options for navigator.credentials.create"),
      ...errorResponses(401, 403),
    },
  });

  const register = createRoute({
    method: "post",
    path: `${P}/passkey/register`,
    tags,
    summary: "Register the passkey the browser made from the options",
    security,
    request: { body: jsonBody(passkeyRegisterSchema) },
    responses: {
      201: json(withStaffToken(passkeyItemSchema), "Registered"),
      ...errorResponses(401, 403, 409, 415, 422),
    },
  });

  const loginOptions = createRoute({
    method: "post",
    path: `${PUB}/passkey/login/options`,
    tags,
    summary: "WebAuthn options for signing in with a passkey (no username needed)",
    responses: { 200: json(webauthnOptionsSchema, "Options for navigator.credentials.get") },
  });

  const passkeyLogin = createRoute({
    method: "post",
    path: `${PUB}/passkey/login`,
    tags,
    summary: "Sign in with a passkey",
    request: { body: jsonBody(passkeyLoginSchema) },
    responses: { 200: json(accessTokenSchema, "Signed in"), ...errorResponses(403, 415, 422, 429) },
  });

  const list = createRoute({
    method: "get",
    path: `${P}/passkey/list`,
    tags,
    summary: "My passkeys",
    security,
    responses: { 200: json(passkeyListSchema, "The passkeys"), ...errorResponses(401) },
  });

  const remove = createRoute({
    method: "delete",
    path: `${P}/passkey`,
    tags,
    summary: "Remove a passkey (needs a factor proved in the last 5 minutes)",
    security,
    request: { query: passkeyRemoveQuerySchema },
    responses: {
      200: json(withStaffToken(acceptedSchema), "Removed"),
      ...errorResponses(401, 403, 404, 422),
    },
  });

  const me = (c: Context<AppEnv>): AuthUser | AuthAdmin => (kind === "user" ? c.get("user") : c.get("admin"));
  const userOf = (c: Context<AppEnv>): Owner => ({ kind, id: me(c).id });
  // The factor e-mails are written in the language the browser asks for.
  const languageOf = (c: Context<AppEnv>) => emailLanguage(c.req.header("accept-language"));
  const requestOf = (c: Context<AppEnv>): FactorRequest => ({
    owner: userOf(c),
    username: me(c).username,
    session: { factorAt: me(c).factorAt, passwordAt: me(c).passwordAt },
    address: clientAddress(c.req.raw.headers),
    language: languageOf(c),
  });

  return createRouter()
    .openapi(status, async (c) => {
      const state = await factorState(c.var.deps, userOf(c));
      return c.json(
        {
          totp_enabled: state.totpEnabled,
          recovery_codes_left: state.recoveryCodesLeft,
          passkeys: state.passkeys,
        },
        200,
      );
    })
    .openapi(setup, async (c) => c.json(await beginTotpSetup(c.var.deps, requestOf(c)), 200))
    .openapi(enable, async (c) => {
      const body = readBody<z.output<typeof totpEnableSchema>>(c);
      return c.json(await turnTotpOn(c.var.deps, requestOf(c), body.code), 200);
    })
    .openapi(disable, async (c) => {
      const body = readBody<z.output<typeof totpDisableSchema>>(c);
      const token = await turnTotpOff(c.var.deps, requestOf(c), body);
      return c.json({ message: MFA_MSG.turnedOff, ...(token ? { access_token: token } : {}) }, 200);
    })
    .openapi(renewRecovery, async (c) =>
      c.json({ recovery_codes: await renewCodes(c.var.deps, requestOf(c)) }, 200),
    )
    .openapi(mfaLogin, async (c) => {
      const body = readBody<z.output<typeof mfaLoginSchema>>(c);
      const { owner, version, temporary } = await readMfaToken(c.var.deps, kind, body.mfa_token);
      const recovery = await proveSecondFactor(
        c.var.deps,
        owner,
        { code: body.code, recoveryCode: body.recovery_code },
        clientAddress(c.req.raw.headers),
      );
      const current = await currentVersion(c.var.deps, owner, version);
      if (recovery) {
        const change = { kind: "recovery-used", left: recovery.recoveryCodesLeft } as const;
        await tellFactorChanged(c.var.deps, owner, change, languageOf(c));
      }
      // A temporary password's sign-in chooses the new password next (people only).
      if (temporary && kind === "user")
        return c.json(await passwordChangeAnswer(c.var.deps, owner.id, current, nowSeconds()), 200);
      // The password step came just before this one: the session proved both.
      const token = await signAccessToken(c.env.JWT_SECRET, kind, owner.id, current, {
        factorAt: nowSeconds(),
        passwordAt: nowSeconds(),
      });
      return c.json(toTokenAnswer(token), 200);
    })
    .openapi(stepUpOptions, async (c) =>
      c.json(
        { options: await authenticationOptions(c.var.deps, userOf(c)) } as unknown as {
          options: Record<string, unknown>;
        },
        200,
      ),
    )
    .openapi(registerOptions, async (c) => {
      await checkMayAddPasskey(c.var.deps, requestOf(c));
      return c.json(
        { options: await registrationOptions(c.var.deps, userOf(c), me(c).username) } as unknown as {
          options: Record<string, unknown>;
        },
        200,
      );
    })
    .openapi(register, async (c) => {
      const body = c.req.valid("json");
      const createdFrom = describeOrigin(c.req.raw.headers, clientAddress(c.req.raw.headers));
      const added = await addPasskey(c.var.deps, requestOf(c), {
        response: body.response as never,
        name: body.name,
        createdFrom,
      });
      return c.json(added, 201);
    })
    .openapi(loginOptions, async (c) =>
      c.json(
        { options: await authenticationOptions(c.var.deps, null) } as unknown as {
          options: Record<string, unknown>;
        },
        200,
      ),
    )
    .openapi(passkeyLogin, async (c) => {
      const body = c.req.valid("json");
      const owner = await passkeySignIn(
        c.var.deps,
        body.response as never,
        clientAddress(c.req.raw.headers),
        kind,
      );
      const version = await passkeyAccount(c.var.deps, owner);
      const token = await signAccessToken(c.env.JWT_SECRET, kind, owner.id, version, {
        factorAt: nowSeconds(),
      });
      return c.json(toTokenAnswer(token), 200);
    })
    .openapi(list, async (c) => c.json({ passkeys: await passkeyList(c.var.deps, userOf(c)) }, 200))
    .openapi(remove, async (c) => {
      const { id } = c.req.valid("query");
      const token = await dropPasskey(c.var.deps, requestOf(c), id);
      return c.json({ message: MFA_MSG.passkeyRemoved, ...(token ? { access_token: token } : {}) }, 200);
    })
    .openapi(stepUp, async (c) => {
      const body = c.req.valid("json");
      const owner = userOf(c);
      const address = clientAddress(c.req.raw.headers);
      // A password proves the person only on an account with no factor (provePassword refuses it
      // otherwise); the new token then says the password was typed now, and no factor was.
      if (body.password !== undefined) await provePassword(c.var.deps, owner, body.password);
      else if (body.passkey) await proveStepUpPasskey(c.var.deps, owner, body.passkey);
      else await proveSecondFactor(c.var.deps, owner, { code: body.code }, address);
      const version = await currentVersion(c.var.deps, owner, me(c).version ?? -1);
      const proofs =
        body.password !== undefined
          ? { factorAt: me(c).factorAt, passwordAt: nowSeconds() }
          : { factorAt: nowSeconds(), passwordAt: me(c).passwordAt };
      const token = await signAccessToken(c.env.JWT_SECRET, kind, owner.id, version, proofs);
      return c.json(toTokenAnswer(token), 200);
    });
}

export const mfaRoutes = twoFactorRoutes("user");

/**
 * Staff's two-factor sign-in: the people's routes under /api/admin/auth and
 * /api/admin/private/auth, for admin tokens. Staff must turn the app on before anything else
 * (middleware/auth.ts `requireAdmin`).
 */
export const adminMfaRoutes = twoFactorRoutes("admin");
