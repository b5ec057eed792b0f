import { useEffect } from "react";
import { useMe } from "#web/lib/session.ts";
import { applyTheme } from "#web/lib/theme.ts";

/** The theme follows the account's use_night_mode once it is known. */
export function ThemeFromAccount() {
  const { me } = useMe();
  const night = me?.use_night_mode;
  useEffect(() => {
    if (night !== undefined) applyTheme(night ? "night" : "day");
  }, [night]);
  return null;
}
