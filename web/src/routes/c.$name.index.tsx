import { createFileRoute } from "@tanstack/react-router";
import { CommunityPage } from "../features/communities/components/community-pages";

// /c/:name: a community and its posts (part 1 §2).
export const Route = createFileRoute("/c/$name/")({
  component: Page,
});

function Page() {
  const { name } = Route.useParams();
  return <CommunityPage key={name} name={name} />;
}
