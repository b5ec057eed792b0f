import { useEffect } from "react";

// The admin site has its own night mode, apart from the main site's, remembered per browser and
// per admin.
export type AdminTheme = "night" | "day";
const STORAGE_KEY = "agora.admin.theme";

export function initialAdminTheme(): AdminTheme {
  return localStorage.getItem(STORAGE_KEY) === "day" ? "day" : "night";
}

export function currentAdminTheme(): AdminTheme {
  return document.documentElement.dataset.theme === "day" ? "day" : "night";
}

export function applyAdminTheme(theme: AdminTheme): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem(STORAGE_KEY, theme);
}

/** The theme follows the signed-in admin's setting once it is known. */
export function useAdminThemeFrom(useNightMode: boolean | undefined): void {
  useEffect(() => {
    if (useNightMode !== undefined) applyAdminTheme(useNightMode ? "night" : "day");
  }, [useNightMode]);
}
