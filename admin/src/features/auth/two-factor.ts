import { adminApi } from "#admin/lib/api.ts";
import { twoFactorApi } from "#client/two-factor/api.ts";

/** Staff's two-factor calls: the people's under /api/admin (docs/decisions/110). */
export const adminTwoFactor = twoFactorApi(adminApi, "admin");

export const adminFactorKey = ["admin", "two-factor", "status"] as const;
