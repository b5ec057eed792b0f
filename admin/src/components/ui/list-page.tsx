import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { rowsOf } from "#admin/lib/paged.ts";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { EmptyList } from "./list-states";
import { LoadMore, type MoreSource } from "./load-more";

// The pieces every admin list page is made of: its title with the count, the list's states
// (loading, failed, empty, rows and "load more"), for tables the table with its header row, and for
// grids of cards the tile that makes a new one.

/** A list page's heading with how many there are; `children` (filters, a button) go to its right. */
export function PageTitle({
  title,
  total,
  children,
}: {
  title: string;
  /** Shown once known. */
  total?: number;
  children?: ReactNode;
}) {
  const heading = (
    <h1 className={children ? "flex-1 text-2xl font-bold" : "text-2xl font-bold"}>
      {title}
      {total !== undefined ? (
        <span className="ml-2 text-base font-normal text-[var(--muted)]">({total})</span>
      ) : null}
    </h1>
  );
  return children ? (
    <div className="flex flex-wrap items-center gap-3">
      {heading}
      {children}
    </div>
  ) : (
    heading
  );
}

interface ListQuery<T> extends MoreSource {
  data: { pages: Array<{ list: T[] }> } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A "load more" list (a `useInfiniteQuery`) in its states: grey blocks while the first page loads,
 * the reason and a retry if it failed, `empty` when there is nothing, else `children(rows)` and the
 * next pages (a later page that fails says so under the rows instead).
 *
 *   <InfiniteList query={query} empty={t("No jobs here.")}>{(rows) => <ul>…</ul>}</InfiniteList>
 */
export function InfiniteList<T>({
  query,
  empty,
  children,
}: {
  query: ListQuery<T>;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  const rows = rowsOf(query.data);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.isFetchNextPageError) {
    return <LoadError error={query.error} retry={query.refetch} />;
  }
  if (rows.length === 0) return <EmptyList>{empty}</EmptyList>;
  return (
    <>
      {children(rows)}
      <LoadMore query={query} />
    </>
  );
}

/** A column of a DataTable: its name, and classes for its header cell (hidden on phones, right-aligned). */
type Column = string | { label: string; className?: string };

/**
 * A table in a card with a header row. `stacked`: on phones the table is a list of rows that lay out
 * their cells themselves, and the header row is hidden.
 */
export function DataTable({
  columns,
  stacked = false,
  testId,
  children,
}: {
  columns: Column[];
  stacked?: boolean;
  testId: string;
  /** The rows (<tr>). */
  children: ReactNode;
}) {
  return (
    <div className="card overflow-x-auto">
      <table
        className={stacked ? "block w-full text-left text-sm sm:table" : "w-full text-left text-sm"}
        data-testid={testId}
      >
        <thead
          className={`border-b border-[var(--line)] text-xs text-[var(--muted)] uppercase${stacked ? " hidden sm:table-header-group" : ""}`}
        >
          <tr>
            {columns.map((column) => {
              const { label, className } = typeof column === "string" ? { label: column } : column;
              return (
                <th
                  key={label}
                  scope="col"
                  className={className ? `px-4 py-2 font-semibold ${className}` : "px-4 py-2 font-semibold"}
                >
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={`divide-y divide-[var(--line)]${stacked ? " block sm:table-row-group" : ""}`}>
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** The first tile of a grid of cards, a link to make a new one: "+" and `label`. */
export function NewTile({ to, label, className }: { to: LinkProps["to"]; label: string; className: string }) {
  return (
    <li>
      <Link
        to={to}
        className={`card flex h-full flex-col items-center justify-center gap-2 border-dashed p-6 text-center hover:bg-[var(--hover)] ${className}`}
      >
        <span aria-hidden="true" className="text-3xl leading-none">
          +
        </span>
        <span className="font-semibold">{label}</span>
      </Link>
    </li>
  );
}
