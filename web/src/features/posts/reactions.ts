import type { QueryClient } from "@tanstack/react-query";
import type { Reaction } from "#shared/schemas/reactions.ts";

/**
 * Every cached copy of a post takes the reactions the server answered (the cache module loads with
 * the first reaction, not with the first screen).
 */
export function keepReactions(queryClient: QueryClient, publicId: string, reactions: Reaction[]): void {
  void import("./cache").then(({ updateCachedPost }) =>
    updateCachedPost(queryClient, publicId, (post) => ({ ...post, reactions })),
  );
}
