// The keys of a menu button and its menu, for both sites' menus (the WAI-ARIA APG menu button
// pattern): Enter, Space or ArrowDown on the button open the menu at its first item, ArrowUp at its
// last; in the menu the arrows move (wrapping), Home and End jump to the ends, Escape closes and
// gives focus back to the button, Tab leaves and closes. The button's part is ./menu-button.ts
// (first screens have menu buttons; the open menus' code loads with them).

import type { MenuStart } from "./menu-button.ts";

/** The enabled items of a menu (menuitem, menuitemcheckbox, menuitemradio). */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([disabled])') ?? [])];
}

/** Focuses a menu's first or last enabled item. */
export function focusMenuItem(menu: HTMLElement | null, start: MenuStart = "first"): void {
  const items = menuItems(menu);
  (start === "last" ? items.at(-1) : items[0])?.focus();
}

/**
 * Moves focus among a menu's enabled items with the arrow keys, Home and End. Returns whether the
 * key was one of those (the caller then prevents its default: the page must not scroll).
 */
export function moveMenuFocus(menu: HTMLElement | null, key: string): boolean {
  const items = menuItems(menu);
  if (items.length === 0) return false;
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next =
    key === "ArrowDown"
      ? (index + 1) % items.length
      : key === "ArrowUp"
        ? (index - 1 + items.length) % items.length
        : key === "Home"
          ? 0
          : key === "End"
            ? items.length - 1
            : -1;
  if (next < 0) return false;
  items[next]?.focus();
  return true;
}
