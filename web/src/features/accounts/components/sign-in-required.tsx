import { type ReactNode, useEffect } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useToken } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";

/** What a page behind the sign-in says to a visitor: its own title and line (English keys). */
export interface SignInPrompt {
  title: string;
  text?: string;
  /** The button's words; "Log In" when not given. */
  action?: string;
}

/**
 * Wraps the pages that need an account (the `_signed-in` layout route): a visitor gets the login
 * dialog at once and, behind it, a page saying why, with a button to open it again. The page's
 * route names its own words in `staticData.signIn`; else "Log in to see this page".
 */
export function SignInRequired({
  prompt,
  page,
  children,
}: {
  prompt?: SignInPrompt;
  /** The private page shown (its path): each one a visitor opens asks again, though this stays mounted. */
  page: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const signedIn = Boolean(useToken());
  useEffect(() => {
    if (!signedIn && page) openModal("LOGIN");
  }, [signedIn, page]);
  if (signedIn) return <>{children}</>;
  return (
    <EmptyState title={t(prompt?.title ?? "Log in to see this page")} home={false}>
      {prompt?.text ? <p className="mb-4">{t(prompt.text)}</p> : null}
      <button type="button" className="btn btn-primary" onClick={() => openModal("LOGIN")}>
        {t(prompt?.action ?? "Log In")}
      </button>
    </EmptyState>
  );
}
