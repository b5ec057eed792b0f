import { createFileRoute } from "@tanstack/react-router";
import { MembersPage } from "../features/communities/components/community-pages";

// /c/:name/members: the member list of a community.
export const Route = createFileRoute("/c/$name/members")({
  component: Page,
});

function Page() {
  const { name } = Route.useParams();
  return <MembersPage key={name} name={name} />;
}
