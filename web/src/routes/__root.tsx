import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Header } from "../components/layout/header";
import { LeftMenu } from "../components/layout/left-menu";
import { RightSidebar } from "../components/layout/right-sidebar";
import { EmptyState } from "../components/ui/empty-state";
import { ModalHost } from "../components/ui/modal-host";
import { SnackbarHost } from "../components/ui/snackbar";
import { ThemeFromAccount } from "../features/accounts/theme-from-account";

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <EmptyState />,
});

function RootLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh">
      <ThemeFromAccount />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-[var(--surface)] focus:p-2"
      >
        {t("Skip to content")}
      </a>
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
        <main id="main" className="min-w-0 flex-1 px-3 py-4 md:px-0">
          <Outlet />
        </main>
        <div className="hidden w-80 shrink-0 py-4 xl:block">
          <RightSidebar />
        </div>
      </div>
      <ModalHost />
      <SnackbarHost />
    </div>
  );
}
