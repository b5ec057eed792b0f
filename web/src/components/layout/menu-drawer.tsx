import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { LeftMenu } from "./left-menu";

/**
 * The phone and tablet menu drawer, loaded the first time it opens (wide screens show the menu as a
 * column instead). It takes focus; Escape closes it and gives focus back to its button; a new page
 * closes it, and so does a screen grown wide enough for the column (a drawer left open there would
 * lock the page).
 */
export default function MenuDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const desktop = useMediaQuery("(min-width: 1024px)");
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (desktop || pathname !== openedAt.current) onClose();
  }, [pathname, desktop, onClose]);
  useEffect(() => {
    document.querySelector<HTMLElement>("#left-menu-drawer a, #left-menu-drawer button")?.focus();
    // The page behind the drawer stays put while the menu scrolls.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      onClose();
      document.querySelector<HTMLElement>('[aria-controls="left-menu-drawer"]')?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);
  return (
    <div className="fixed inset-0 top-14 z-30 lg:hidden">
      <button
        type="button"
        aria-label={t("Close menu")}
        className="absolute inset-0 bg-black/50"
        onClick={onClose}
      />
      <div
        id="left-menu-drawer"
        className="relative h-full w-72 max-w-[85vw] overflow-y-auto bg-[var(--surface)] shadow-xl"
      >
        <LeftMenu onNavigate={onClose} />
      </div>
    </div>
  );
}
