import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  type ErrorComponentProps,
  Outlet,
  useRouter,
  useRouterState,
} from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { MAIN_ID, SkipLink } from "#client/skip-link.tsx";
import { ConfirmHost } from "#client/ui/confirm.tsx";
import { SnackbarHost } from "#client/ui/snackbar.tsx";
import { Header } from "../components/layout/header";
import { LeftMenu } from "../components/layout/left-menu";
import { ImagePreviewHost } from "../components/ui/image-preview";
import { LazyEmptyState } from "../components/ui/lazy-empty-state";
import { ThemeFromAccount } from "../features/accounts/theme-from-account";
import { useMediaQuery, WIDE_LAYOUT } from "../lib/use-media-query";
import { ModalHost } from "../modals";

// Phones and tablets open the menu as a drawer: its code comes with the first opening.
const MenuDrawer = lazy(() => import("../components/layout/menu-drawer"));

// Only the wide layout shows the sidebar: narrower screens neither download it nor fetch its data.
// An unknown address is rare: its page loads when one shows (docs/decisions/093).
const NotFoundPage = lazy(() => import("../components/ui/not-found"));
const RightSidebar = lazy(() =>
  import("../components/layout/right-sidebar").then((m) => ({ default: m.RightSidebar })),
);

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage kind="page" />
    </Suspense>
  ),
  errorComponent: PageError,
});

/** A page that failed to render: the shell stays, the reader can retry or go home. */
function PageError({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <LazyEmptyState title={t("Something went wrong")}>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        {t("Try again")}
      </button>
    </LazyEmptyState>
  );
}

/** The sidebar's blocks at their height while its code loads (index.css). */
const SIDEBAR_PLACEHOLDER = (
  <div className="sidebar-placeholder" aria-hidden="true">
    <div />
    <div />
    <div />
  </div>
);

/** Chat's screens take the right column too: a conversation needs the width more than the sidebar. */
const isChatPath = (pathname: string) => pathname === "/chat" || pathname.startsWith("/chat/");

/** Every route's document title but home's: loads with the first other page (ADR 093's budget). */
const PageTitle = lazy(() => import("../lib/page-titles"));

function RootLayout() {
  const home = useRouterState({ select: (s) => s.matches.at(-1)?.routeId === "/" });
  useEffect(() => {
    if (home) document.title = "Agora";
  }, [home]);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const wide = useMediaQuery(WIDE_LAYOUT);
  const chat = useRouterState({ select: (s) => isChatPath(s.location.pathname) });
  return (
    <div className="min-h-dvh">
      <ThemeFromAccount />
      <SkipLink />
      <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((v) => !v)} />
      <div className="mx-auto flex max-w-[1440px] gap-6 px-0 md:px-4">
        <div className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto border-r border-[var(--line)] lg:block">
          <LeftMenu />
        </div>
        {menuOpen ? (
          <Suspense fallback={null}>
            <MenuDrawer onClose={closeMenu} />
          </Suspense>
        ) : null}
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-3 py-4 outline-none md:px-0">
          <Outlet />
        </main>
        {wide && !chat ? (
          <div className="w-80 shrink-0 py-4">
            <Suspense fallback={SIDEBAR_PLACEHOLDER}>
              <RightSidebar />
            </Suspense>
          </div>
        ) : null}
      </div>
      {home ? null : (
        <Suspense fallback={null}>
          <PageTitle />
        </Suspense>
      )}
      <ModalHost />
      <ImagePreviewHost />
      <ConfirmHost />
      <SnackbarHost />
    </div>
  );
}
