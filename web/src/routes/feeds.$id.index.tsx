import { createFileRoute } from "@tanstack/react-router";
import { CustomFeedPage } from "../features/feeds/components/custom-feed-page";
import { PostList } from "../features/posts/components/post-list";
import { oneOf, searchParams } from "../lib/search-params";

const SORTS = ["new", "top"] as const;

// /feeds/{id}: a custom feed's posts, sorted as the home feed; a public one opens for anyone with
// the link. The route hands the feed page the post list, so neither feature imports the other.
export const Route = createFileRoute("/feeds/$id/")({
  validateSearch: searchParams({ sort: oneOf(SORTS) }),
  component: function Feed() {
    const { id } = Route.useParams();
    const { sort } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <CustomFeedPage
        id={id}
        sort={sort === "top" ? "TOP" : "NEW"}
        onSort={(next) =>
          void navigate({ search: { sort: next === "TOP" ? "top" : undefined }, replace: true })
        }
        renderList={(props) => <PostList {...props} />}
      />
    );
  },
});
