import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from "#shared/schemas/open-web.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import { getToken } from "./auth-token";
import { FIRST_PAGE } from "./cursor-pages";

// The first screen the page came with (docs/decisions/131): the Worker writes into a public page
// the answers this app would ask for first (a visitor's), and the routes' loaders put them in the
// query cache before the page renders, so the first screen draws at once and is not asked again.

let screen: FirstScreen | null = null;
let read = false;

function firstScreen(): FirstScreen {
  if (!read) {
    read = true;
    const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
    try {
      screen = element?.textContent ? (JSON.parse(element.textContent) as FirstScreen) : null;
    } catch {
      screen = null;
    }
    element?.remove();
  }
  return screen ?? {};
}

/**
 * The part `kind` of the page's first screen when `fits` it (the page being loaded is the one it
 * was written for), once: later navigations ask the API. Nothing for a signed-in reader (the page
 * carries a visitor's answers only).
 */
export function takeFirstScreen<K extends keyof FirstScreen>(
  kind: K,
  fits: (part: NonNullable<FirstScreen[K]>) => boolean,
): FirstScreen[K] | undefined {
  const all = firstScreen();
  const part = all[kind];
  if (!part || !fits(part)) return undefined;
  delete all[kind];
  return getToken() ? undefined : part;
}

/** When each seeded query got its data: it counts as fresh until that data is replaced. */
const seeded = new Map<string, number>();
/** How long a seeded answer is fresh: it was read as the page was made. */
const SEEDED_FRESH_MS = 30_000;

/** Puts `data` in the cache under `key`, fresh for a while (so the mounting page does not ask again). */
export function seedQuery(client: QueryClient, key: QueryKey, data: unknown): void {
  client.setQueryData(key, data);
  const query = client.getQueryCache().find({ queryKey: key, exact: true });
  if (query) seeded.set(query.queryHash, query.state.dataUpdatedAt);
}

/** A cursor list's first page, as an infinite query holds it. */
export function seedPages<T>(client: QueryClient, key: QueryKey, page: CursorPage<T>): void {
  seedQuery(client, key, { pages: [page], pageParams: [FIRST_PAGE] });
}

/** The queries' default `staleTime`: a seeded answer stays fresh a while; any other is stale at once. */
export function seededStaleTime(query: Query): number {
  return seeded.get(query.queryHash) === query.state.dataUpdatedAt ? SEEDED_FRESH_MS : 0;
}
