import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { useOnline } from "#web/lib/presence.ts";

/**
 * A chat partner's avatar with a dot while they are online (only partners who show it, and only
 * to people who show their own). Screen readers hear "online" after the name.
 */
export function WithPresence({ username, children }: { username: string; children: ReactNode }) {
  const { t } = useTranslation();
  const online = useOnline(username);
  return (
    <span className="relative inline-flex shrink-0">
      {children}
      {online ? (
        <span
          className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-[var(--surface)] bg-[var(--success)]"
          data-testid="presence-dot"
        >
          <span className="sr-only">{t("online")}</span>
        </span>
      ) : null}
    </span>
  );
}
