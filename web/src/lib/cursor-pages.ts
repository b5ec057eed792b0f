import type { CursorPage } from "#shared/schemas/posts.ts";

/**
 * Where the next page starts: the offset of the first page, then the cursor that lets the API skip
 * reading the rows before it. With a cursor the offset is not needed (the API bounds it at
 * SKIP_MAX), so however far a reader scrolls, only the cursor moves.
 */
export interface PageParam {
  skip: number;
  cursor: string | null;
}
export const FIRST_PAGE: PageParam = { skip: 0, cursor: null };

/**
 * The last part of the query key of a list shown with "Hide read" on (docs/decisions/150), so a
 * READ frame finds it (lib/read-posts.ts). Here, not there, because the first screen's feed names it.
 */
export const HIDE_READ_KEY = "hide-read";

/** A cursor list's `getNextPageParam`: the last page's cursor, or undefined after the last page. */
export function nextPageParam<T>(
  last: CursorPage<T>,
  _pages: Array<CursorPage<T>>,
  _limit: number,
): PageParam | undefined {
  if (!last.next_cursor || last.list.length === 0) return undefined;
  return { skip: 0, cursor: last.next_cursor };
}
