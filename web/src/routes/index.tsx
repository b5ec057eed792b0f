import { createFileRoute } from "@tanstack/react-router";
import { lazy } from "react";
import type { FeedOption } from "#shared/enums/feed.ts";
import { FeedPage } from "../features/posts/components/feed-page";
import { postKeys } from "../features/posts/queries";
import { FIRST_PAGE } from "../lib/cursor-pages";
import { seedQuery, takeFirstScreen } from "../lib/first-screen";
import { oneOf, searchParams } from "../lib/search-params";

/** What to join or follow, for the empty Following and Communities feeds: loads when one shows. */
const EmptyFeedSuggestions = lazy(() => import("../features/people/components/empty-feed-suggestions"));

const SORTS = ["new", "top", "verified", "communities", "following"] as const;

// `/` and `/?sort=top`: the home feed. Without a sort the reader's saved default applies; an
// empty Following or Communities feed suggests whom to follow or what to join (people's panel).
// Not split from the entry: the feed is the first screen of most visits, and one file gzips better
// and saves a round trip before it (docs/decisions/093).
export const Route = createFileRoute("/")({
  codeSplitGroupings: [],
  validateSearch: searchParams({ sort: oneOf(SORTS) }),
  // A visitor's page comes with the first page of the feed its address asks for (the Worker picks the
  // sort as feedOptionOf does for a visitor: features/open-web); it goes in the cache before the
  // page renders (lib/first-screen.ts). Otherwise the page asks as it mounts.
  loader: ({ context: { queryClient } }): void => {
    const given = takeFirstScreen("feed");
    if (given)
      seedQuery(queryClient, postKeys.feed(given.option, null), {
        pages: [given.page],
        pageParams: [FIRST_PAGE],
      });
  },
  component: HomePage,
});

function upper(sort: (typeof SORTS)[number] | undefined): FeedOption | undefined {
  return sort ? (sort.toUpperCase() as FeedOption) : undefined;
}

function HomePage() {
  const { sort } = Route.useSearch();
  return <FeedPage sort={upper(sort)} suggestions={EmptyFeedSuggestions} />;
}
