import type { QueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { cachedPost, updateCachedPost } from "./cache";
import { postKeys } from "./queries";

// Votes (CONVENTIONS, after bluesky's social-app): the screen changes at once, and requests for one
// post go out one at a time. The API toggles, so after each answer the queue compares the server's
// state with the reader's last wish and toggles again if they differ: any burst of clicks ends in
// the state of the last click, and the count is the server's.
const voteQueue = new Map<string, { wanted: boolean; sending: boolean }>();

export function toggleVote(queryClient: QueryClient, publicId: string): void {
  const shown = cachedPost(queryClient, publicId);
  if (!shown) return;
  const wanted = !shown.user_voted;
  updateCachedPost(queryClient, publicId, (m) => ({
    ...m,
    user_voted: wanted,
    total_micropost_votes: Math.max(0, m.total_micropost_votes + (wanted ? 1 : -1)),
  }));
  const entry = voteQueue.get(publicId) ?? { wanted, sending: false };
  entry.wanted = wanted;
  voteQueue.set(publicId, entry);
  if (!entry.sending) void sendVotes(queryClient, publicId, entry);
}

async function sendVotes(
  queryClient: QueryClient,
  publicId: string,
  entry: { wanted: boolean; sending: boolean },
): Promise<void> {
  entry.sending = true;
  try {
    for (;;) {
      const result = await api.patch("/api/v1/private/user/micropost/vote", {
        query: { public_id: publicId },
      });
      if (result.user_voted === entry.wanted) {
        updateCachedPost(queryClient, publicId, (m) => ({
          ...m,
          user_voted: result.user_voted,
          total_micropost_votes: result.total_micropost_votes,
        }));
        break;
      }
    }
  } catch (error) {
    handleApiError(error);
    // What the server holds is unknown after a failure: read it again.
    void queryClient.invalidateQueries({ queryKey: postKeys.root });
  } finally {
    voteQueue.delete(publicId);
  }
}
