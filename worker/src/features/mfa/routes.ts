import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { acceptedSchema, accessTokenSchema } from "#shared/schemas/accounts.ts";
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
} from "#shared/schemas/mfa.ts";
import type { AppEnv, AuthAdmin, AuthUser } from "#worker/env.ts";
import { toTokenAnswer } from "#worker/features/accounts/json.ts";
import { clientAddress } from "#worker/lib/rate-limits.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { emailLanguage } from "./emails";
import {
  authenticationOptions,
  passkeyList,
  passkeySignIn,
  proveStepUpPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
} from "./passkeys";
import {
  currentVersion,
  disableTotp,
  enableTotp,
  factorState,
  nowSeconds,
  type Owner,
  passkeyAccount,
  proveSecondFactor,
  readMfaToken,
  requireFreshFactor,
  startTotpSetup,
  tellFactorChanged,
} from "./service";

// Two-factor sign-in's HTTP: set up and turn on an authenticator app, turn it off, the second step
// of a sign-in, step-up (a fresh proof before money moves) and passkeys. People's paths are mounted
// here (`mfaRoutes`); staff's twins, the same routes under /api/admin, in
// features/admin/auth/mfa-routes.ts.

const PATHS = {
  user: { P: "/api/v1/private/user/auth", PUB: "/api/v1/user/auth", tag: "Two-factor" },
  admin: { P: "/api/admin/private/auth", PUB: "/api/admin/auth", tag: "Admin two-factor" },
} as const;

/** The routes of one kind of account, under its own paths. */
export function twoFactorRoutes(kind: Owner["kind"]) {
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
    description: "The only answer that ever shows the key. Starting again replaces a set-up never confirmed.",
    security,
    responses: { 200: json(totpSetupSchema, "The key to scan"), ...errorResponses(401, 409) },
  });

  const enable = createRoute({
    method: "post",
    path: `${P}/totp/enable`,
    tags,
    summary: "Turn the app on with its first code; answers 10 recovery codes, shown this once",
    security,
    request: { body: jsonOrForm(totpEnableSchema) },
    responses: {
      200: json(recoveryCodesSchema, "On; keep these codes"),
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
    responses: { 200: json(acceptedSchema, "Off"), ...errorResponses(401, 403, 409, 415, 422, 429) },
  });

  const mfaLogin = createRoute({
    method: "post",
    path: `${PUB}/login/mfa`,
    tags,
    summary: "The second step of a sign-in: the mfa_token and a code, or a recovery code",
    description: "A recovery code works once. Wrong codes are counted per account (429 past the limit).",
    request: { body: jsonOrForm(mfaLoginSchema) },
    responses: { 200: json(accessTokenSchema, "Signed in"), ...errorResponses(401, 403, 409, 415, 422, 429) },
  });

  const stepUp = createRoute({
    method: "post",
    path: `${P}/step-up`,
    tags,
    summary: "Prove a factor now (a code or a passkey): a new access token good for step-up for 5 minutes",
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
    security,
    responses: {
      200: json(webauthnOptionsSchema, "Options for navigator.credentials.create"),
      ...errorResponses(401),
    },
  });

  const register = createRoute({
    method: "post",
    path: `${P}/passkey/register`,
    tags,
    summary: "Register the passkey the browser made from the options",
    security,
    request: { body: jsonBody(passkeyRegisterSchema) },
    responses: { 201: json(passkeyItemSchema, "Registered"), ...errorResponses(401, 403, 409, 415, 422) },
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
    responses: { 200: json(acceptedSchema, "Removed"), ...errorResponses(401, 403, 404, 422) },
  });

  const me = (c: Context<AppEnv>): AuthUser | AuthAdmin => (kind === "user" ? c.get("user") : c.get("admin"));
  const userOf = (c: Context<AppEnv>): Owner => ({ kind, id: me(c).id });
  // The factor e-mails are written in the language the browser asks for.
  const languageOf = (c: Context<AppEnv>) => emailLanguage(c.req.header("accept-language"));

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
    .openapi(setup, async (c) => c.json(await startTotpSetup(c.var.deps, userOf(c), me(c).username), 200))
    .openapi(enable, async (c) => {
      const body = readBody<z.output<typeof totpEnableSchema>>(c);
      const codes = await enableTotp(c.var.deps, userOf(c), body.code);
      await tellFactorChanged(c.var.deps, userOf(c), { kind: "totp-on" }, languageOf(c));
      return c.json({ recovery_codes: codes }, 200);
    })
    .openapi(disable, async (c) => {
      const body = readBody<z.output<typeof totpDisableSchema>>(c);
      await disableTotp(c.var.deps, userOf(c), body);
      await tellFactorChanged(c.var.deps, userOf(c), { kind: "totp-off" }, languageOf(c));
      return c.json({ message: MFA_MSG.turnedOff }, 200);
    })
    .openapi(mfaLogin, async (c) => {
      const body = readBody<z.output<typeof mfaLoginSchema>>(c);
      const { owner, version } = await readMfaToken(c.var.deps, kind, body.mfa_token);
      const recovery = await proveSecondFactor(c.var.deps, owner, {
        code: body.code,
        recoveryCode: body.recovery_code,
      });
      const current = await currentVersion(c.var.deps, owner, version);
      if (recovery) {
        const change = { kind: "recovery-used", left: recovery.recoveryCodesLeft } as const;
        await tellFactorChanged(c.var.deps, owner, change, languageOf(c));
      }
      const token = await signAccessToken(c.env.JWT_SECRET, kind, owner.id, current, nowSeconds());
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
    .openapi(registerOptions, async (c) =>
      c.json(
        { options: await registrationOptions(c.var.deps, userOf(c), me(c).username) } as unknown as {
          options: Record<string, unknown>;
        },
        200,
      ),
    )
    .openapi(register, async (c) => {
      const body = c.req.valid("json");
      const item = await registerPasskey(c.var.deps, userOf(c), body.response as never, body.name);
      const change = { kind: "passkey-added", name: item.name } as const;
      await tellFactorChanged(c.var.deps, userOf(c), change, languageOf(c));
      return c.json(item, 201);
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
      const token = await signAccessToken(c.env.JWT_SECRET, kind, owner.id, version, nowSeconds());
      return c.json(toTokenAnswer(token), 200);
    })
    .openapi(list, async (c) => c.json({ passkeys: await passkeyList(c.var.deps, userOf(c)) }, 200))
    .openapi(remove, async (c) => {
      const { id } = c.req.valid("query");
      await requireFreshFactor(c.var.deps, userOf(c), me(c).factorAt);
      const name = await removePasskey(c.var.deps, userOf(c), id);
      await tellFactorChanged(c.var.deps, userOf(c), { kind: "passkey-removed", name }, languageOf(c));
      return c.json({ message: MFA_MSG.passkeyRemoved }, 200);
    })
    .openapi(stepUp, async (c) => {
      const body = c.req.valid("json");
      const owner = userOf(c);
      if (body.passkey) await proveStepUpPasskey(c.var.deps, owner, body.passkey);
      else await proveSecondFactor(c.var.deps, owner, { code: body.code });
      const version = await currentVersion(c.var.deps, owner, me(c).version ?? -1);
      const token = await signAccessToken(c.env.JWT_SECRET, kind, owner.id, version, nowSeconds());
      return c.json(toTokenAnswer(token), 200);
    });
}

export const mfaRoutes = twoFactorRoutes("user");
