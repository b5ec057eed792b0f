import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { searchResultSchema } from "#shared/schemas/search.ts";
import { api } from "#web/lib/api.ts";
import { Avatar } from "../ui/avatar";

/** How many communities and how many people the list offers. */
const EACH = 4;
/** Search reads words of two letters or more: shorter text asks nothing. */
const MIN_LETTERS = 2;
/** Typing pauses this long before the list asks the server. */
const PAUSE_MS = 200;

interface Option {
  id: string;
  label: string;
  detail: string;
  image: string | null;
  to: { to: "/c/$name"; params: { name: string } } | { to: "/user/$username"; params: { username: string } };
}

async function suggestionsFor(q: string, signal: AbortSignal): Promise<Option[]> {
  const ask = async (type: "communities" | "users") =>
    searchResultSchema.parse(await api.get("/api/v1/search", { query: { q, type, limit: EACH }, signal }));
  const [communities, people] = await Promise.all([ask("communities"), ask("users")]);
  const options: Option[] = [];
  if (communities.search_type === "communities")
    for (const { community } of communities.list)
      options.push({
        id: `c-${community.name}`,
        label: `c/${community.name}`,
        detail: community.display_name ?? "",
        image: community.image,
        to: { to: "/c/$name", params: { name: community.name } },
      });
  if (people.search_type === "users")
    for (const { owner } of people.list)
      options.push({
        id: `u-${owner.username}`,
        label: owner.profile_name ?? `@${owner.username}`,
        detail: `@${owner.username}`,
        image: owner.profile_image,
        to: { to: "/user/$username", params: { username: owner.username } },
      });
  return options;
}

/**
 * What the header's search offers while a person types (docs/decisions/172): communities and people
 * whose names start so, in a listbox the input drives as a combobox (aria-activedescendant). Up and
 * Down move through it, Enter opens the one chosen (or searches when none is), Escape closes it.
 * Its own chunk: the header's input loads it on first focus.
 */
export default function SearchSuggestions({
  input,
  q,
  listId,
  onPicked,
}: {
  input: RefObject<HTMLInputElement | null>;
  q: string;
  listId: string;
  onPicked?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = q.trim();
  const [asked, setAsked] = useState(text);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useQuery({
    queryKey: ["search", "suggestions", asked.toLowerCase()],
    queryFn: ({ signal }) => suggestionsFor(asked, signal),
    enabled: [...asked].length >= MIN_LETTERS,
    staleTime: 60_000,
    meta: { silent: true },
  });
  const options = text && asked === text ? (query.data ?? []) : [];
  const shown = open && options.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  // New text: nothing chosen, the list open again.
  useEffect(() => {
    setActive(-1);
    setOpen(true);
  }, [text]);

  const pick = (option: Option) => {
    setOpen(false);
    void navigate(option.to);
    onPicked?.();
  };

  // The input is the combobox: its state and keys are set here, where the list lives.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute("role", "combobox");
    el.setAttribute("aria-autocomplete", "list");
    el.setAttribute("aria-controls", listId);
    el.setAttribute("aria-expanded", String(shown));
    if (shown && active >= 0) el.setAttribute("aria-activedescendant", optionId(active));
    else el.removeAttribute("aria-activedescendant");
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        if (!options.length) return;
        e.preventDefault();
        setOpen(true);
        const n = options.length;
        // Down from the input goes to the first, Up to the last; past either end, back to the input.
        setActive((now) => {
          if (!shown) return e.key === "ArrowDown" ? 0 : n - 1;
          const next = now + (e.key === "ArrowDown" ? 1 : -1);
          return next >= n ? -1 : next < -1 ? n - 1 : next;
        });
      } else if (e.key === "Escape" && shown) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (e.key === "Enter" && shown && active >= 0 && options[active]) {
        e.preventDefault();
        pick(options[active]);
      }
    };
    const onBlur = () => setOpen(false);
    const onFocus = () => setOpen(true);
    el.addEventListener("keydown", onKey);
    el.addEventListener("blur", onBlur);
    el.addEventListener("focus", onFocus);
    return () => {
      el.removeEventListener("keydown", onKey);
      el.removeEventListener("blur", onBlur);
      el.removeEventListener("focus", onFocus);
    };
  });

  return (
    <div
      id={listId}
      role="listbox"
      aria-label={t("Suggestions")}
      hidden={!shown}
      className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-xl border border-[var(--line)] bg-[var(--surface)] py-1 shadow-xl"
    >
      {options.map((option, i) => (
        <div
          key={option.id}
          id={optionId(i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
            i === active ? "bg-[var(--hover)]" : "hover:bg-[var(--hover)]"
          }`}
          // The input keeps focus: a click picks without a blur closing the list first.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => pick(option)}
          onKeyDown={(e) => {
            if (e.key === "Enter") pick(option);
          }}
        >
          <Avatar src={option.image} name={option.label} size={28} />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{option.label}</span>
            {option.detail ? (
              <span className="block truncate text-xs text-[var(--muted)]">{option.detail}</span>
            ) : null}
          </span>
        </div>
      ))}
    </div>
  );
}
