/** What an admin without a second factor may call: who they are, and setting the app up. */
export const ADMIN_ENROLL_PATHS: ReadonlySet<string> = new Set([
  "/api/admin/private/auth/me",
  "/api/admin/private/auth/mfa",
  "/api/admin/private/auth/totp/setup",
  "/api/admin/private/auth/totp/enable",
  // The password typed again when the sign-in is older than five minutes (set-up needs a recent proof).
  "/api/admin/private/auth/step-up",
]);
