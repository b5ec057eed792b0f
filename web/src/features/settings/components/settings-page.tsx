import { Link } from "@tanstack/react-router";
import { type ReactNode, Suspense } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { SETTINGS_TABS, type SettingsTab } from "#shared/enums.ts";
import { scrollIntoViewSideways } from "#web/components/ui/tab-bar.ts";

const TAB_LABEL: Record<SettingsTab, string> = {
  account: msg("Account"),
  profile: msg("Profile"),
  job: msg("Job"),
  referral: msg("Referral"),
  privacy: msg("Privacy"),
  communication: msg("Communication"),
  notifications: msg("Notifications"),
  muted: msg("Muted words"),
};

/**
 * /settings/{tab}: eight tabs, each saving as it goes. The page is the tabs' bar; the open tab's
 * content comes from the route (web/src/routes/_signed-in.settings.$tab.tsx), which puts the
 * features' settings together, and may be a chunk of its own (a spinner while it loads).
 */
export function SettingsPage({ tab, children }: { tab: SettingsTab; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold">{t("Settings")}</h1>
      {/* A phone scrolls the tabs sideways; wider screens show every tab, on two rows if the
          words need them (no tab cut off at the edge). */}
      <nav
        aria-label={t("Settings sections")}
        className="card tab-bar flex overflow-x-auto px-2 md:flex-wrap md:overflow-x-visible"
      >
        {SETTINGS_TABS.map((item) => (
          <Link
            key={item}
            to="/settings/$tab"
            params={{ tab: item }}
            aria-current={item === tab ? "page" : undefined}
            ref={item === tab ? scrollIntoViewSideways : undefined}
            className={`shrink-0 border-b-2 px-4 py-3 text-sm font-semibold md:px-3 ${
              item === tab
                ? "border-[var(--accent)] text-[var(--text)]"
                : "border-transparent text-[var(--muted)] hover:text-[var(--text)]"
            }`}
          >
            {t(TAB_LABEL[item])}
          </Link>
        ))}
      </nav>
      <Suspense
        key={tab}
        fallback={
          <div className="grid min-h-40 place-items-center">
            <Spinner />
          </div>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}
