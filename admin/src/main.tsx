import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { isEnrollRequired } from "#client/two-factor/api.ts";
import { applyAdminTheme, initialAdminTheme } from "./features/auth/theme";
import { adminFactorKey } from "./features/auth/two-factor";
import { initI18n } from "./i18n/i18n";
import "./index.css";
import { routeTree } from "./routeTree.gen";

applyAdminTheme(initialAdminTheme());

// Staff whose second factor went off meanwhile are refused with `mfa_setup_required`: the layout
// reads the factor's status again and shows the set-up page in place of the refused one.
const enrollOnRefusal = (error: unknown) => {
  if (isEnrollRequired(error)) void queryClient.invalidateQueries({ queryKey: adminFactorKey });
};
const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: enrollOnRefusal }),
  mutationCache: new MutationCache({ onError: enrollOnRefusal }),
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createRouter({
  routeTree,
  basepath: "/admin",
  context: { queryClient },
  defaultPreload: "intent",
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

await initI18n();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
