import { twoFactorRoutes } from "#worker/features/mfa/routes.ts";

// Staff's two-factor sign-in: the people's routes under /api/admin/auth and
// /api/admin/private/auth, for admin tokens. Staff must turn the app on before anything else
// (middleware/auth.ts `requireAdmin`).
export const adminMfaRoutes = twoFactorRoutes("admin");
