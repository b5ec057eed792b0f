import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { EmptyState } from "./empty-state";

/**
 * What was not found, said as such, with ways on (home, and where to look for another), and a
 * document title that says it too: an unknown address or a community that does not exist.
 */
function NotFound({ kind, name }: { kind: "page" | "community"; name?: string }) {
  const { t } = useTranslation();
  const title = kind === "community" ? t("Community not found") : t("Page not found");
  useEffect(() => {
    document.title = `${title} · Agora`;
    return () => {
      document.title = "Agora";
    };
  }, [title]);
  return (
    <EmptyState title={title} home={false}>
      <p>
        {kind === "community"
          ? t("No community is called c/{{name}}. It may have been deleted, or the name may be misspelled.", {
              name: name ?? "",
            })
          : t("There is no page at this address. The link may be old or mistyped.")}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Link to="/" className="btn btn-primary">
          {t("Return to Home")}
        </Link>
        {kind === "community" ? (
          <Link to="/search" search={{ type: "communities" }} className="btn btn-outline">
            {t("Find Communities")}
          </Link>
        ) : (
          <Link to="/search" className="btn btn-outline">
            {t("Search")}
          </Link>
        )}
      </div>
    </EmptyState>
  );
}

export default NotFound;
