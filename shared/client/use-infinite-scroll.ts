import { useCallback, useEffect, useState } from "react";

interface InfiniteSource {
  hasNextPage: boolean | undefined;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Stop asking (e.g. after an error, until the user retries). */
  enabled?: boolean;
}

/**
 * Loads the next page when a sentinel element comes within `rootMargin` of the viewport (lists
 * of 10 with infinite scroll; admin lists within 400 px of the bottom). Returns a ref for
 * the sentinel, placed after the last item:
 *
 *   const query = useInfiniteQuery(...);
 *   const sentinel = useInfiniteScroll(query);
 *   … {items} <div ref={sentinel} />
 */
export function useInfiniteScroll(
  { hasNextPage, isFetchingNextPage, fetchNextPage, enabled = true }: InfiniteSource,
  {
    rootMargin = "400px",
    root = null,
  }: {
    rootMargin?: string;
    /** The scrolling box, when the list scrolls inside one (a chat thread list) rather than the page. */
    root?: Element | null;
  } = {},
): (element: Element | null) => void {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const ref = useCallback((element: Element | null) => setSentinel(element), []);

  // A new observer after every page: it reports at once whether the sentinel is still in view,
  // so a short page or a tall screen keeps loading until the list fills it.
  useEffect(() => {
    if (!sentinel || !enabled || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          fetchNextPage();
        }
      },
      { root, rootMargin: `0px 0px ${rootMargin} 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, enabled, hasNextPage, isFetchingNextPage, fetchNextPage, rootMargin, root]);

  return ref;
}
