import { useNavigate, useSearch } from "@tanstack/react-router";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { SearchIcon } from "#client/ui/icons.tsx";
import { SEARCH_TYPES, type SearchType } from "#shared/enums/feed.ts";

/** Communities and people matching what is typed: loads on the input's first focus. */
const Suggestions = lazy(() => import("./search-suggestions"));

/** The top search bar: Enter or the icon goes to /search?q= (and the kind shown); empty input is ignored. */
export function SearchForm({
  onDone,
  autoFocus = false,
  id,
}: {
  onDone?: () => void;
  autoFocus?: boolean;
  id: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useSearch({ strict: false }) as { q?: string; type?: string };
  const [q, setQ] = useState(current.q ?? "");
  const input = useRef<HTMLInputElement>(null);
  const [suggest, setSuggest] = useState(false);
  // The mobile form opens on a tap of the search icon: the caret goes straight into it.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  useEffect(() => setQ(current.q ?? ""), [current.q]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = q.trim();
    if (!text) return;
    // On a kind of result, a new search stays on it; elsewhere the page opens the kind that has results.
    const type = SEARCH_TYPES.includes(current.type as SearchType) ? (current.type as SearchType) : undefined;
    void navigate({ to: "/search", search: { q: text, type } });
    onDone?.();
  };

  return (
    // <search> is the landmark (React does not know the tag yet and says so in tests; browsers do).
    <search className="w-full">
      <form onSubmit={submit} className="relative flex w-full items-center">
        <label htmlFor={id} className="sr-only">
          {t("Search")}
        </label>
        <input
          id={id}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onFocus={() => setSuggest(true)}
          autoComplete="off"
          placeholder={t("Search Agora")}
          ref={input}
          maxLength={200}
          className="w-full rounded-full border border-[var(--line)] bg-[var(--surface-strong)] py-2 pr-11 pl-4 text-sm outline-none focus:border-[var(--accent)]"
        />
        <button
          type="submit"
          aria-label={t("Search")}
          className="absolute right-1 grid size-8 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)]"
        >
          <SearchIcon />
        </button>
        {suggest ? (
          <Suspense>
            <Suggestions input={input} q={q} listId={`${id}-list`} onPicked={onDone} />
          </Suspense>
        ) : null}
      </form>
    </search>
  );
}
