import type { Page } from "#shared/api.ts";
import { nextOffset } from "#shared/paging.ts";

/** An offset list's `getNextPageParam`: the next page's offset, or undefined after the last page (or past SKIP_MAX, where offset lists end). */
export function nextSkip<T>(last: Page<T>, pages: Array<Page<T>>, limit: number): number | undefined {
  return nextOffset(pages.length * limit, last.total_list, last.list.length);
}
