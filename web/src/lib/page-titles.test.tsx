import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "#client/i18n.ts";
import esCommon from "#client/locales/es/common.ts";
import ptCommon from "#client/locales/pt/common.ts";
import esAll from "#web/i18n/all-es.ts";
import ptAll from "#web/i18n/all-pt.ts";
import PageTitle, { PAGE_TITLES } from "./page-titles";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

async function visit(path: string) {
  const root = createRootRoute({
    component: function Root() {
      return (
        <>
          <PageTitle />
          <Outlet />
        </>
      );
    },
  });
  const page = () => <p>page</p>;
  // The pages behind the sign-in sit under a pathless layout, as in web/src/routes/_signed-in.tsx.
  const signedIn = createRoute({ getParentRoute: () => root, id: "_signed-in", component: Outlet });
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: "/", component: page }),
    createRoute({ getParentRoute: () => root, path: "/jobs/", component: page }),
    createRoute({ getParentRoute: () => root, path: "/user/$username/followers", component: page }),
    signedIn.addChildren([
      createRoute({ getParentRoute: () => signedIn, path: "/notifications", component: page }),
      createRoute({ getParentRoute: () => signedIn, path: "/job/", component: page }),
    ]),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("document titles", () => {
  it("name each page, and follow the chosen language", async () => {
    const router = await visit("/jobs/");
    await waitFor(() => expect(document.title).toBe("Jobs · Agora"));
    await act(() => router.navigate({ to: "/notifications" }));
    await waitFor(() => expect(document.title).toBe("Notifications · Agora"));
    i18n.addDictionary("es", { ...esCommon, ...esAll });
    await act(() => i18n.changeLanguage("es"));
    await waitFor(() => expect(document.title).toBe("Notificaciones · Agora"));
  });

  it("name the person whose profile tab is open, and the job form by what it does", async () => {
    const router = await visit("/user/carmen/followers");
    await waitFor(() => expect(document.title).toBe("u/carmen · Followers · Agora"));
    await act(() => router.navigate({ to: "/job/" } as never));
    await waitFor(() => expect(document.title).toBe("Post a job · Agora"));
  });

  it("every title of the main site is translated into Spanish and Portuguese", () => {
    const titles = Object.values(PAGE_TITLES).filter((title): title is string => Boolean(title));
    const es = { ...esCommon, ...esAll };
    const pt = { ...ptCommon, ...ptAll };
    const missing = titles.filter((title) => !(title in es) || !(title in pt));
    expect(missing).toEqual([]);
  });
});
