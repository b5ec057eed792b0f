import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ComponentType, lazy, Suspense, useRef, useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { Icon } from "#client/ui/icons.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import { FEED_OPTIONS, type FeedOption, SIGNED_IN_FEED_OPTIONS } from "#shared/enums/feed.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { OptionsMenu } from "#web/components/ui/bottom-sheet.tsx";
import { LazyEmptyState } from "#web/components/ui/lazy-empty-state.tsx";
import { handleApiError } from "#web/lib/errors.ts";
import { useMe } from "#web/lib/session.ts";
import { feedQueryOptions, postKeys } from "../queries";
import { PostList } from "./post-list";

/** "Hide read" and "Mark all read", for the signed-in: loads after the first screen. */
const ReadControls = lazy(() => import("#web/components/read-controls.tsx"));

const FEED_LABELS: Record<FeedOption, string> = {
  NEW: msg("New"),
  TOP: msg("Top"),
  VERIFIED: msg("Verified"),
  COMMUNITIES: msg("Communities"),
  FOLLOWING: msg("Following"),
};

/** The options a reader may pick: Communities and Following only when signed in. */
export function feedOptionsFor(signedIn: boolean): FeedOption[] {
  return FEED_OPTIONS.filter((o) => signedIn || !SIGNED_IN_FEED_OPTIONS.includes(o));
}

/**
 * The feed a reader sees: the address's sort, else their saved default, else New; one they may not
 * pick (Following for a visitor) falls back to New.
 */
export function feedOptionOf(sort: FeedOption | undefined, signedIn: boolean, saved?: string): FeedOption {
  const wanted =
    sort ?? (saved && FEED_OPTIONS.includes(saved as FeedOption) ? (saved as FeedOption) : "NEW");
  return feedOptionsFor(signedIn).includes(wanted) ? wanted : "NEW";
}

/** The sort menu of the feed: a menu by the button, a sheet on phones. */
function SortMenu({
  current,
  options,
  onPick,
}: {
  current: FeedOption;
  options: FeedOption[];
  onPick: (o: FeedOption) => void;
}) {
  const { t } = useTranslation();
  return (
    <OptionsMenu
      label={t("Sort posts")}
      title={t("Sort by")}
      trigger={(props) => (
        <button
          {...props}
          aria-label={t("Sort posts: {{sort}}", { sort: t(FEED_LABELS[current]) })}
          className="btn btn-outline gap-1 px-3 py-1.5"
          data-testid="feed-sort"
        >
          {t(FEED_LABELS[current])}
          <Icon d="m6 9 6 6 6-6" width="16" height="16" />
        </button>
      )}
      actions={options.map((option) => ({
        label: t(FEED_LABELS[option]),
        checked: option === current,
        onSelect: () => onPick(option),
      }))}
    />
  );
}

/**
 * The home feed: the sort menu, infinite scroll, the empty state. Without a
 * choice in the address it opens on the reader's saved default; a new choice is saved as it.
 * The empty Following and Communities feeds show `suggestions` (the people feature's, from the route).
 */
export function FeedPage({
  sort,
  suggestions: Suggestions,
}: {
  sort: FeedOption | undefined;
  suggestions: ComponentType<{ following: boolean }>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, isSignedIn, isLoading } = useMe();
  const queryClient = useQueryClient();
  const options = feedOptionsFor(isSignedIn);
  const saved = me?.default_micropost_sort;
  const option = feedOptionOf(sort, isSignedIn, saved);
  const hideRead = me?.settings?.HIDE_READ === true;
  // "Show" under a list that muted words thinned reads it again with nothing left out.
  const [all, setAll] = useState<FeedOption>();
  const feed = useInfiniteQuery({
    ...feedQueryOptions(option, me?.username ?? null, hideRead, all === option),
    enabled: !isLoading,
  });
  const box = useRef<HTMLDivElement>(null);

  const pick = (next: FeedOption) => {
    void navigate({ to: "/", search: { sort: next.toLowerCase() as Lowercase<FeedOption> }, replace: true });
    // Saving the default loads with the first pick; the feed itself does not wait for it.
    if (isSignedIn && next !== saved)
      void import("#web/lib/feed-sort.ts")
        .then((m) => m.saveDefaultSort(queryClient, next))
        .catch(handleApiError);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-3">
      <h1 className="sr-only">{t("Home")}</h1>
      <div className="card flex items-center gap-3 p-3">
        {me ? <Avatar src={me.profile_image} name={me.username} size={36} /> : null}
        <Link
          to="/post"
          className="flex-1 rounded-full border border-[var(--line)] bg-[var(--bg)] px-4 py-2 text-sm text-[var(--muted)] hover:border-[var(--accent)]"
        >
          {t("Create a post")}
        </Link>
        <SortMenu current={option} options={options} onPick={pick} />
      </div>
      {me ? (
        <div className="card flex min-h-14 items-center px-3 py-2">
          <Suspense fallback={null}>
            <ReadControls target={{ option }} listBox={box} listKey={postKeys.feed(option, me.username)} />
          </Suspense>
        </div>
      ) : null}
      <div ref={box} className="contents">
        {isLoading ? (
          <ListSkeleton rows={3} height="h-48" />
        ) : (
          <PostList
            key={hideRead ? "unread" : "all"}
            query={feed}
            label={t("Posts sorted by {{sort}}", { sort: t(FEED_LABELS[option]) })}
            onShowMuted={() => setAll(option)}
            empty={
              hideRead ? (
                <LazyEmptyState title={t("You have read everything here")} home={false}>
                  <p>{t("Turn off Hide read to see them again")}</p>
                </LazyEmptyState>
              ) : isSignedIn && (option === "FOLLOWING" || option === "COMMUNITIES") ? (
                <Suspense fallback={null}>
                  <Suggestions following={option === "FOLLOWING"} />
                </Suspense>
              ) : (
                <LazyEmptyState title={t("There is nothing here yet")} home={false}>
                  <p>{t("Make one and get this feed started")}</p>
                  <Link to="/post" className="btn btn-primary mt-4">
                    {t("Create a post")}
                  </Link>
                </LazyEmptyState>
              )
            }
          />
        )}
      </div>
    </div>
  );
}
