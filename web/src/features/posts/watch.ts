import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

// The posts this tab shows, each with its own socket to the post's object (docs/decisions/122),
// and what those sockets said of their comment counts. The socket's code is loaded with the first
// post page that opens one.

const listeners = new Set<() => void>();
interface Watch {
  /** How many screens show the post. */
  screens: number;
  stop: (() => void) | null;
}
const watched = new Map<string, Watch>();
/** The newest comment count the socket gave for a post. */
const commentCounts = new Map<string, number>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setCommentCount(publicId: string, total: number): void {
  commentCounts.set(publicId, total);
  emit();
}

/**
 * A screen shows this post: its socket opens (one for every screen of this tab showing it).
 * Returns the undo; when the last screen showing it goes, the socket closes.
 */
export function watchPost(publicId: string, queryClient: QueryClient): () => void {
  let watch = watched.get(publicId);
  if (!watch) {
    const opened: Watch = { screens: 0, stop: null };
    watch = opened;
    watched.set(publicId, opened);
    void import("./post-socket").then(({ openPostSocket }) => {
      if (watched.get(publicId) !== opened) return;
      opened.stop = openPostSocket(publicId, queryClient, (total) => setCommentCount(publicId, total)).stop;
    });
  }
  watch.screens += 1;
  const mine = watch;
  return () => {
    mine.screens -= 1;
    if (mine.screens > 0 || watched.get(publicId) !== mine) return;
    watched.delete(publicId);
    mine.stop?.();
    commentCounts.delete(publicId);
    emit();
  };
}

/** The post's comment count as the socket last told it, or null. */
export function useLiveCommentCount(publicId: string): number | null {
  return useSyncExternalStore(
    subscribe,
    () => commentCounts.get(publicId) ?? null,
    () => null,
  );
}
