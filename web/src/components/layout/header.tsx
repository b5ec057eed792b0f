import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMe } from "../../features/accounts/session";
import { useToggleNightMode } from "../../features/accounts/use-night-mode";
import { currentTheme } from "../../lib/theme";
import { CloseIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon } from "../ui/icons";
import { openModal } from "../ui/modal-host";
import { LanguageSwitch } from "./language-switch";
import { SearchForm } from "./search-form";
import { UserMenu } from "./user-menu";

export function Header({ onToggleMenu, menuOpen }: { onToggleMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const { me, isSignedIn } = useMe();
  const [mobileSearch, setMobileSearch] = useState(false);
  const toggleNight = useToggleNightMode();
  const [, rerender] = useState(0);

  return (
    <header className="sticky top-0 z-40 border-b border-[var(--line)] bg-[var(--surface)]/95 backdrop-blur">
      <div className="flex h-14 items-center gap-2 px-3 md:gap-4 md:px-4">
        <button
          type="button"
          className="grid size-10 place-items-center rounded-full hover:bg-[var(--hover)] lg:hidden"
          aria-label={menuOpen ? t("Close menu") : t("Open menu")}
          aria-expanded={menuOpen}
          aria-controls="left-menu-drawer"
          onClick={onToggleMenu}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="flex items-center gap-2 font-bold" aria-label={t("Agora home")}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="hidden text-lg tracking-tight sm:inline">Agora</span>
        </Link>
        <div className="mx-auto hidden w-full max-w-xl md:block">
          <SearchForm id="header-search" />
        </div>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <button
            type="button"
            className="grid size-10 place-items-center rounded-full hover:bg-[var(--hover)] md:hidden"
            aria-label={t("Search")}
            aria-expanded={mobileSearch}
            onClick={() => setMobileSearch((v) => !v)}
          >
            <SearchIcon />
          </button>
          <LanguageSwitch />
          {isSignedIn && me ? (
            <UserMenu me={me} />
          ) : (
            <>
              <button
                type="button"
                className="grid size-10 place-items-center rounded-full hover:bg-[var(--hover)]"
                aria-label={
                  currentTheme() === "night" ? t("Switch to day theme") : t("Switch to night theme")
                }
                onClick={() => {
                  toggleNight();
                  rerender((n) => n + 1);
                }}
              >
                {currentTheme() === "night" ? <SunIcon /> : <MoonIcon />}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => openModal("LOGIN")}>
                {t("Sign In")}
              </button>
            </>
          )}
        </div>
      </div>
      {mobileSearch ? (
        <div className="border-t border-[var(--line)] p-3 md:hidden">
          <SearchForm id="mobile-search" autoFocus onDone={() => setMobileSearch(false)} />
        </div>
      ) : null}
    </header>
  );
}
