import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";

/**
 * A page of the feed as the answer: its items, its totals, the cursor after it and, when the
 * viewer's muted words left posts out, how many.
 */
export function cursorPageOf(
  list: FeedItem[],
  total: number,
  limit: number,
  cursor: string | null,
  hidden = 0,
): CursorPage<FeedItem> {
  const page = { list, total_list: total, total_pages: Math.ceil(total / limit), next_cursor: cursor };
  return hidden > 0 ? { ...page, hidden_by_mutes: hidden } : page;
}
