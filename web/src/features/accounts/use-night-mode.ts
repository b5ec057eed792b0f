import { useQueryClient } from "@tanstack/react-query";
import type { Me } from "#shared/schemas/user.ts";
import { api } from "#web/lib/api.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { accountKeys } from "#web/lib/session.ts";
import { applyTheme, currentTheme } from "#web/lib/theme.ts";

/**
 * Flips the theme at once and, when signed in, saves use_night_mode. The server
 * answers the saved value, which wins; a failed save puts the theme back and says why.
 */
export function useToggleNightMode(): () => void {
  const queryClient = useQueryClient();
  return () => {
    const before = currentTheme();
    const next = before === "night" ? "day" : "night";
    applyTheme(next);
    const me = queryClient.getQueryData<Me>(accountKeys.me());
    if (!me) return;
    const setNight = (night: boolean) =>
      queryClient.setQueryData<Me>(accountKeys.me(), (m) =>
        m ? { ...m, use_night_mode: night, settings: { ...m.settings, USE_NIGHT_MODE: night } } : m,
      );
    setNight(next === "night");
    api
      .patch("/api/v1/private/user/setting/boolean", {
        query: { user_boolean_setting: "USE_NIGHT_MODE" },
      })
      .then(({ result }) => {
        setNight(result);
        applyTheme(result ? "night" : "day");
      })
      .catch((error: unknown) => {
        setNight(before === "night");
        applyTheme(before);
        handleApiError(error);
      });
  };
}
