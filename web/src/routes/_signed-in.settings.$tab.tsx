import { createFileRoute } from "@tanstack/react-router";
import { Spinner } from "#client/ui/spinner.tsx";
import { SETTINGS_TABS, type SettingsTab } from "#shared/enums.ts";
import { useMe } from "#web/lib/session.ts";
import { EmptyState } from "../components/ui/empty-state";
import { SettingsPage } from "../features/settings/components/settings-page";

// /settings/{tab lowercase}: account, profile, job, referral, privacy, communication.
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
  return <SettingsPage me={me} tab={tab as SettingsTab} />;
}
