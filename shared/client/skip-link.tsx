import type { MouseEvent } from "react";
import { useTranslation } from "./react-i18n";

/** The id of each SPA's <main>, the skip link's target. */
export const MAIN_ID = "main";

/**
 * The first stop of the Tab order: hidden until focused, it moves focus to the page's main content
 * past the header and the menu (WCAG 2.4.1). Focus is moved by hand, without changing the address:
 * the router owns the URL and a `#main` hash would be a navigation of its own.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (e: MouseEvent) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    e.preventDefault();
    main.focus();
    main.scrollIntoView({ block: "start" });
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-[var(--surface)] focus:px-4 focus:py-2 focus:font-semibold focus:text-[var(--text)] focus:shadow-lg"
    >
      {t("Skip to content")}
    </a>
  );
}
