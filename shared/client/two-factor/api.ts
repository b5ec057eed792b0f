import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { ApiError } from "../http";
import { msg } from "../i18n";
import type { JsonBody, TypedApi } from "../typed-api";

// Two-factor calls for either site: people's paths or staff's twins, through the site's typed client.

export type WebAuthnOptions = { options: Record<string, unknown> };
/** What the browser answers a passkey request with, as the API takes it. */
export type PasskeyResponse = JsonBody<"post", "/api/v1/private/user/auth/passkey/register">["response"];
type StepUp = JsonBody<"post", "/api/v1/private/user/auth/step-up">;

/** People's paths and staff's twins. */
const PATHS = {
  user: { P: "/api/v1/private/user/auth", PUB: "/api/v1/user/auth" },
  admin: { P: "/api/admin/private/auth", PUB: "/api/admin/auth" },
} as const;

export function twoFactorApi(client: TypedApi, kind: "user" | "admin") {
  const { P, PUB } = PATHS[kind];
  return {
    status: () => client.get(`${P}/mfa` as const),
    setup: () => client.post(`${P}/totp/setup` as const),
    enable: (code: string) =>
      client.post(`${P}/totp/enable` as const, {
        body: { code },
      }),
    disable: (input: { password: string; code: string }) =>
      client.delete(`${P}/totp` as const, { body: input }),
    renewRecoveryCodes: () => client.post(`${P}/recovery-codes` as const),
    loginMfa: (input: { mfa_token: string; code?: string; recovery_code?: string }) =>
      client.post(`${PUB}/login/mfa` as const, { body: input }),
    stepUp: (input: StepUp) => client.post(`${P}/step-up` as const, { body: input }),
    stepUpOptions: () => client.post(`${P}/step-up/passkey/options` as const),
    registerOptions: () => client.post(`${P}/passkey/register/options` as const),
    register: (response: PasskeyResponse, name?: string) =>
      client.post(`${P}/passkey/register` as const, {
        body: { response, name },
      }),
    loginOptions: () => client.post(`${PUB}/passkey/login/options` as const),
    passkeyLogin: (response: PasskeyResponse) =>
      client.post(`${PUB}/passkey/login` as const, { body: { response } }),
    passkeys: () => client.get(`${P}/passkey/list` as const),
    removePasskey: (id: number) =>
      client.delete(`${P}/passkey` as const, {
        query: { id },
      }),
  };
}
export type TwoFactorApi = ReturnType<typeof twoFactorApi>;

/** The Worker asks for a fresh code or passkey before this action (money, a factor going). */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "step_up_required";
}

/** The Worker asks for the password again before this change (an account with no factor). */
function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "reauth_required";
}

/** Which proof the Worker asks for before retrying, if it asks for one. */
export function proofNeeded(error: unknown): "factor" | "password" | null {
  if (isStepUpRequired(error)) return "factor";
  if (isReauthRequired(error)) return "password";
  return null;
}

/** Staff without a second factor: only set-up is allowed. */
export function isEnrollRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "mfa_setup_required";
}

// The browser half of WebAuthn loads only when a passkey is used.

export async function createPasskey(options: WebAuthnOptions): Promise<PasskeyResponse> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON: options.options as never }).then(asSent, (error: unknown) => {
    throw new Error(passkeyProblem(error, "create"));
  });
}

export async function signWithPasskey(options: WebAuthnOptions): Promise<PasskeyResponse> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: options.options as never }).then(asSent, (error: unknown) => {
    throw new Error(passkeyProblem(error, "sign"));
  });
}

/** The browser's answer as plain JSON objects, the shape the API's document gives it. */
function asSent(answer: RegistrationResponseJSON | AuthenticationResponseJSON): PasskeyResponse {
  const { response, clientExtensionResults, ...rest } = answer;
  return { ...rest, response: { ...response }, clientExtensionResults: { ...clientExtensionResults } };
}

/**
 * The browser's WebAuthn refusals in product words (a message id), never its own text with a link
 * to the W3C: cancelled or timed out, a key this device already holds, an address passkeys do not
 * work on, a device that cannot make one, or anything else.
 */
export function passkeyProblem(error: unknown, ceremony: "create" | "sign"): string {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERROR_CEREMONY_ABORTED" || name === "AbortError")
    return msg("The passkey request was cancelled.");
  if (name === "NotAllowedError")
    return ceremony === "sign"
      ? msg(
          "No passkey was used: the request was cancelled, timed out, or this device has no passkey for Agora.",
        )
      : msg("No passkey was made: the request was cancelled or timed out.");
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return msg("This device already holds a passkey for your account.");
  if (name === "SecurityError") return msg("Passkeys do not work on this address.");
  if (name === "NotSupportedError" || name === "ConstraintError")
    return msg("This device cannot make the kind of passkey Agora needs.");
  return msg("The passkey did not work. Try again, or use your code instead.");
}
