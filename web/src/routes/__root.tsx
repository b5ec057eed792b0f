import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  type ErrorComponentProps,
  Outlet,
  useRouter,
  useRouterState,
} from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAIN_ID, SkipLink } from "#client/skip-link.tsx";
import { Header } from "../components/layout/header";
import { LeftMenu } from "../components/layout/left-menu";
import { ConfirmHost } from "../components/ui/confirm";
import { ImagePreviewHost } from "../components/ui/image-preview";
import { LazyEmptyState } from "../components/ui/lazy-empty-state";
import { SnackbarHost } from "../components/ui/snackbar";
import { ThemeFromAccount } from "../features/accounts/theme-from-account";
import { useMediaQuery, WIDE_LAYOUT } from "../lib/use-media-query";
import { ModalHost } from "../modals";

// Only the wide layout shows the sidebar: narrower screens neither download it nor fetch its data.
const RightSidebar = lazy(() =>
  import("../components/layout/right-sidebar").then((m) => ({ default: m.RightSidebar })),
);

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <LazyEmptyState />,
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

/** The phone and tablet menu drawer: Escape or a new page closes it; Escape gives focus back to its button. */
function useDrawer() {
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // From 1024 px the menu is a column of the page; a drawer left open there would lock the page.
  const desktop = useMediaQuery("(min-width: 1024px)");
  useEffect(() => {
    void pathname;
    void desktop;
    setOpen(false);
  }, [pathname, desktop]);
  useEffect(() => {
    if (!open) return;
    document.querySelector<HTMLElement>("#left-menu-drawer a, #left-menu-drawer button")?.focus();
    // The page behind the drawer stays put while the menu scrolls.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      document.querySelector<HTMLElement>('[aria-controls="left-menu-drawer"]')?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [open]);
  return [open, setOpen] as const;
}

/** Chat's screens take the right column too: a conversation needs the width more than the sidebar. */
const isChatPath = (pathname: string) => pathname === "/chat" || pathname.startsWith("/chat/");

function RootLayout() {
  const [menuOpen, setMenuOpen] = useDrawer();
  const { t } = useTranslation();
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
          <div className="fixed inset-0 top-14 z-30 lg:hidden">
            <button
              type="button"
              aria-label={t("Close menu")}
              className="absolute inset-0 bg-black/50"
              onClick={() => setMenuOpen(false)}
            />
            <div
              id="left-menu-drawer"
              className="relative h-full w-72 max-w-[85vw] overflow-y-auto bg-[var(--surface)] shadow-xl"
            >
              <LeftMenu onNavigate={() => setMenuOpen(false)} />
            </div>
          </div>
        ) : null}
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-3 py-4 outline-none md:px-0">
          <Outlet />
        </main>
        {wide && !chat ? (
          <div className="w-80 shrink-0 py-4">
            <Suspense fallback={null}>
              <RightSidebar />
            </Suspense>
          </div>
        ) : null}
      </div>
      <ModalHost />
      <ImagePreviewHost />
      <ConfirmHost />
      <SnackbarHost />
    </div>
  );
}
