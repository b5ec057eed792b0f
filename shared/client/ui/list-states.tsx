import { lazy, Suspense } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { useInfiniteScroll } from "../use-infinite-scroll";

// A list that failed is rare: its card loads with the error, not with every list. The spinner of a
// next page comes with the first next page, not with the first screen.
const LoadErrorCard = lazy(() => import("./load-error-card"));
const Spinner = lazy(() => import("#client/ui/spinner.tsx").then((m) => ({ default: m.Spinner })));

interface InfiniteLike {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * What follows the last item of an infinite list: the sentinel that loads the next page as it
 * nears the screen, a spinner while it loads, and a retry button if it failed.
 */
export function InfiniteFooter({ query }: { query: InfiniteLike }) {
  const { t } = useTranslation();
  const sentinel = useInfiniteScroll({ ...query, enabled: !query.isFetchNextPageError });
  // After the last page there is nothing to wait for: no empty band under the list.
  if (!query.hasNextPage && !query.isFetchNextPageError) return null;
  return (
    <div ref={sentinel} className="flex min-h-12 items-center justify-center py-3">
      {query.isFetchingNextPage ? (
        <Suspense fallback={null}>
          <Spinner />
        </Suspense>
      ) : null}
      {query.isFetchNextPageError ? (
        <button type="button" className="btn btn-outline" onClick={() => query.fetchNextPage()}>
          {t("Try again")}
        </button>
      ) : null}
    </div>
  );
}

/** A whole list that could not load: the reason and a retry. */
export function LoadError(props: { error: unknown; retry: () => unknown }) {
  return (
    <Suspense fallback={null}>
      <LoadErrorCard {...props} />
    </Suspense>
  );
}

/** A page's placeholders while its code or its post loads: two tall cards in the reading column. */
export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-3xl">
      <ListSkeleton rows={2} height="h-64" />
    </div>
  );
}

/** Grey blocks in the shape of the list that is on its way. */
export function ListSkeleton({ rows = 3, height = "h-24" }: { rows?: number; height?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label={t("Loading")}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`card ${height} animate-pulse bg-[var(--surface-strong)]`} />
      ))}
    </div>
  );
}
