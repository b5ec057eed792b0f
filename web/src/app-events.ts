import type { QueryClient } from "@tanstack/react-query";

// What one feature of the app tells the others happened (docs/decisions/200), instead of
// importing them to refresh their part of the cache; like the modal registry, this is where the
// app is put together: each event names the features that react to it, each loaded only when the
// event happens (nothing here reaches the first screen).

/** Each event and what it carries. */
export interface AppEvents {
  /** The reader followed or unfollowed someone: the Following feed holds other posts. */
  followChanged: { username: string; following: boolean };
  /** The reader appealed a moderation decision: the notification about it says so now. */
  appealSent: { moderationId: number };
}

const REACTIONS: {
  [K in keyof AppEvents]: (event: AppEvents[K], queryClient: QueryClient) => Promise<unknown>;
} = {
  async followChanged(_, queryClient) {
    const { postKeys } = await import("#web/features/posts/queries.ts");
    await queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
  },
  async appealSent(_, queryClient) {
    const { notificationKeys } = await import("#web/features/notifications/queries.ts");
    await queryClient.invalidateQueries({ queryKey: notificationKeys.root });
  },
};

/** Tells the features that react to `name`; resolves once what they started (a refetch) is done. */
export function emitAppEvent<K extends keyof AppEvents>(
  name: K,
  event: AppEvents[K],
  queryClient: QueryClient,
): Promise<unknown> {
  return REACTIONS[name](event, queryClient);
}
