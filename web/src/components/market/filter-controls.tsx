import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { SearchIcon } from "#client/ui/icons.tsx";

/** The search box of a marketplace list: submitted on Enter or with its button. */
export function ListSearchBox({
  value,
  label,
  maxLength,
  onSearch,
}: {
  value: string;
  label: string;
  maxLength: number;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="relative flex items-center">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={maxLength}
          onChange={(e) => setText(e.target.value)}
          placeholder={label}
          className="field rounded-full py-2.5 pr-12 pl-4"
        />
        <button
          type="submit"
          aria-label={t("Search")}
          className="absolute right-1.5 grid size-9 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)]"
        >
          <SearchIcon />
        </button>
      </form>
    </search>
  );
}

/** A labelled select of a filter; its first option ("Any …") means no filter. */
export function FilterSelect<T extends string>({
  label,
  value,
  anyLabel,
  options,
  onChange,
  wide = false,
}: {
  label: string;
  value: T | undefined;
  anyLabel: string;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T | undefined) => void;
  /** Long choices ("Todas las categorías", "Atendimento ao cliente"): the whole row on a phone. */
  wide?: boolean;
}) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${wide ? "col-span-2 md:col-span-1" : ""}`}>
      <label htmlFor={id} className="text-xs font-medium text-[var(--muted)]">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
        className="field py-1.5 text-sm"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox filter in the same row as the selects. */
export function FilterCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 self-end py-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-[var(--accent)]"
      />
      {label}
    </label>
  );
}

/** The panel the filters sit in, with "Clear filters" once any is set. */
export function FilterPanel({
  children,
  active,
  onClear,
}: {
  children: ReactNode;
  active: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-col gap-3 p-3 sm:p-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">{children}</div>
      {active ? (
        <button type="button" className="btn btn-ghost self-start px-2 py-1" onClick={onClear}>
          {t("Clear filters")}
        </button>
      ) : null}
    </div>
  );
}
