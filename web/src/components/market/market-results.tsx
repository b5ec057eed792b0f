import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";

interface MarketPage<T> {
  list: T[];
  total_list: number;
}

/**
 * What a market list page (jobs, services) shows under its filters: a skeleton while loading, the
 * error with a retry, one of two empty states (nothing matches the filters, or nothing at all yet),
 * or the count and the cards with infinite scroll.
 */
export function MarketResults<T>({
  query,
  filtered,
  onClear,
  noMatchTitle,
  emptyTitle,
  empty,
  count,
  skeleton,
  listClassName,
  testId,
  itemKey,
  renderItem,
}: {
  query: UseInfiniteQueryResult<InfiniteData<MarketPage<T>>>;
  /** Whether any filter is set: an empty list then offers to clear them. */
  filtered: boolean;
  onClear: () => void;
  noMatchTitle: string;
  emptyTitle: string;
  /** The empty state's text and call to action when nothing exists yet. */
  empty: ReactNode;
  /** The sentence above the cards, from the total. */
  count: (total: number) => string;
  skeleton: { rows: number; height: string };
  listClassName: string;
  /** `job` → `job-count` and `job-list`, the names the journeys find them by. */
  testId: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const pages = query.data?.pages ?? [];
  const list = pages.flatMap((page) => page.list);

  if (query.isPending) return <ListSkeleton rows={skeleton.rows} height={skeleton.height} />;
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  if (list.length === 0) {
    return filtered ? (
      <EmptyState title={noMatchTitle} home={false} as="h2">
        <p>{t("Try other words, or fewer filters.")}</p>
        <button type="button" className="btn btn-primary mt-4" onClick={onClear}>
          {t("Clear filters")}
        </button>
      </EmptyState>
    ) : (
      <EmptyState title={emptyTitle} home={false} as="h2">
        {empty}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="text-sm text-[var(--muted)]" data-testid={`${testId}-count`} aria-live="polite">
        {count(pages[0]?.total_list ?? 0)}
      </p>
      <ul className={listClassName} data-testid={`${testId}-list`}>
        {list.map((item) => (
          <li key={itemKey(item)} className="min-w-0">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <InfiniteFooter query={query} />
    </>
  );
}
