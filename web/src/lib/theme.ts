export type Theme = "night" | "day";
const STORAGE_KEY = "agora.theme";

/** Night by default (part 2 §4); the user's choice is remembered and follows use_night_mode. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === "day" ? "day" : "night";
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem(STORAGE_KEY, theme);
}

export function initialTheme(): Theme {
  return localStorage.getItem(STORAGE_KEY) === "day" ? "day" : "night";
}
