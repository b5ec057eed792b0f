import type {
  AccessToken,
  LoginInput,
  PasswordChangeRequired,
  Registered,
  RegisterInput,
} from "#shared/schemas/accounts.ts";
import type { MfaRequired } from "#shared/schemas/mfa.ts";
import { apiFetch } from "#web/lib/api.ts";

// The account calls, typed. Each field goes where the API reads it: a JSON body, a form
// (URLSearchParams) or the query string.

interface Accepted {
  message: string;
}

export const accountsApi = {
  login: (input: LoginInput) =>
    apiFetch<AccessToken | MfaRequired | PasswordChangeRequired>("/api/v1/user/auth/login", {
      method: "POST",
      body: input,
    }),
  /** After a sign-in with an e-mailed temporary password: the new password, then a session. */
  setNewPassword: (input: { password_token: string; new_password: string }) =>
    apiFetch<AccessToken>("/api/v1/user/auth/password/temporary", { method: "POST", body: input }),
  register: (input: RegisterInput) =>
    apiFetch<Registered>("/api/v1/user/auth/register", { method: "POST", body: input }),
  confirm: (code: string) =>
    apiFetch<AccessToken>("/api/v1/user/auth/register/email/confirm", { method: "POST", query: { code } }),
  resend: (username: string) =>
    apiFetch<Accepted>("/api/v1/user/auth/register/email/resend", { method: "POST", query: { username } }),
  resetPassword: (email: string) =>
    apiFetch<Accepted>("/api/v1/user/auth/reset/password", { method: "POST", query: { email } }),
  updateEmail: (input: { new_email: string; password: string }) =>
    apiFetch<Accepted>("/api/v1/private/user/auth/update/email", {
      method: "PATCH",
      body: new URLSearchParams(input),
    }),
  /** Finishes the e-mail change asked for in this browser (its cookie names the change). */
  confirmEmailChange: (code: string) =>
    apiFetch<{ detail: string }>("/api/v1/user/auth/email/confirm", { method: "POST", query: { code } }),
  /** Trades Google's `/signin?code=` for a token; only this browser's nonce cookie makes it work. */
  googleExchange: (code: string) =>
    apiFetch<AccessToken | MfaRequired>("/api/v1/user/auth/google/exchange", {
      method: "POST",
      body: { code },
    }),
  updatePassword: (input: { old_password: string; new_password: string; remove_recent_passkeys?: boolean }) =>
    apiFetch<Accepted>("/api/v1/private/user/auth/update/password", {
      method: "PATCH",
      body: new URLSearchParams({
        old_password: input.old_password,
        new_password: input.new_password,
        remove_recent_passkeys: String(input.remove_recent_passkeys ?? false),
      }),
    }),
  signOutEverywhere: (removeRecentPasskeys: boolean) =>
    apiFetch<Accepted>("/api/v1/private/user/auth/sign-out-everywhere", {
      method: "POST",
      body: new URLSearchParams({ remove_recent_passkeys: String(removeRecentPasskeys) }),
    }),
  deleteAccount: (input: { username: string; password: string }) =>
    apiFetch<Accepted>("/api/v1/private/user/auth/delete/account", {
      method: "DELETE",
      body: new URLSearchParams(input),
    }),
};

export const GOOGLE_LOGIN_PATH = "/api/v1/user/auth/oauth/google/login";
