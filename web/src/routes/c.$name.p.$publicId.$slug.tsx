import { createFileRoute } from "@tanstack/react-router";
import { PostNotFound } from "../features/notifications/components/post-not-found";
import { PostPage } from "../features/posts/components/post-page";
import { postQueryOptions } from "../features/posts/queries";
import { seedQuery, takeFirstScreen } from "../lib/first-screen";
import { flag, searchParams, text } from "../lib/search-params";

// A post's own address: /c/{community}/p/{public_id}/{slug}; ?comment= opens one comment's thread.
export const Route = createFileRoute("/c/$name/p/$publicId/$slug")({
  validateSearch: searchParams({ comment: text(), edit: flag() }),
  // The post the page came with (lib/first-screen.ts): in the cache before the page renders.
  loader: ({ context: { queryClient }, params }): void => {
    const post = takeFirstScreen("post");
    if (post?.micropost.public_id === params.publicId)
      seedQuery(queryClient, postQueryOptions(params.publicId).queryKey, post);
  },
  component: Page,
});

function Page() {
  const { publicId } = Route.useParams();
  const { comment, edit } = Route.useSearch();
  return (
    <PostPage
      key={publicId}
      publicId={publicId}
      commentId={comment ?? null}
      edit={edit ?? false}
      missing={<PostNotFound publicId={publicId} />}
    />
  );
}
