import {
  type KeyboardEvent,
  type RefObject,
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { focusMenuItem, moveMenuFocus } from "#client/menu.ts";
import type { MenuStart } from "#client/menu-button.ts";
import { useModalDialog } from "#client/modal-dialog.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { MenuAction } from "./bottom-sheet";

// The open state of OptionsMenu (bottom-sheet.tsx): fetched when a menu first opens, or when the
// pointer or focus reaches its button, so the first screen of a feed does not carry it.

export default function OpenMenu({
  phone,
  id,
  title,
  actions,
  anchor,
  start,
  onClose,
}: {
  phone: boolean;
  id: string;
  title: string;
  /** The items, or their loading (the menu shows once they are there). */
  actions: MenuAction[] | Promise<MenuAction[]>;
  anchor: RefObject<HTMLButtonElement | null>;
  /** Which item takes focus: the first, or the last when ArrowUp opened the menu. */
  start: MenuStart;
  onClose: (returnFocus?: boolean) => void;
}) {
  const list = Array.isArray(actions) ? actions : use(actions);
  return phone ? (
    <Sheet id={id} title={title} actions={list} start={start} onClose={onClose} />
  ) : (
    <Popover id={id} label={title} actions={list} anchor={anchor} start={start} onClose={onClose} />
  );
}

function Items({ actions, onClose }: { actions: MenuAction[]; onClose: (returnFocus?: boolean) => void }) {
  return actions.map((action) => (
    <button
      key={action.label}
      type="button"
      {...(action.checked === undefined
        ? { role: "menuitem" }
        : { role: "menuitemradio", "aria-checked": action.checked })}
      disabled={action.disabled}
      onClick={() => {
        // Focus goes back to the menu's button first: a dialog the action opens takes it from
        // there and gives it back there when it closes (Escape included), never to the page.
        onClose();
        action.onSelect();
      }}
      className={`flex w-full items-center gap-3 px-4 py-3 text-left text-sm outline-none hover:bg-[var(--hover)] focus-visible:bg-[var(--hover)] disabled:cursor-not-allowed disabled:opacity-50 md:py-2 ${
        action.danger ? "text-[var(--danger)]" : "text-[var(--text)]"
      }`}
    >
      {action.icon}
      {action.label}
      {action.checked ? (
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          className="ml-auto text-[var(--accent)]"
        >
          <path d="m5 12 5 5 9-10" />
        </svg>
      ) : null}
    </button>
  ));
}

function onMenuKeyDown(e: KeyboardEvent<HTMLElement>) {
  if (moveMenuFocus(e.currentTarget, e.key)) e.preventDefault();
}

/** The popover: fixed to the viewport under the button, so a card's overflow cannot clip it. */
function Popover({
  id,
  label,
  actions,
  anchor,
  start,
  onClose,
}: {
  id: string;
  label: string;
  actions: MenuAction[];
  anchor: RefObject<HTMLButtonElement | null>;
  start: MenuStart;
  onClose: (returnFocus?: boolean) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const box = anchor.current?.getBoundingClientRect();
      const menu = ref.current;
      if (!box || !menu) return;
      const width = menu.offsetWidth;
      const height = menu.offsetHeight;
      const below = box.bottom + 4;
      const top = below + height > window.innerHeight - 8 ? Math.max(8, box.top - height - 4) : below;
      const left = Math.min(Math.max(8, box.right - width), window.innerWidth - width - 8);
      setPosition({ top, left });
    };
    place();
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [anchor]);

  // The first (or last) item takes focus once the menu is placed: before that it is hidden, and a
  // hidden element cannot take focus (a keyboard user opening the menu was left on its button).
  const placed = position !== null;
  useEffect(() => {
    if (placed) focusMenuItem(ref.current, start);
  }, [placed, start]);

  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!ref.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        onClose();
      }
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [anchor, onClose]);

  return (
    <div
      ref={ref}
      id={id}
      role="menu"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={(e) => {
        onMenuKeyDown(e);
        // Tabbing away leaves a popover menu, as in native menus.
        if (e.key === "Tab") onClose(false);
      }}
      style={{
        top: position?.top ?? 0,
        left: position?.left ?? 0,
        visibility: position ? "visible" : "hidden",
      }}
      className="fixed z-50 min-w-48 overflow-hidden rounded-xl border border-[var(--line)] bg-[var(--surface)] py-1 shadow-xl"
    >
      <Items actions={actions} onClose={onClose} />
    </div>
  );
}

/** The sheet: a modal <dialog> at the bottom, so the page behind is inert and Escape closes it. */
function Sheet({
  id,
  title,
  actions,
  start,
  onClose,
}: {
  id: string;
  title: string;
  actions: MenuAction[];
  start: MenuStart;
  onClose: (returnFocus?: boolean) => void;
}) {
  const { t } = useTranslation();
  const modal = useModalDialog(onClose);
  const titleId = useId();

  useEffect(() => {
    focusMenuItem(modal.ref.current, start);
  }, [modal.ref, start]);

  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      className="m-0 mt-auto w-full max-w-none rounded-t-2xl border-t border-[var(--line)] bg-[var(--surface)] p-0 pb-[env(safe-area-inset-bottom)] text-[var(--text)] shadow-2xl backdrop:bg-black/50"
    >
      <div aria-hidden="true" className="mx-auto mt-2 h-1 w-10 rounded-full bg-[var(--line)]" />
      <h2
        id={titleId}
        className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase"
      >
        {title}
      </h2>
      <div id={id} role="menu" aria-labelledby={titleId} onKeyDown={onMenuKeyDown}>
        <Items actions={actions} onClose={onClose} />
      </div>
      <div className="border-t border-[var(--line)] p-2">
        <button type="button" className="btn btn-ghost w-full" onClick={() => onClose()}>
          {t("Cancel")}
        </button>
      </div>
    </dialog>
  );
}
