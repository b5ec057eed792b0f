import { useState } from "react";

// A menu button's keys (the WAI-ARIA APG menu button pattern, with ./menu.ts for the open menu):
// Enter, Space or ArrowDown open the menu at its first item, ArrowUp at its last.

/** Which item takes focus when a menu opens. */
export type MenuStart = "first" | "last";

/**
 * The arrow keys on a closed menu's button: the item the menu should open at, or null for any other
 * key (Enter and Space click the button, which opens it at the first item).
 */
function menuStartFor(key: string): MenuStart | null {
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
