// For component tests only: renders UI inside a memory router and a fresh QueryClient, as the app
// does, with the few routes the shell links to.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { SEARCH_TYPES } from "#shared/enums.ts";
import { oneOf, searchParams, text } from "../lib/search-params";

export async function renderInApp(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  const root = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const page = (route: string) => () => <p data-testid="page">{route}</p>;
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: "/", component: page("home") }),
    createRoute({
      getParentRoute: () => root,
      path: "/search",
      validateSearch: searchParams({ q: text(), type: oneOf(SEARCH_TYPES) }),
      component: page("search"),
    }),
    createRoute({ getParentRoute: () => root, path: "/c/$name", component: page("community") }),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(() => router.load());
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
