import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { closeModal } from "./components/ui/modal-host";
import { initI18n } from "./i18n/i18n";
import "./index.css";
import { setSessionExpiredHandler } from "./lib/api";
import { handleApiError } from "./lib/errors";
import { installStaleChunkReload } from "./lib/stale-chunk";
import { applyTheme, initialTheme } from "./lib/theme";
import { routeTree } from "./routeTree.gen";

applyTheme(initialTheme());
installStaleChunkReload();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { onError: handleApiError },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// An expired token signs the user out and goes home (part 2 §4).
setSessionExpiredHandler(() => {
  queryClient.clear();
  applyTheme("night");
  void router.navigate({ to: "/" });
});

// Modals close when the path changes (part 2 §4).
router.subscribe("onResolved", ({ fromLocation, toLocation }) => {
  if (fromLocation && fromLocation.pathname !== toLocation.pathname) closeModal();
});

await initI18n();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
