import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { SETTINGS_TABS, type SettingsTab } from "#shared/enums.ts";
import type { Me } from "#shared/schemas/user.ts";
import { scrollIntoViewSideways } from "#web/components/ui/tab-bar.ts";
import { AccountTab } from "./account-tab";
import { CommunicationTab } from "./communication-tab";
import { JobTab } from "./job-tab";
import { PrivacyTab } from "./privacy-tab";
import { ProfileTab } from "./profile-tab";
import { ReferralTab } from "./referral-tab";

const MutedWordsTab = lazy(() => import("#web/features/account-data/components/muted-words-tab.tsx"));
const NotificationsTab = lazy(() => import("./notifications-tab"));

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

/** /settings/{tab}: eight tabs, each saving as it goes. */
export function SettingsPage({ me, tab }: { me: Me; tab: SettingsTab }) {
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
      {tab === "account" ? <AccountTab me={me} /> : null}
      {tab === "profile" ? <ProfileTab key={me.username} me={me} /> : null}
      {tab === "job" ? <JobTab me={me} /> : null}
      {tab === "referral" ? <ReferralTab me={me} /> : null}
      {tab === "privacy" ? <PrivacyTab me={me} /> : null}
      {tab === "communication" ? <CommunicationTab me={me} /> : null}
      {tab === "notifications" ? (
        <Suspense
          fallback={
            <div className="grid min-h-40 place-items-center">
              <Spinner />
            </div>
          }
        >
          <NotificationsTab me={me} />
        </Suspense>
      ) : null}
      {tab === "muted" ? (
        <Suspense
          fallback={
            <div className="grid min-h-40 place-items-center">
              <Spinner />
            </div>
          }
        >
          <MutedWordsTab />
        </Suspense>
      ) : null}
    </div>
  );
}
