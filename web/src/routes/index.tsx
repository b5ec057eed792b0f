import { createFileRoute } from "@tanstack/react-router";
import { FeedPage } from "../features/feed/components/feed-page";
import { oneOf, searchParams } from "../lib/search-params";

const SORTS = ["new", "top", "verified", "communities", "following"] as const;

// `/` and `/?sort=top`: the home feed. Without a sort the reader's saved default applies.
// Not split from the entry: the feed is the first screen of most visits, and one file gzips better
// and saves a round trip before it (docs/decisions/093).
export const Route = createFileRoute("/")({
  codeSplitGroupings: [],
  validateSearch: searchParams({ sort: oneOf(SORTS) }),
  component: HomePage,
});

function HomePage() {
  const { sort } = Route.useSearch();
  return <FeedPage sort={sort ? (sort.toUpperCase() as Uppercase<typeof sort>) : undefined} />;
}
