import { createFileRoute } from "@tanstack/react-router";
import { CommunityTabPage } from "../features/communities/components/community-pages";
import { ModLogPage } from "../features/community-moderation/components/mod-log-page";

// /c/:name/modlog: the community's public moderation log under its header (two features composed).
export const Route = createFileRoute("/c/$name/modlog")({
  component: Page,
});

function Page() {
  const { name } = Route.useParams();
  return (
    <CommunityTabPage
      key={name}
      name={name}
      tab="modlog"
      body={(community) => <ModLogPage community={community} />}
    />
  );
}
