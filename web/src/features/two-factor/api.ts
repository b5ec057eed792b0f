import { twoFactorApi } from "#client/two-factor/api.ts";
import { apiFetch } from "#web/lib/api.ts";

/** A person's two-factor calls (docs/decisions/110). */
export const twoFactor = twoFactorApi(apiFetch, "user");
