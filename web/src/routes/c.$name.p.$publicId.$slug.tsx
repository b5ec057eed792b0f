import { createFileRoute } from "@tanstack/react-router";
import { commentsQueryOptions } from "../features/posts/comment-queries";
import { PostPage } from "../features/posts/components/post-page";
import { flag, searchParams, text } from "../lib/search-params";

// A post's own address: /c/{community}/p/{public_id}/{slug}; ?comment= opens one comment's thread.
export const Route = createFileRoute("/c/$name/p/$publicId/$slug")({
  validateSearch: searchParams({ comment: text(), edit: flag() }),
  // The comments are asked for beside the post, not once the post has arrived and rendered.
  loader: ({ context: { queryClient }, params, location }): void => {
    const thread = (location.search as { comment?: unknown }).comment;
    const comments = commentsQueryOptions(params.publicId, typeof thread === "string" ? thread : null);
    if (!queryClient.getQueryData(comments.queryKey)) void queryClient.prefetchInfiniteQuery(comments);
  },
  component: Page,
});

function Page() {
  const { publicId } = Route.useParams();
  const { comment, edit } = Route.useSearch();
  return <PostPage key={publicId} publicId={publicId} commentId={comment ?? null} edit={edit ?? false} />;
}
