import { lazy, Suspense } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { useInfiniteScroll } from "#web/lib/use-infinite-scroll.ts";
import { Spinner } from "./spinner";

const LoadErrorText = lazy(() => import("./load-error-text"));

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
      {query.isFetchingNextPage ? <Spinner /> : null}
      {query.isFetchNextPageError ? (
        <button type="button" className="btn btn-outline" onClick={() => query.fetchNextPage()}>
          {t("Try again")}
        </button>
      ) : null}
    </div>
  );
}

/** A whole list that could not load: the reason and a retry. */
export function LoadError({ error, retry }: { error: unknown; retry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <p className="font-semibold">{t("This could not be loaded.")}</p>
      <Suspense fallback={null}>
        <LoadErrorText error={error} />
      </Suspense>
      <button type="button" className="btn btn-outline" onClick={() => retry()}>
        {t("Try again")}
      </button>
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
