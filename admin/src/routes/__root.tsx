import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import { createRootRouteWithContext, Link, Outlet, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { usePageTitle } from "#client/page-title.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { MAIN_ID, SkipLink } from "#client/skip-link.tsx";
import { ConfirmHost } from "#client/ui/confirm.tsx";
import { SnackbarHost } from "#client/ui/snackbar.tsx";
import { AdminMenu } from "../components/admin-menu";
import { AdminUserMenu } from "../components/admin-user-menu";
import LoginPage from "../features/auth/login-page";
import { useAdminToken } from "../features/auth/session";
import { adminFactorKey, adminTwoFactor } from "../features/auth/two-factor";
import { PAGE_TITLES } from "../lib/page-titles";

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AdminLayout,
  notFoundComponent: NotFound,
});

function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="card flex flex-col items-center gap-4 px-6 py-14 text-center">
      <h1 className="text-xl font-semibold">{t("There is nothing here")}</h1>
      <Link to="/" className="btn btn-primary">
        {t("Return to Home")}
      </Link>
    </section>
  );
}

const loadTitles = () => Promise.resolve(PAGE_TITLES);
const EnrollPage = lazy(() => import("../features/auth/enroll-page"));

/** Every admin page needs an admin token; without one the login page shows in its place. */
function AdminLayout() {
  const { t } = useTranslation();
  const token = useAdminToken();
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const login = !token || pathname === "/admin/login";
  // Staff without a second factor see only its set-up until it is on.
  const factor = useQuery({
    queryKey: [...adminFactorKey, token],
    queryFn: () => adminTwoFactor.status(),
    enabled: !login,
  });
  usePageTitle(loadTitles, "Agora Admin", { known: PAGE_TITLES, shown: login ? "/login" : undefined });
  if (login) return <LoginPage />;
  if (factor.data && !factor.data.totp_enabled)
    return (
      <Suspense fallback={<p role="status">{t("Loading…")}</p>}>
        <EnrollPage />
      </Suspense>
    );
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b border-[var(--line)] bg-[var(--surface)] px-4">
        <button
          type="button"
          className="grid size-10 place-items-center rounded-full hover:bg-[var(--hover)] lg:hidden"
          aria-label={menuOpen ? t("Close menu") : t("Open menu")}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((v) => !v)}
        >
          ☰
        </button>
        <Link to="/" className="flex items-center gap-2 font-bold">
          <img src="/admin/favicon.svg" alt="" width="26" height="26" />
          <span>{t("Agora Admin")}</span>
        </Link>
        <div className="ml-auto">
          <AdminUserMenu />
        </div>
      </header>
      <div className="flex">
        <aside
          className={`${menuOpen ? "block" : "hidden"} fixed inset-y-14 left-0 z-30 w-60 border-r border-[var(--line)] bg-[var(--surface)] lg:sticky lg:top-14 lg:block lg:h-[calc(100dvh-3.5rem)]`}
        >
          <AdminMenu onNavigate={() => setMenuOpen(false)} />
        </aside>
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          {/* One width for every page, so the content does not change width from page to page. */}
          <div className="mx-auto max-w-6xl" data-testid="admin-content">
            <Outlet />
          </div>
        </main>
      </div>
      <ConfirmHost />
      <SnackbarHost />
    </div>
  );
}
