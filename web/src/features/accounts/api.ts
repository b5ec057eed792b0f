import type { LoginInput, RegisterInput } from "#shared/schemas/accounts.ts";
import { api } from "#web/lib/api.ts";

// The account calls, typed. Each field goes where the API reads it: a JSON body, a form
// (URLSearchParams) or the query string.

export const accountsApi = {
  login: (input: LoginInput) =>
    api.post("/api/v1/user/auth/login", {
      body: input,
    }),
  /** After a sign-in with an e-mailed temporary password: the new password, then a session. */
  setNewPassword: (input: { password_token: string; new_password: string }) =>
    api.post("/api/v1/user/auth/password/temporary", { body: input }),
  register: (input: RegisterInput) => api.post("/api/v1/user/auth/register", { body: input }),
  confirm: (code: string) => api.post("/api/v1/user/auth/register/email/confirm", { query: { code } }),
  resend: (username: string) => api.post("/api/v1/user/auth/register/email/resend", { query: { username } }),
  resetPassword: (email: string) => api.post("/api/v1/user/auth/reset/password", { query: { email } }),
  updateEmail: (input: { new_email: string; password: string }) =>
    api.patch("/api/v1/private/user/auth/update/email", {
      body: new URLSearchParams(input),
    }),
  /** Finishes the e-mail change asked for in this browser (its cookie names the change). */
  confirmEmailChange: (code: string) => api.post("/api/v1/user/auth/email/confirm", { query: { code } }),
  /** Trades Google's `/signin?code=` for a token; only this browser's nonce cookie makes it work. */
  googleExchange: (code: string) =>
    api.post("/api/v1/user/auth/google/exchange", {
      body: { code },
    }),
  updatePassword: (input: { old_password: string; new_password: string; remove_recent_passkeys?: boolean }) =>
    api.patch("/api/v1/private/user/auth/update/password", {
      body: new URLSearchParams({
        old_password: input.old_password,
        new_password: input.new_password,
        remove_recent_passkeys: String(input.remove_recent_passkeys ?? false),
      }),
    }),
  signOutEverywhere: (removeRecentPasskeys: boolean) =>
    api.post("/api/v1/private/user/auth/sign-out-everywhere", {
      body: new URLSearchParams({ remove_recent_passkeys: String(removeRecentPasskeys) }),
    }),
  deleteAccount: (input: { username: string; password: string }) =>
    api.delete("/api/v1/private/user/auth/delete/account", {
      body: new URLSearchParams(input),
    }),
};

export const GOOGLE_LOGIN_PATH = "/api/v1/user/auth/oauth/google/login";
