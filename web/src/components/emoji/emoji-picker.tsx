import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { EMOJI_CATEGORIES, searchEmoji } from "./emoji-data";

const COLUMNS = 8;

/**
 * A popover of emoji by category, with search. Arrow keys move through the grid, Enter picks,
 * Escape closes and gives focus back to the button that opened it. It opens above the button that
 * shows it (the chat's composer), or `below` it.
 */
export function EmojiPicker({
  onPick,
  onClose,
  below = false,
}: {
  onPick: (emoji: string) => void;
  onClose: () => void;
  below?: boolean;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const gridId = useId();
  const list = useMemo(
    () => (query.trim() ? searchEmoji(query) : (EMOJI_CATEGORIES[category]?.emoji ?? [])),
    [query, category],
  );

  useEffect(() => {
    search.current?.focus();
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    const target = event.target as HTMLElement;
    const index = Number(target.dataset.index ?? -1);
    if (index < 0) {
      if (event.key === "ArrowDown" && list.length) {
        event.preventDefault();
        focusCell(0);
      }
      return;
    }
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: COLUMNS,
      ArrowUp: -COLUMNS,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = index + move;
    if (next < 0) search.current?.focus();
    else focusCell(Math.min(next, list.length - 1));
  };

  const focusCell = (index: number) =>
    root.current?.querySelector<HTMLButtonElement>(`[data-index="${index}"]`)?.focus();

  return (
    <div
      ref={root}
      role="dialog"
      aria-label={t("Emoji")}
      onKeyDown={onKeyDown}
      className={`absolute left-0 z-30 w-[19rem] ${below ? "top-full mt-2" : "bottom-full mb-2"} max-w-[calc(100vw-1.5rem)] rounded-xl border border-[var(--line)] bg-[var(--surface)] p-2 shadow-xl`}
      data-testid="emoji-picker"
    >
      <input
        ref={search}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t("Search emoji")}
        aria-label={t("Search emoji")}
        aria-controls={gridId}
        className="field mb-2 py-1.5"
      />
      {query.trim() ? null : (
        <div role="tablist" aria-label={t("Emoji categories")} className="mb-1 flex justify-between">
          {EMOJI_CATEGORIES.map((c, i) => (
            <button
              key={c.label}
              type="button"
              role="tab"
              aria-selected={i === category}
              aria-label={t(c.label)}
              title={t(c.label)}
              onClick={() => setCategory(i)}
              className={`grid size-8 place-items-center rounded-lg text-lg ${i === category ? "bg-[var(--surface-strong)]" : "opacity-70 hover:bg-[var(--hover)]"}`}
            >
              {c.icon}
            </button>
          ))}
        </div>
      )}
      <div id={gridId} className="grid max-h-52 grid-cols-8 gap-0.5 overflow-y-auto">
        {list.map(([emoji, name], i) => (
          <button
            key={emoji}
            type="button"
            data-index={i}
            aria-label={name}
            title={name}
            onClick={() => onPick(emoji)}
            className="grid aspect-square place-items-center rounded-lg text-xl hover:bg-[var(--hover)] focus-visible:bg-[var(--hover)]"
          >
            {emoji}
          </button>
        ))}
        {list.length === 0 ? (
          <p className="col-span-8 py-6 text-center text-sm text-[var(--muted)]">{t("No emoji found")}</p>
        ) : null}
      </div>
    </div>
  );
}
