import { createFileRoute } from "@tanstack/react-router";
import { PostPage } from "../features/posts/components/post-page";
import { flag, searchParams, text } from "../lib/search-params";

// /c/{community}/p/{public_id} without its slug: the page replaces it with the post's own link.
export const Route = createFileRoute("/c/$name/p/$publicId/")({
  validateSearch: searchParams({ comment: text(), edit: flag() }),
  component: Page,
});

function Page() {
  const { publicId } = Route.useParams();
  const { comment, edit } = Route.useSearch();
  return <PostPage key={publicId} publicId={publicId} commentId={comment ?? null} edit={edit ?? false} />;
}
