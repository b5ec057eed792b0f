import { useCallback, useSyncExternalStore } from "react";

/** Whether a CSS media query matches now, re-rendering when it changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The wide layout (from 1280 px), where the right sidebar appears. */
export const WIDE_LAYOUT = "(min-width: 1280px)";
