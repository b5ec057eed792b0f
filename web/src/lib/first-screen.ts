import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from "#shared/schemas/open-web.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import { getToken } from "./auth-token";
import { FIRST_PAGE } from "./cursor-pages";

// The first screen the page came with (docs/decisions/132): the Worker writes into a public page
// the answers this app would ask for first (a visitor's), and the routes' loaders put them in the
// query cache before the page renders, so the first screen draws at once and is not asked again.

let screen: FirstScreen | undefined;

/**
 * The part `kind` of the page's first screen when `fits` it (the page being loaded is the one it
 * was written for), once: later navigations ask the API. Nothing for a signed-in reader (the page
 * carries a visitor's answers only).
 */
export function takeFirstScreen<K extends keyof FirstScreen>(
  kind: K,
  fits: (part: NonNullable<FirstScreen[K]>) => boolean,
): FirstScreen[K] | undefined {
  screen ??= JSON.parse(document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent || "{}") as FirstScreen;
  const part = screen[kind];
  if (!part || !fits(part)) return undefined;
  delete screen[kind];
  return getToken() ? undefined : part;
}

/** How long a seeded answer is fresh: it was read as the page was made. */
const SEEDED_FRESH_MS = 30_000;

/**
 * Puts `data` in the cache under `key`, fresh for a while so the mounting page does not ask again:
 * it is dated that much ahead, as every query is stale at once (`staleTime` 0) otherwise.
 */
export function seedQuery(client: QueryClient, key: QueryKey, data: unknown): void {
  client.setQueryData(key, data, { updatedAt: Date.now() + SEEDED_FRESH_MS });
}

/** A cursor list's first page, as an infinite query holds it. */
export function seedPages<T>(client: QueryClient, key: QueryKey, page: CursorPage<T>): void {
  seedQuery(client, key, { pages: [page], pageParams: [FIRST_PAGE] });
}
