import { lazy, type ReactNode, type RefObject, Suspense, useCallback, useId, useRef, useState } from "react";
import { useMediaQuery } from "#web/lib/use-media-query.ts";

const loadOpenMenu = () => import("./options-menu-open");
const OpenMenu = lazy(loadOpenMenu);

export interface MenuAction {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  /** Red, for destructive actions (Delete, Block). */
  danger?: boolean;
  disabled?: boolean;
}

interface TriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  type: "button";
  "aria-haspopup": "menu";
  "aria-expanded": boolean;
  "aria-controls": string | undefined;
  "aria-label": string;
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
}

/** Phones get a sheet from the bottom of the screen; wider screens a menu by the button. */
const PHONE = "(max-width: 767px)";

/**
 * Moves focus among a menu's enabled items with the arrow keys, Home and End (the WAI-ARIA menu
 * pattern). Returns whether the key was one of those.
 */
export function moveMenuFocus(menu: HTMLElement | null, key: string): boolean {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
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
 * The options menu ("⋯") of a post, comment or message: a bottom sheet on phones, a popover menu
 * on wider screens. Escape, a click outside or choosing an item closes it, and focus goes back to
 * the button that opened it.
 *
 *   <OptionsMenu label={t("Post options")} actions={[{ label: t("Delete"), danger: true, onSelect }]} />
 */
export function OptionsMenu({
  label,
  actions,
  trigger,
  title,
}: {
  /** The button's accessible name, and the sheet's heading unless `title` is given. */
  label: string;
  /** Falsy entries are skipped, so `isOwner && { label: t("Delete"), … }` reads naturally. */
  actions: Array<MenuAction | false | null | undefined>;
  /** A custom button; spread the props onto a <button>. Defaults to a round "⋯" button. */
  trigger?: (props: TriggerProps) => ReactNode;
  title?: string;
}) {
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery(PHONE);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  const props: TriggerProps = {
    ref: button,
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": open,
    "aria-controls": open ? menuId : undefined,
    "aria-label": label,
    onClick: () => setOpen((v) => !v),
    // The open menu's code comes on intent (docs/decisions/092), so it is usually there by the click.
    onPointerEnter: () => void loadOpenMenu(),
    onFocus: () => void loadOpenMenu(),
    onTouchStart: () => void loadOpenMenu(),
  };

  const visible = actions.filter((a): a is MenuAction => Boolean(a));
  const menu = open ? (
    <Suspense fallback={null}>
      <OpenMenu
        phone={phone}
        id={menuId}
        title={title ?? label}
        actions={visible}
        anchor={button}
        onClose={close}
      />
    </Suspense>
  ) : null;

  return (
    <>
      {trigger ? (
        trigger(props)
      ) : (
        <button
          {...props}
          className="grid size-8 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
        </button>
      )}
      {menu}
    </>
  );
}
