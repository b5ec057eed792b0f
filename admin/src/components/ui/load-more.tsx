import { apiErrorText } from "#client/api-error-text.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { useInfiniteScroll } from "#client/use-infinite-scroll.ts";

export interface MoreSource {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/**
 * The end of a "load more" list: the next page loads by itself when this comes within 400 px of
 * the bottom of the view, and a button does the same for keyboards and short screens. A failed
 * page says why and stops loading by itself until retried.
 */
export function LoadMore({ query }: { query: MoreSource }) {
  const { t } = useTranslation();
  const sentinel = useInfiniteScroll({
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    enabled: !query.isFetchNextPageError,
  });
  if (!query.hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-3" data-testid="load-more">
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-[var(--danger)]">
          {apiErrorText(query.error, t)}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline"
        disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage}
        onClick={() => query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? t("Loading…") : t("Load more")}
      </button>
    </div>
  );
}
