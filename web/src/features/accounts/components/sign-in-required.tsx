import { type ReactNode, useEffect } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useToken } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";

/**
 * Wraps a page that needs an account: a visitor gets the login dialog at once and,
 * behind it, a page saying why, with a button to open it again.
 */
export function SignInRequired({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = Boolean(useToken());
  useEffect(() => {
    if (!signedIn) openModal("LOGIN");
  }, [signedIn]);
  if (signedIn) return <>{children}</>;
  return (
    <EmptyState title={t("Log in to see this page")} home={false}>
      <button type="button" className="btn btn-primary" onClick={() => openModal("LOGIN")}>
        {t("Log In")}
      </button>
    </EmptyState>
  );
}
