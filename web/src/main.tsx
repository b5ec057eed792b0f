import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { dismissConfirm } from "#client/ui/confirm.tsx";
import { PageSkeleton } from "#client/ui/list-states.tsx";
import { closeImagePreview } from "./components/ui/image-preview";
import { initI18n } from "./i18n/i18n";
import { closeModal } from "./modals";
import "./index.css";
import { FIRST_SCREEN_ELEMENT_ID } from "#shared/schemas/open-web.ts";
import { ApiError, setSessionExpiredHandler } from "./lib/api";
import { handleApiError } from "./lib/errors";
import { installStaleChunkReload } from "./lib/stale-chunk";
import { applyTheme, initialTheme } from "./lib/theme";
import { routeTree } from "./routeTree.gen";

applyTheme(initialTheme());
installStaleChunkReload();
// The service worker (web/public/sw.js): pushes, and the offline page. After the load, so it never
// competes with the first paint; its scope is "/" by where it is served. Short: it is first-load.
addEventListener("load", () => navigator.serviceWorker?.register("/sw.js").catch(() => {}));

declare module "@tanstack/react-query" {
  interface Register {
    /** `meta: { silent: true }`: the screen shows this query's failure itself (or it does not matter). */
    queryMeta: { silent?: boolean };
  }
}

// A 4xx will answer the same the second time; only network and server failures are retried.
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

const queryClient = new QueryClient({
  // Every API failure goes to the generic handler, loads included. A 401 is left to
  // the session handler below, which signs the reader out and goes home.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent || (error instanceof ApiError && error.status === 401)) return;
      handleApiError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: retryOnce, refetchOnWindowFocus: false },
    mutations: { onError: handleApiError },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  // While a page's code loads (a post opened by link), placeholders as Home shows, not a blank page.
  defaultPendingComponent: PageSkeleton,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// An expired token signs the user out and goes home.
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate({ to: "/" });
});

// Modals close when the path changes; so do a question and an image preview. They close as the
// navigation starts, not once it is done: the new page may open one as it mounts (a private page
// opens the login dialog for a visitor), and that one must stay.
router.subscribe("onBeforeNavigate", ({ fromLocation, toLocation }) => {
  if (fromLocation && fromLocation.pathname !== toLocation.pathname) {
    closeModal();
    dismissConfirm();
    closeImagePreview();
  }
});

await initI18n();
const render = () =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );

// A public page that came with its first screen shows it as HTML (worker/src/features/open-web):
// the route's page replaces it once its code is here (its data is in the page), with no placeholder
// in between (docs/decisions/192). Other pages render at once and show placeholders while they load.
// A frame goes by first: the browser times a paint once the frame is shown, and markup replaced
// before then would leave that paint out of the page's timings. Not awaited at the top level: a
// route's chunk imports this one, which must have finished running for that import to settle.
async function afterFirstScreen() {
  const matched = router.matchRoutes(router.state.location);
  await Promise.all(
    matched.map((m) => router.loadRouteChunk(router.routesById[m.routeId as keyof typeof router.routesById])),
  ).catch(() => undefined);
  await new Promise((shown) => requestAnimationFrame(() => setTimeout(shown, 0)));
}

if (document.getElementById(FIRST_SCREEN_ELEMENT_ID)) void afterFirstScreen().then(render);
else render();
