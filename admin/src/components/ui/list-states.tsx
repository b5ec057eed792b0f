import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { SKIP_MAX } from "#shared/constants.ts";

/** A list with nothing in it. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="card px-6 py-10 text-center text-sm text-[var(--muted)]" data-testid="empty-list">
      {children}
    </p>
  );
}

/**
 * Previous / next buttons of a paged table. Pages start at `page × pageSize`, and no list goes
 * deeper than SKIP_MAX by offset, so the pager stops at the last page that starts within it.
 */
export function Pager({
  page,
  totalPages: allPages,
  pageSize,
  onPage,
}: {
  page: number;
  totalPages: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const totalPages = Math.min(allPages, Math.floor(SKIP_MAX / pageSize) + 1);
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t("Pages")} className="mt-3 flex items-center justify-end gap-2 text-sm">
      <button type="button" className="btn btn-outline" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {t("Previous")}
      </button>
      <span className="tabular-nums">
        {t("Page {{page}} of {{total}}", { page: page + 1, total: totalPages })}
      </span>
      <button
        type="button"
        className="btn btn-outline"
        disabled={page + 1 >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t("Next")}
      </button>
    </nav>
  );
}

/** A date and time in the reader's language. */
export function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (iso: string) => format.format(new Date(iso));
}

/** A date alone, for narrow columns. */
export function useDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (iso: string) => format.format(new Date(iso));
}
