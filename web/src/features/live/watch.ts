import { useSyncExternalStore } from "react";

// The posts this tab shows (the socket WATCHes them) and what the socket said of their counts.

const listeners = new Set<() => void>();
/** Each watched post and how many screens show it. */
const watched = new Map<string, number>();
/** The newest comment count the socket gave for a post. */
const commentCounts = new Map<string, number>();
let sender: ((frame: { type: "WATCH" | "UNWATCH"; public_id: string }) => void) | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How the client sends WATCH/UNWATCH; null while no socket is open. */
export function setWatchSender(send: typeof sender): void {
  sender = send;
}

export function watchedPosts(): string[] {
  return [...watched.keys()];
}

/** A screen shows this post: the socket is asked for its counts. Returns the undo. */
export function watchPost(publicId: string): () => void {
  const n = watched.get(publicId) ?? 0;
  watched.set(publicId, n + 1);
  if (n === 0) sender?.({ type: "WATCH", public_id: publicId });
  return () => {
    const left = (watched.get(publicId) ?? 1) - 1;
    if (left > 0) {
      watched.set(publicId, left);
      return;
    }
    watched.delete(publicId);
    commentCounts.delete(publicId);
    sender?.({ type: "UNWATCH", public_id: publicId });
    emit();
  };
}

export function setCommentCount(publicId: string, total: number): void {
  commentCounts.set(publicId, total);
  emit();
}

/** The post's comment count as the socket last told it, or null. */
export function useLiveCommentCount(publicId: string): number | null {
  return useSyncExternalStore(
    subscribe,
    () => commentCounts.get(publicId) ?? null,
    () => null,
  );
}
