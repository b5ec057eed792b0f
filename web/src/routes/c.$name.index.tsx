import { createFileRoute } from "@tanstack/react-router";
import { CommunityPage } from "../features/communities/components/community-pages";
import { CommunityPosts } from "../features/posts/components/community-posts";

// /c/:name: a community and its posts. The page joins two features, so the route composes them.
export const Route = createFileRoute("/c/$name/")({
  component: Page,
});

function Page() {
  const { name } = Route.useParams();
  return (
    <CommunityPage
      key={name}
      name={name}
      posts={(community) => <CommunityPosts name={name} community={community} />}
    />
  );
}
