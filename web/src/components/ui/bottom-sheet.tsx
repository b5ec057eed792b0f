import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useId,
  useMemo,
  useRef,
} from "react";
import { useMenuButton } from "#client/menu-button.ts";
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
  /** One of a set of choices (a sort order): a radio item, checked when it is the current one. */
  checked?: boolean;
}

/** Falsy entries are skipped, so `isOwner && { label: t("Delete"), … }` reads naturally. */
type Actions = Array<MenuAction | false | null | undefined>;
const shown = (actions: Actions) => actions.filter((a): a is MenuAction => Boolean(a));

interface TriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  type: "button";
  "aria-haspopup": "menu";
  "aria-expanded": boolean;
  "aria-controls": string | undefined;
  "aria-label": string;
  onClick: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
  onPointerEnter: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
}

/** Phones get a sheet from the bottom of the screen; wider screens a menu by the button. */
const PHONE = "(max-width: 767px)";

/**
 * The options menu ("⋯") of a post, comment or message: a bottom sheet on phones, a popover menu
 * on wider screens. Escape, a click outside or choosing an item closes it, and focus goes back to
 * the button that opened it. The keys are the menu button's (#client/menu.ts): ArrowDown or ArrowUp
 * on the button open it at the first or last item.
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
  /**
   * The items, or a function that loads them from a module of their own: it is called on intent
   * and each time the menu opens, so a list of many cards keeps the items' code off its first
   * screen (docs/decisions/093).
   */
  actions: Actions | (() => Promise<Actions>);
  /** A custom button; spread the props onto a <button>. Defaults to a round "⋯" button. */
  trigger?: (props: TriggerProps) => ReactNode;
  title?: string;
}) {
  const { open, setOpen, start, buttonProps } = useMenuButton();
  const phone = useMediaQuery(PHONE);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback(
    (returnFocus = true) => {
      setOpen(false);
      if (returnFocus) button.current?.focus();
    },
    [setOpen],
  );

  const preload = () => {
    void loadOpenMenu();
    if (typeof actions === "function") void actions().catch(() => undefined);
  };

  const props: TriggerProps = {
    ...buttonProps,
    ref: button,
    type: "button",
    "aria-controls": open ? menuId : undefined,
    "aria-label": label,
    // The open menu's code comes on intent (docs/decisions/092), so it is usually there by the click.
    onPointerEnter: preload,
    onFocus: preload,
    onTouchStart: preload,
  };

  // Loaded items are asked for once per opening, as the post or comment is then.
  const loaded = useMemo(
    () => (open && typeof actions === "function" ? actions().then(shown) : null),
    [open],
  );
  const items = typeof actions === "function" ? loaded : shown(actions);
  const menu =
    open && items ? (
      <Suspense fallback={null}>
        <OpenMenu
          phone={phone}
          id={menuId}
          title={title ?? label}
          actions={items}
          anchor={button}
          start={start}
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
