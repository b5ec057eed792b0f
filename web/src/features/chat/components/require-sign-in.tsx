import { type ReactNode, useEffect } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { ChatIcon } from "#web/components/ui/account-icons.tsx";
import { useMe } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";

/**
 * Chat is for signed-in people: a visitor gets the login dialog and a prompt here.
 * Children render once the signed-in user is known.
 */
export function RequireSignIn({ children }: { children: (me: Me) => ReactNode }) {
  const { t } = useTranslation();
  const { me, isSignedIn, isLoading } = useMe();
  useEffect(() => {
    if (!isSignedIn) openModal("LOGIN");
  }, [isSignedIn]);
  if (me) return <>{children(me)}</>;
  if (isSignedIn || isLoading)
    return (
      <div className="grid min-h-60 place-items-center" aria-busy="true">
        <Spinner label={t("Loading...")} />
      </div>
    );
  return (
    <section className="card flex flex-col items-center gap-4 px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-[var(--surface-strong)] text-[var(--accent)]">
        <ChatIcon width={28} height={28} />
      </span>
      <h1 className="text-xl font-semibold">{t("Sign in to chat")}</h1>
      <p className="max-w-sm text-sm text-[var(--muted)]">
        {t("Talk one-to-one with the people you meet in communities.")}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => openModal("LOGIN")}>
        {t("Sign In")}
      </button>
    </section>
  );
}

export function Spinner({ label, size = 28 }: { label: string; size?: number }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-[var(--muted)]">
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className="animate-spin rounded-full border-2 border-[var(--line)] border-t-[var(--accent)]"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
