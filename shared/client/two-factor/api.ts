import type { AccessToken, PasswordChangeRequired } from "#shared/schemas/accounts.ts";
import type { MfaStatus, PasskeyItem, TotpSetup } from "#shared/schemas/mfa.ts";
import { ApiError, type RequestOptions } from "../http";
import { msg } from "../i18n";

// Two-factor calls for either site: people's paths or staff's twins, through the site's own fetch.

export type Fetcher = <T>(path: string, options?: RequestOptions) => Promise<T>;
export type WebAuthnOptions = { options: Record<string, unknown> };

/** People's paths and staff's twins. */
const PATHS = {
  user: { P: "/api/v1/private/user/auth", PUB: "/api/v1/user/auth" },
  admin: { P: "/api/admin/private/auth", PUB: "/api/admin/auth" },
} as const;

export function twoFactorApi(fetcher: Fetcher, kind: "user" | "admin") {
  const { P, PUB } = PATHS[kind];
  return {
    status: () => fetcher<MfaStatus>(`${P}/mfa`),
    setup: () => fetcher<TotpSetup>(`${P}/totp/setup`, { method: "POST" }),
    enable: (code: string) =>
      fetcher<{ recovery_codes: string[]; access_token?: string }>(`${P}/totp/enable`, {
        method: "POST",
        body: { code },
      }),
    disable: (input: { password: string; code: string }) =>
      fetcher<{ message: string; access_token?: string }>(`${P}/totp`, { method: "DELETE", body: input }),
    renewRecoveryCodes: () =>
      fetcher<{ recovery_codes: string[] }>(`${P}/recovery-codes`, { method: "POST" }),
    loginMfa: (input: { mfa_token: string; code?: string; recovery_code?: string }) =>
      fetcher<AccessToken | PasswordChangeRequired>(`${PUB}/login/mfa`, { method: "POST", body: input }),
    stepUp: (input: { code?: string; passkey?: unknown; password?: string }) =>
      fetcher<AccessToken>(`${P}/step-up`, { method: "POST", body: input }),
    stepUpOptions: () => fetcher<WebAuthnOptions>(`${P}/step-up/passkey/options`, { method: "POST" }),
    registerOptions: () => fetcher<WebAuthnOptions>(`${P}/passkey/register/options`, { method: "POST" }),
    register: (response: unknown, name?: string) =>
      fetcher<PasskeyItem & { access_token?: string }>(`${P}/passkey/register`, {
        method: "POST",
        body: { response, name },
      }),
    loginOptions: () => fetcher<WebAuthnOptions>(`${PUB}/passkey/login/options`, { method: "POST" }),
    passkeyLogin: (response: unknown) =>
      fetcher<AccessToken>(`${PUB}/passkey/login`, { method: "POST", body: { response } }),
    passkeys: () => fetcher<{ passkeys: PasskeyItem[] }>(`${P}/passkey/list`),
    removePasskey: (id: number) =>
      fetcher<{ message: string; access_token?: string }>(`${P}/passkey`, {
        method: "DELETE",
        query: { id },
      }),
  };
}
export type TwoFactorApi = ReturnType<typeof twoFactorApi>;

/** The answer of a step that may ask for the second factor instead of signing in. */
export function needsCode(answer: unknown): answer is { mfa_required: true; mfa_token: string } {
  return typeof answer === "object" && answer !== null && "mfa_required" in answer;
}

/** The Worker asks for a fresh code or passkey before this action (money, a factor going). */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "step_up_required";
}

/** The Worker asks for the password again before this change (an account with no factor). */
export function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "reauth_required";
}

/** Which proof the Worker asks for before retrying, if it asks for one. */
export function proofNeeded(error: unknown): "factor" | "password" | null {
  if (isStepUpRequired(error)) return "factor";
  if (isReauthRequired(error)) return "password";
  return null;
}

/** A sign-in with an e-mailed temporary password: a new password must be chosen next. */
export function needsNewPassword(answer: unknown): answer is PasswordChangeRequired {
  return typeof answer === "object" && answer !== null && "password_change_required" in answer;
}

/** Staff without a second factor: only set-up is allowed. */
export function isEnrollRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "mfa_setup_required";
}

// The browser half of WebAuthn loads only when a passkey is used.

export async function createPasskey(options: WebAuthnOptions): Promise<unknown> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON: options.options as never }).catch((error: unknown) => {
    throw new Error(passkeyProblem(error, "create"));
  });
}

export async function signWithPasskey(options: WebAuthnOptions): Promise<unknown> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: options.options as never }).catch((error: unknown) => {
    throw new Error(passkeyProblem(error, "sign"));
  });
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

export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}
