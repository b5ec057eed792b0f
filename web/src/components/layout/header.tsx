import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { CloseIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon } from "#client/ui/icons.tsx";
import { useToggleNightMode } from "#web/features/accounts/use-night-mode.ts";
import { useMe } from "#web/lib/session.ts";
import { useTheme } from "#web/lib/theme.ts";
import { openModal, preloadModal } from "#web/modals.tsx";
import { LanguageSwitch } from "./language-switch";
import { SearchForm } from "./search-form";

// Visitors never need the account menu, so it is not in the first load.
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

/** Where the avatar will be, so the header does not jump while the menu or the account loads. */
const AvatarSlot = () => <span className="mx-1 size-8 rounded-full bg-[var(--surface-strong)]" />;

export function Header({ onToggleMenu, menuOpen }: { onToggleMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const { me, isSignedIn } = useMe();
  const [mobileSearch, setMobileSearch] = useState(false);
  const toggleNight = useToggleNightMode();
  const theme = useTheme();
  const iconButton = "grid size-10 place-items-center rounded-full hover:bg-[var(--hover)]";

  return (
    <header className="sticky top-0 z-40 border-b border-[var(--line)] bg-[var(--surface)]/95 backdrop-blur">
      <div className="flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-3 md:gap-4 md:px-4">
        <button
          type="button"
          className={`${iconButton} lg:hidden`}
          aria-label={menuOpen ? t("Close menu") : t("Open menu")}
          aria-expanded={menuOpen}
          aria-controls="left-menu-drawer"
          onClick={onToggleMenu}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold" aria-label={t("Agora home")}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="hidden text-lg tracking-tight sm:inline">Agora</span>
        </Link>
        <div className="mx-auto hidden w-full max-w-xl md:block">
          <SearchForm id="header-search" />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0">
          <button
            type="button"
            className={`${iconButton} md:hidden`}
            aria-label={t("Search")}
            aria-expanded={mobileSearch}
            aria-controls="mobile-search-panel"
            onClick={() => setMobileSearch((v) => !v)}
          >
            <SearchIcon />
          </button>
          <LanguageSwitch />
          {isSignedIn ? (
            me ? (
              <Suspense fallback={<AvatarSlot />}>
                <UserMenu me={me} />
              </Suspense>
            ) : (
              <AvatarSlot />
            )
          ) : (
            <>
              <button
                type="button"
                className={iconButton}
                aria-label={theme === "night" ? t("Switch to day theme") : t("Switch to night theme")}
                onClick={toggleNight}
              >
                {theme === "night" ? <SunIcon /> : <MoonIcon />}
              </button>
              <button
                type="button"
                className="btn btn-primary whitespace-nowrap px-3 sm:px-4"
                onPointerEnter={() => preloadModal("LOGIN")}
                onFocus={() => preloadModal("LOGIN")}
                onClick={() => openModal("LOGIN")}
              >
                {t("Sign In")}
              </button>
              <button
                type="button"
                // A phone's header has no room for both: there Sign In's dialog offers to sign up.
                className="btn btn-outline hidden whitespace-nowrap px-4 sm:inline-flex"
                onPointerEnter={() => preloadModal("REGISTER")}
                onFocus={() => preloadModal("REGISTER")}
                onClick={() => openModal("REGISTER")}
              >
                {t("Sign Up")}
              </button>
            </>
          )}
        </div>
      </div>
      {mobileSearch ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the panel closes it; the panel itself is not a control.
        <div
          id="mobile-search-panel"
          className="border-t border-[var(--line)] p-3 md:hidden"
          onKeyDown={(e) => {
            if (e.key === "Escape") setMobileSearch(false);
          }}
        >
          <SearchForm id="mobile-search" autoFocus onDone={() => setMobileSearch(false)} />
        </div>
      ) : null}
    </header>
  );
}
