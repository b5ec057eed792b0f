import { useSyncExternalStore } from "react";

export type Theme = "night" | "day";
const STORAGE_KEY = "agora.theme";
const listeners = new Set<() => void>();

/** Night by default; the user's choice is remembered and follows use_night_mode. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === "day" ? "day" : "night";
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem(STORAGE_KEY, theme);
  for (const listener of listeners) listener();
}

export function initialTheme(): Theme {
  return localStorage.getItem(STORAGE_KEY) === "day" ? "day" : "night";
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The theme, re-rendering the caller when it flips (toggle, sign-in, sign-out). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => "night");
}
