import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, Fragment, type ReactNode, useEffect, useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { SearchIcon } from "#client/ui/icons.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { SEARCH_TYPES, type SearchType } from "#shared/enums.ts";
import type { PersonItem, SearchResult } from "#shared/schemas/search.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import HiddenByMutes, { hiddenByMutes } from "#web/components/ui/hidden-by-mutes.tsx";
import { scrollIntoViewSideways } from "#web/components/ui/tab-bar.ts";
import { searchQueryOptions } from "../queries";
import { PostSummary } from "./post-summary";
import { CommentResult, CommunityResult } from "./result-items";

const TYPE_LABEL: Record<SearchType, string> = {
  posts: msg("Posts"),
  communities: msg("Communities"),
  comments: msg("Comments"),
  users: msg("Users"),
};

/**
 * /search?q=&type=: four kinds of result, 10 a page, more as the reader scrolls. A search that did
 * not choose a kind (`chosen` false) and finds no posts opens the first kind that has results.
 * A person found is shown by `personRow`, the people feature's row put in by the route.
 */
export function SearchPage({
  q,
  type,
  chosen = true,
  personRow,
}: {
  q: string;
  type: SearchType;
  chosen?: boolean;
  personRow: (item: PersonItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const text = q.trim();
  const browsing = !text && type === "communities";
  // "Show" under results that muted words thinned: this search again with nothing left out.
  const [shown, setShown] = useState("");
  const all = shown === `${type} ${text}`;
  const results = useInfiniteQuery({
    ...searchQueryOptions(text, type, all),
    enabled: Boolean(text) || browsing,
  });
  const pages = results.data?.pages ?? [];
  const total = pages[0]?.total_list ?? 0;
  const hidden = hiddenByMutes(pages);
  const notice = hidden ? (
    <HiddenByMutes count={hidden} kind="results" onShow={() => setShown(`${type} ${text}`)} />
  ) : null;
  const looking = useOtherKinds(text, !chosen && results.isSuccess && total === 0 && !hidden);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-col gap-3">
        <h1 className="text-xl font-bold break-words" aria-live="polite">
          {browsing ? t("Find Communities") : text ? t("Results for “{{q}}”", { q: text }) : t("Search")}
        </h1>
        {type === "communities" || !text ? <PageSearchBox q={text} type={type} /> : null}
        <nav aria-label={t("Kinds of result")} className="card tab-bar flex overflow-x-auto px-2">
          {SEARCH_TYPES.map((kind) => (
            <Link
              key={kind}
              to="/search"
              search={text ? { q: text, type: kind } : { type: kind }}
              aria-current={kind === type ? "page" : undefined}
              ref={kind === type ? scrollIntoViewSideways : undefined}
              className={`shrink-0 border-b-2 px-4 py-3 text-sm font-semibold ${
                kind === type
                  ? "border-[var(--accent)] text-[var(--text)]"
                  : "border-transparent text-[var(--muted)] hover:text-[var(--text)]"
              }`}
            >
              {t(TYPE_LABEL[kind])}
            </Link>
          ))}
        </nav>
      </header>

      {!text && !browsing ? (
        <EmptyState title={t("What are you looking for?")} home={false} as="h2">
          {t("Type a few words in the search box: posts, comments, communities and people.")}
        </EmptyState>
      ) : results.isPending || looking ? (
        <ListSkeleton rows={4} />
      ) : results.isError ? (
        <LoadError error={results.error} retry={results.refetch} />
      ) : total === 0 && notice ? (
        notice
      ) : total === 0 ? (
        <NoResults q={text} type={type} />
      ) : (
        <>
          <p className="text-sm text-[var(--muted)]" data-testid="result-count">
            {total >= 1000
              ? t("More than 1,000 results")
              : t(total === 1 ? "1 result" : "{{count}} results", { count: total })}
          </p>
          <ul className="flex flex-col gap-3" data-testid="search-results">
            {pages.flatMap((page) => (
              <Results key={pages.indexOf(page)} page={page} personRow={personRow} />
            ))}
          </ul>
          {notice}
          <InfiniteFooter query={results} />
        </>
      )}
    </div>
  );
}

/**
 * While `active`, asks the other kinds of result in turn and opens the first that has any (in
 * place of this one in the history). Answers whether it is still looking.
 */
function useOtherKinds(q: string, active: boolean): boolean {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [done, setDone] = useState("");
  useEffect(() => {
    if (!active || done === q) return;
    let stop = false;
    void (async () => {
      for (const kind of SEARCH_TYPES.filter((k) => k !== "posts")) {
        const found = await queryClient.fetchInfiniteQuery(searchQueryOptions(q, kind)).catch(() => null);
        if (stop) return;
        if ((found?.pages[0]?.total_list ?? 0) > 0) {
          void navigate({ to: "/search", search: { q, type: kind }, replace: true });
          return;
        }
      }
      setDone(q);
    })();
    return () => {
      stop = true;
    };
  }, [active, done, q, queryClient, navigate]);
  return active && done !== q;
}

function Results({ page, personRow }: { page: SearchResult; personRow: (item: PersonItem) => ReactNode }) {
  switch (page.search_type) {
    case "posts":
      return page.list.map((item) => (
        <li key={item.micropost.public_id}>
          <PostSummary item={item} />
        </li>
      ));
    case "comments":
      return page.list.map((item) => (
        <li key={item.comment.public_id}>
          <CommentResult item={item} />
        </li>
      ));
    case "communities":
      return page.list.map((item) => (
        <li key={item.community.name}>
          <CommunityResult community={item.community} />
        </li>
      ));
    case "users":
      return (
        <li className="card">
          <ul className="divide-y divide-[var(--line)]">
            {page.list.map((item) => (
              <Fragment key={item.owner.username}>{personRow(item)}</Fragment>
            ))}
          </ul>
        </li>
      );
  }
}

/** Names match from their first two letters; one letter alone finds next to nothing. */
const SEARCH_MIN_LETTERS = 2;

export function NoResults({ q, type }: { q: string; type: SearchType }) {
  const { t } = useTranslation();
  const title =
    type === "communities" ? t("No Communities") : type === "users" ? t("No Users") : t("No results");
  return (
    <EmptyState title={title} home={false} as="h2">
      {!q
        ? null
        : [...q.trim()].length < SEARCH_MIN_LETTERS
          ? t("Type at least {{count}} letters to search.", { count: SEARCH_MIN_LETTERS })
          : t("Nothing matches “{{q}}”. Try other words, or fewer of them.", { q })}
    </EmptyState>
  );
}

/** A search box on the page itself: the way to narrow Find Communities, and handy on a phone. */
function PageSearchBox({ q, type }: { q: string; type: SearchType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(q);
  useEffect(() => setValue(q), [q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = value.trim();
    if (!text && type !== "communities") return;
    void navigate({ to: "/search", search: text ? { q: text, type } : { type } });
  };
  const label = type === "communities" ? t("Search communities") : t("Search Agora");
  return (
    <search>
      <form onSubmit={submit} className="relative flex items-center">
        <label htmlFor="page-search" className="sr-only">
          {label}
        </label>
        <input
          id="page-search"
          type="search"
          value={value}
          maxLength={200}
          onChange={(e) => setValue(e.target.value)}
          placeholder={label}
          className="field rounded-full py-2.5 pr-12 pl-4"
        />
        <button
          type="submit"
          aria-label={t("Search")}
          className="absolute right-1.5 grid size-9 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)]"
        >
          <SearchIcon />
        </button>
      </form>
    </search>
  );
}
