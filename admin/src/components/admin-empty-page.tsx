import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";

/** A page not yet built: "There is nothing here" with Return to Home. */
export function AdminEmptyPage() {
  const { t } = useTranslation();
  return (
    <section
      className="card flex flex-col items-center gap-4 px-6 py-14 text-center"
      data-testid="empty-state"
    >
      <h1 className="text-xl font-semibold">{t("There is nothing here")}</h1>
      <Link to="/" className="btn btn-primary">
        {t("Return to Home")}
      </Link>
    </section>
  );
}
