import { createFileRoute } from "@tanstack/react-router";
import { SEARCH_TYPES } from "#shared/enums/feed.ts";
import { FollowPersonRow } from "../features/people/components/person-row";
import { SearchPage } from "../features/search/components/search-page";
import { oneOf, searchParams, text } from "../lib/search-params";

// Without a known type the page shows posts, or the first kind of result that has any. A person
// found is the people feature's row, with its follow button (docs/decisions/200).
export const Route = createFileRoute("/search")({
  validateSearch: searchParams({ q: text(), type: oneOf(SEARCH_TYPES) }),
  component: function Search() {
    const { q, type } = Route.useSearch();
    return (
      <SearchPage
        q={q ?? ""}
        type={type ?? "posts"}
        chosen={type !== undefined}
        personRow={(item) => <FollowPersonRow item={item} />}
      />
    );
  },
});
