import { createFileRoute } from "@tanstack/react-router";
import { CommunityPage } from "../features/communities/components/community-pages";
import { CommunityPosts } from "../features/posts/components/community-posts";
import { communityPostsQueryOptions } from "../features/posts/queries";

// /c/:name: a community and its posts. The page joins two features, so the route composes them.
export const Route = createFileRoute("/c/$name/")({
  // The posts are asked for beside the community, not once it has arrived. Quietly: a community
  // the reader may not see (or that does not exist) says so itself, and its list is not shown.
  loader: ({ context: { queryClient }, params }): void => {
    const posts = communityPostsQueryOptions(params.name);
    if (!queryClient.getQueryData(posts.queryKey))
      void queryClient.prefetchInfiniteQuery({ ...posts, meta: { silent: true } });
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
