import { createFileRoute } from "@tanstack/react-router";
import { CommunityTabPage } from "../features/communities/components/community-pages";
import { ModerationPage } from "../features/community-moderation/components/moderation-page";

// /c/:name/moderation: its owner's and moderators' area (moderators, bans, rules, flairs, reports).
export const Route = createFileRoute("/c/$name/moderation")({
  component: Page,
});

function Page() {
  const { name } = Route.useParams();
  return (
    <CommunityTabPage
      key={name}
      name={name}
      tab="moderation"
      body={(community) => <ModerationPage community={community} />}
    />
  );
}
