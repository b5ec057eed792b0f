import { useSyncExternalStore } from "react";

// The small, eager part of live updates: whether this tab's socket is open (timed polling stops
// while it is). The socket itself is in web/src/features/live/client.ts, loaded after the first page.

const listeners = new Set<() => void>();
let open = false;

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isLiveOpen(): boolean {
  return open;
}

export function setLiveOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  emit();
}

/** True while this tab's live socket is open: timed refetches are off then. */
export function useLiveOpen(): boolean {
  return useSyncExternalStore(subscribe, isLiveOpen, () => false);
}
