import { useQueryClient } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import { type AdminMe, adminKeys } from "./session";
import { applyAdminTheme, currentAdminTheme } from "./theme";

/**
 * Flips the admin night mode at once and saves it (`PATCH /api/admin/private/setting/boolean`).
 * The saved value wins; a failed save puts the theme back.
 */
export function useToggleAdminNightMode(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    const before = currentAdminTheme();
    const setNight = (night: boolean) => {
      applyAdminTheme(night ? "night" : "day");
      queryClient.setQueryData<AdminMe>(adminKeys.me(), (a) => (a ? { ...a, use_night_mode: night } : a));
    };
    setNight(before !== "night");
    try {
      const { result } = await adminApi.patch("/api/admin/private/setting/boolean", {
        query: { admin_boolean_setting: "USE_NIGHT_MODE" },
      });
      setNight(result);
    } catch {
      setNight(before === "night");
    }
  };
}
