import { twoFactorApi } from "#client/two-factor/api.ts";
import { api } from "#web/lib/api.ts";

/** A person's two-factor calls (docs/decisions/110). */
export const twoFactor = twoFactorApi(api, "user");
