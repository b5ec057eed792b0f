import { createFileRoute } from "@tanstack/react-router";
import { lazy } from "react";
import { Spinner } from "#client/ui/spinner.tsx";
import { SETTINGS_TABS, type SettingsTab } from "#shared/enums.ts";
import type { Me } from "#shared/schemas/user.ts";
import { useMe } from "#web/lib/session.ts";
import { EmptyState } from "../components/ui/empty-state";
import { ResumeSection } from "../features/jobs/components/resume-section";
import { BlockedPeople } from "../features/people/components/blocked-people";
import { JobProfileSettings } from "../features/people/components/job-profile-settings";
import { ProfileSettings } from "../features/people/components/profile-settings";
import { ReferralSettings } from "../features/people/components/referral-settings";
import { AccountTab } from "../features/settings/components/account-tab";
import { CommunicationTab } from "../features/settings/components/communication-tab";
import { JobTab } from "../features/settings/components/job-tab";
import { PrivacyTab } from "../features/settings/components/privacy-tab";
import { SettingsPage } from "../features/settings/components/settings-page";

// /settings/{tab lowercase}: account, profile, job, referral, privacy, communication,
// notifications, muted. Each tab puts together the settings of the features it shows
// (docs/decisions/200); the less used parts are chunks of their own.

const NotificationsTab = lazy(() => import("../features/settings/components/notifications-tab"));
const MutedWordsTab = lazy(() => import("../features/muted-words/components/muted-words-tab"));
const TwoFactorSettings = lazy(() => import("../features/two-factor/two-factor-settings"));
const SignOutEverywhere = lazy(() => import("../features/accounts/components/sign-out-everywhere"));
const DataExportSection = lazy(() => import("../features/data-export/components/data-export-section"));

export const Route = createFileRoute("/_signed-in/settings/$tab")({
  component: function Settings() {
    const { tab } = Route.useParams();
    return <SettingsFor tab={tab.toLowerCase()} />;
  },
});

function SettingsFor({ tab }: { tab: string }) {
  const { me } = useMe();
  if (!SETTINGS_TABS.includes(tab as SettingsTab)) return <EmptyState />;
  if (!me)
    return (
      <div className="grid min-h-60 place-items-center">
        <Spinner />
      </div>
    );
  return (
    <SettingsPage tab={tab as SettingsTab}>
      <TabContent me={me} tab={tab as SettingsTab} />
    </SettingsPage>
  );
}

function TabContent({ me, tab }: { me: Me; tab: SettingsTab }) {
  switch (tab) {
    case "account":
      return (
        <AccountTab
          me={me}
          signOutEverywhere={<SignOutEverywhere />}
          twoFactor={<TwoFactorSettings />}
          dataExport={<DataExportSection />}
        />
      );
    case "profile":
      return <ProfileSettings key={me.username} me={me} />;
    case "job":
      return <JobTab me={me} jobProfile={<JobProfileSettings />} resume={<ResumeSection />} />;
    case "referral":
      return <ReferralSettings me={me} />;
    case "privacy":
      return <PrivacyTab me={me} blocked={<BlockedPeople />} />;
    case "communication":
      return <CommunicationTab me={me} />;
    case "notifications":
      return <NotificationsTab me={me} />;
    case "muted":
      return <MutedWordsTab />;
  }
}
