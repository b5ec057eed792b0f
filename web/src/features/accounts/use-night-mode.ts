import { useQueryClient } from "@tanstack/react-query";
import type { Me } from "../../../../shared/src/schemas/user";
import { apiFetch } from "../../lib/api";
import { applyTheme, currentTheme } from "../../lib/theme";
import { accountKeys } from "./session";

/** Flips the theme at once and, when signed in, saves use_night_mode (part 2 §4). */
export function useToggleNightMode(): () => void {
  const queryClient = useQueryClient();
  return () => {
    const next = currentTheme() === "night" ? "day" : "night";
    applyTheme(next);
    const me = queryClient.getQueryData<Me>(accountKeys.me());
    if (me) {
      queryClient.setQueryData<Me>(accountKeys.me(), { ...me, use_night_mode: next === "night" });
      void apiFetch("/api/v1/private/user/setting/boolean", {
        method: "PATCH",
        query: { user_boolean_setting: "USE_NIGHT_MODE" },
      }).catch(() => undefined);
    }
  };
}
