import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from "#shared/schemas/open-web.ts";

// The first screen the page came with (docs/decisions/132): the Worker writes into a public page
// the answers this app would ask for first, only for a reader with no session cookie (a signed-in
// reader's page carries none), and the routes' loaders put them in the query cache before the page
// renders, so the first screen draws at once and is not asked again. Kept small: the home route
// and this module are in the first load.

let screen: FirstScreen | undefined;

/**
 * The part `kind` of the page's first screen, for the first route that loads (a page carries one
 * part): later navigations ask the API. The caller checks that it is for the page being loaded.
 */
export function takeFirstScreen<K extends keyof FirstScreen>(kind: K): FirstScreen[K] {
  screen ??= JSON.parse(document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent || "{}") as FirstScreen;
  const part = screen[kind];
  screen = {};
  return part;
}

/**
 * Puts `data` in the cache under `key`, dated 30 s ahead: with `staleTime` 0 it counts as fresh that
 * long, so the mounting page does not ask again.
 */
export function seedQuery(client: QueryClient, key: QueryKey, data: unknown): void {
  client.setQueryData(key, data, { updatedAt: Date.now() + 30_000 });
}
