import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** "There is nothing here" with Return to Home (part 1 §2), or any other empty message. */
export function EmptyState({
  title,
  children,
  home = true,
}: {
  title?: string;
  children?: ReactNode;
  home?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="card flex flex-col items-center gap-4 px-6 py-14 text-center"
      data-testid="empty-state"
    >
      <div aria-hidden className="text-5xl">
        🪐
      </div>
      <h1 className="text-xl font-semibold">{title ?? t("There is nothing here")}</h1>
      {children}
      {home ? (
        <Link to="/" className="btn btn-primary">
          {t("Return to Home")}
        </Link>
      ) : null}
    </section>
  );
}
