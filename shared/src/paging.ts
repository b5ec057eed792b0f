import { SKIP_MAX } from "./constants";

// Paging helpers for the SPAs, without zod (they are in the first load).

/**
 * The next `skip` of an offset-paged list read a page at a time, or undefined at its end: when
 * every row is loaded, the last page was empty, or the next offset would pass SKIP_MAX (the API
 * refuses a deeper one; lists that have `next_cursor` follow it instead and never get there).
 */
export function nextOffset(loaded: number, total: number, lastPageLength: number): number | undefined {
  return lastPageLength > 0 && loaded < total && loaded <= SKIP_MAX ? loaded : undefined;
}
