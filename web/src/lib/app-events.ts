import type { QueryClient } from "@tanstack/react-query";

// What one feature of the app tells the others happened (docs/decisions/200), instead of
// importing them to refresh their part of the cache. A feature listens next to the cache it keeps
// (its queries module): while that module has not loaded, nothing of it is cached to refresh.

/** Each event and what it carries. */
export interface AppEvents {
  /** The reader followed or unfollowed someone: the Following feed holds other posts. */
  followChanged: { username: string; following: boolean };
  /** The reader appealed a moderation decision: the notification about it says so now. */
  appealSent: { moderationId: number };
}

type Listener<K extends keyof AppEvents> = (event: AppEvents[K], queryClient: QueryClient) => unknown;

const listeners = new Map<keyof AppEvents, Array<Listener<never>>>();

/** Calls `listener` on every `name` event from now on. */
export function onAppEvent<K extends keyof AppEvents>(name: K, listener: Listener<K>): void {
  listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
}

/** Tells the listeners; resolves once what they started (a refetch) is done. */
export async function emitAppEvent<K extends keyof AppEvents>(
  name: K,
  event: AppEvents[K],
  queryClient: QueryClient,
): Promise<void> {
  await Promise.all(
    (listeners.get(name) ?? []).map((listener) => (listener as Listener<K>)(event, queryClient)),
  );
}
