import { createFileRoute } from "@tanstack/react-router";
import { CommunityPage } from "../features/communities/components/community-pages";
import { communityQueryOptions } from "../features/communities/queries";
import { CommunityPosts } from "../features/posts/components/community-posts";
import { communityPostsQueryOptions } from "../features/posts/queries";
import { FIRST_PAGE } from "../lib/cursor-pages";
import { seedQuery, takeFirstScreen } from "../lib/first-screen";

// /c/:name: a community and its posts. The page joins two features, so the route composes them.
export const Route = createFileRoute("/c/$name/")({
  // The community and its first posts the page came with (lib/first-screen.ts), in the cache
  // before the page renders.
  loader: ({ context: { queryClient }, params }): void => {
    const name = params.name.toLowerCase();
    const given = takeFirstScreen("community");
    if (given?.community.name.toLowerCase() !== name) return;
    seedQuery(queryClient, communityQueryOptions(params.name).queryKey, given.community);
    seedQuery(queryClient, communityPostsQueryOptions(params.name).queryKey, {
      pages: [given.posts],
      pageParams: [FIRST_PAGE],
    });
  },
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
