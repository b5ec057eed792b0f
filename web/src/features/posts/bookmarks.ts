import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { api } from "#web/lib/api.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { updateCachedPost } from "./cache";
import { postKeys } from "./queries";

// Bookmarks (the "Saved posts" a reader sees at /saved): the page's list and the Save/Unsave item
// of a post's menu. Loaded with the menu or the page, never with the feed.

const bookmarkKeys = {
  list: () => [...postKeys.root, "bookmarks"] as const,
};

const BOOKMARKS_PAGE_SIZE = 10;

export const bookmarksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookmarkKeys.list(),
    queryFn: async ({ pageParam, signal }): Promise<CursorPage<FeedItem>> => {
      const page = await api.get("/api/v1/private/user/micropost/bookmark/list", {
        query: { skip: pageParam, limit: BOOKMARKS_PAGE_SIZE },
        signal,
      });
      return { ...page, next_cursor: null };
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.length * BOOKMARKS_PAGE_SIZE;
      return last.list.length === BOOKMARKS_PAGE_SIZE && read < last.total_list ? read : undefined;
    },
  });

/**
 * Saves or unsaves a post; every cached copy of it shows the answer, and the Saved list is read
 * again. Answers whether it is saved now, or null when the request failed (the error is shown).
 */
export async function toggleBookmark(queryClient: QueryClient, publicId: string): Promise<boolean | null> {
  try {
    const { bookmarked } = await api.patch("/api/v1/private/user/micropost/bookmark", {
      query: { public_id: publicId },
    });
    updateCachedPost(queryClient, publicId, (m) => ({ ...m, user_bookmarked: bookmarked }));
    void queryClient.invalidateQueries({ queryKey: bookmarkKeys.list() });
    return bookmarked;
  } catch (error) {
    handleApiError(error);
    return null;
  }
}
