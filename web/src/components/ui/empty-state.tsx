import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";

/** An empty tray drawn inline: an emoji shows as a box where no emoji font is installed. */
function EmptyIllustration() {
  return (
    <svg
      viewBox="0 0 96 96"
      width="88"
      height="88"
      fill="none"
      aria-hidden="true"
      className="text-[var(--muted)]"
    >
      <circle cx="48" cy="48" r="44" fill="var(--surface-strong)" />
      <path
        d="M24 52 31 30a4 4 0 0 1 3.8-2.7h26.4A4 4 0 0 1 65 30l7 22v14a4 4 0 0 1-4 4H28a4 4 0 0 1-4-4z"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M24 52h13l3 6h16l3-6h13"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M40 40h16" stroke="var(--accent)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * "There is nothing here" with Return to Home, or any other empty message ("No
 * Communities", "No Chats") with `title`, optional text or actions as children, and `home={false}`
 * where going home makes no sense (an empty list inside a page).
 */
export function EmptyState({
  title,
  children,
  home = true,
  as: Heading = "h1",
}: {
  title?: string;
  children?: ReactNode;
  home?: boolean;
  /** h1 when the empty state is the page; h2 when it sits inside a page with its own title. */
  as?: "h1" | "h2";
}) {
  const { t } = useTranslation();
  return (
    <section
      className="card flex flex-col items-center gap-4 px-6 py-12 text-center sm:py-14"
      data-testid="empty-state"
    >
      <EmptyIllustration />
      <Heading className="text-xl font-semibold">{title ?? t("There is nothing here")}</Heading>
      {children ? <div className="max-w-md text-sm text-[var(--muted)]">{children}</div> : null}
      {home ? (
        <Link to="/" className="btn btn-primary">
          {t("Return to Home")}
        </Link>
      ) : null}
    </section>
  );
}
