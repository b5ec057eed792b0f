import { useSyncExternalStore } from "react";

// Who among the person's chat partners is online now, as this tab's live socket last heard
// (PRESENCE frames). Only the live client and the chat screens load it. Nothing is known while
// the socket is closed, so nobody is shown online then.

const listeners = new Set<() => void>();
const online = new Set<string>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setPresence(username: string, isOnline: boolean): void {
  if (online.has(username) === isOnline) return;
  if (isOnline) online.add(username);
  else online.delete(username);
  emit();
}

/** The socket closed: what it said may be stale. */
export function clearPresence(): void {
  if (online.size === 0) return;
  online.clear();
  emit();
}

/** Whether this chat partner is online (false when unknown or hidden). */
export function useOnline(username: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => online.has(username),
    () => false,
  );
}
