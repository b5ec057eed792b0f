import type { QueryClient } from "@tanstack/react-query";
import type { LivePostFrame } from "#shared/schemas/live.ts";
import { ApiError, api } from "#web/lib/api.ts";
import { openResumableSocket } from "#web/lib/resumable-socket.ts";
import { updateCachedPost } from "./cache";
import { postKeys } from "./queries";

// The socket of one post a page shows (docs/decisions/122): the post's object sends its comment
// and vote counts after each change; RESYNC refetches the post (resuming and reconnecting are
// web/src/lib/resumable-socket.ts's). Loaded with the first post page that opens one.

export interface PostSocket {
  stop(): void;
}

/** Opens the post's socket and keeps it open until `stop()`; `onComments` gets each comment count. */
export function openPostSocket(
  publicId: string,
  queryClient: QueryClient,
  onComments: (total: number) => void,
): PostSocket {
  return openResumableSocket<LivePostFrame>({
    async token() {
      try {
        return (
          await api.post("/api/v1/private/user/live/post/websocket/auth", {
            query: { public_id: publicId },
          })
        ).access_token;
      } catch (error) {
        // A post this person may not see (any more) has no socket; anything else is tried again.
        if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
        throw error;
      }
    },
    path: (token) =>
      `/api/v1/live/post/websocket/connect?public_id=${encodeURIComponent(publicId)}&token=${encodeURIComponent(token)}`,
    onEvent(frame) {
      updateCachedPost(queryClient, publicId, (post) => ({
        ...post,
        total_micropost_votes: frame.total_micropost_votes,
      }));
      onComments(frame.total_micropost_comments);
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: postKeys.detail(publicId) }),
    closeReason: "page closed",
  });
}
