import { createFileRoute } from "@tanstack/react-router";
import type { FeedOption } from "#shared/enums/feed.ts";
import { FeedPage, feedOptionOf } from "../features/feed/components/feed-page";
import { feedQueryOptions } from "../features/posts/queries";
import { getToken } from "../lib/auth-token";
import { seedPages, takeFirstScreen } from "../lib/first-screen";
import { oneOf, searchParams } from "../lib/search-params";

const SORTS = ["new", "top", "verified", "communities", "following"] as const;

// `/` and `/?sort=top`: the home feed. Without a sort the reader's saved default applies.
// Not split from the entry: the feed is the first screen of most visits, and one file gzips better
// and saves a round trip before it (docs/decisions/093).
export const Route = createFileRoute("/")({
  codeSplitGroupings: [],
  validateSearch: searchParams({ sort: oneOf(SORTS) }),
  // A visitor's feed is known from the address alone: its first page came with the page
  // (lib/first-screen.ts), or it is asked for as the route loads, before the page renders (a
  // signed-in reader's depends on their saved default). Only when nothing is cached: the page
  // refreshes what is.
  loader: ({ context: { queryClient }, location }): void => {
    if (getToken()) return;
    // The address as typed (what the page gets is validated by validateSearch above).
    const sort = SORTS.find((known) => known === (location.search as { sort?: unknown }).sort);
    const option = feedOptionOf(upper(sort), false);
    const feed = feedQueryOptions(option, null);
    const given = takeFirstScreen("feed", (part) => part.option === option);
    if (given) seedPages(queryClient, feed.queryKey, given.page);
    if (!queryClient.getQueryData(feed.queryKey)) void queryClient.prefetchInfiniteQuery(feed);
  },
  component: HomePage,
});

function upper(sort: (typeof SORTS)[number] | undefined): FeedOption | undefined {
  return sort ? (sort.toUpperCase() as FeedOption) : undefined;
}

function HomePage() {
  const { sort } = Route.useSearch();
  return <FeedPage sort={upper(sort)} />;
}
