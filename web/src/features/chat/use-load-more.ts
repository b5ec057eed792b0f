import { type RefObject, useEffect } from "react";

/** Calls `load` when the sentinel scrolls into view (lists that "load more near the bottom"). */
export function useLoadMore(
  sentinel: RefObject<Element | null>,
  load: () => void,
  enabled: boolean,
  root?: RefObject<Element | null>,
): void {
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      root: root?.current ?? null,
      rootMargin: "200px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, load, enabled, root]);
}
