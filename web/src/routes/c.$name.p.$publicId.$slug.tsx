import { createFileRoute } from "@tanstack/react-router";
import { PostPage } from "../features/posts/components/post-page";
import { flag, searchParams, text } from "../lib/search-params";

// A post's own address: /c/{community}/p/{public_id}/{slug}; ?comment= opens one comment's thread.
export const Route = createFileRoute("/c/$name/p/$publicId/$slug")({
  validateSearch: searchParams({ comment: text(), edit: flag() }),
  component: Page,
});

function Page() {
  const { publicId } = Route.useParams();
  const { comment, edit } = Route.useSearch();
  return <PostPage key={publicId} publicId={publicId} commentId={comment ?? null} edit={edit ?? false} />;
}
