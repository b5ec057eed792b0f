import { useEffect, useState } from "react";

/** How long a live text must rest before it is said: a burst of frames is one announcement. */
export const ANNOUNCE_SETTLE_MS = 1_000;

/**
 * A polite live region that says `text` once it has stopped changing for ANNOUNCE_SETTLE_MS
 * (WCAG 4.1.3; docs/decisions/154): twenty live frames in a second ("1 new comment" … "20 new
 * comments") are one announcement of the last, not twenty. The region is always in the page, so a
 * screen reader is listening before anything is said; what people see is drawn elsewhere, at once.
 */
export function LiveAnnouncement({ text }: { text: string }) {
  const [said, setSaid] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSaid(text), ANNOUNCE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {said}
    </p>
  );
}
