import { useState } from "react";

// The keys of a menu button and its menu, for both sites' menus (the WAI-ARIA APG menu button
// pattern): Enter, Space or ArrowDown on the button open the menu at its first item, ArrowUp at its
// last; in the menu the arrows move (wrapping), Home and End jump to the ends, Escape closes and
// gives focus back to the button, Tab leaves and closes.

/** Which item takes focus when a menu opens. */
export type MenuStart = "first" | "last";

/** The enabled items of a menu (menuitem, menuitemcheckbox, menuitemradio). */
export function menuItems(menu: HTMLElement | null): HTMLElement[] {
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

/**
 * The arrow keys on a closed menu's button: the item the menu should open at, or null for any other
 * key (Enter and Space click the button, which opens it at the first item).
 */
export function menuStartFor(key: string): MenuStart | null {
  return key === "ArrowDown" ? "first" : key === "ArrowUp" ? "last" : null;
}

/**
 * A menu button's open state and the item its menu opens at. Spread `buttonProps` on the <button>:
 * a click toggles the menu (opening at the first item), ArrowDown or ArrowUp open it at the first or
 * last. The menu itself focuses `start` when it appears.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<MenuStart>("first");
  const buttonProps = {
    "aria-haspopup": "menu",
    "aria-expanded": open,
    onClick: () => {
      setStart("first");
      setOpen((v) => !v);
    },
    onKeyDown: (e: { key: string; preventDefault: () => void }) => {
      const at = menuStartFor(e.key);
      if (!at || open) return;
      e.preventDefault();
      setStart(at);
      setOpen(true);
    },
  } as const;
  return { open, setOpen, start, buttonProps };
}
