import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { GETTING_STARTED_GOAL } from "#shared/schemas/getting-started.ts";
import { openModal } from "#web/modals.tsx";
import { gettingStartedQueryOptions, stepsDone } from "./queries";

/**
 * The account menu's "Get started", with the steps done of four, while the server says a step is
 * left (docs/decisions/171); it opens the checklist.
 */
export default function GetStartedMenuItem({ className, close }: { className: string; close: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(gettingStartedQueryOptions());
  if (!query.data || query.data.done) return null;
  const done = stepsDone(query.data, GETTING_STARTED_GOAL);
  return (
    <button
      role="menuitem"
      type="button"
      className={className}
      onClick={() => {
        close();
        openModal("WELCOME");
      }}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M9 11l3 3 8-8" />
        <path d="M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h9" />
      </svg>
      {t("Get started")}
      <span className="ml-auto text-xs text-[var(--muted)]">{t("{{done}} of 4", { done })}</span>
    </button>
  );
}
