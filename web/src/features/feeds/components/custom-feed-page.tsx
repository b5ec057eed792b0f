import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import type { CustomFeedSort } from "#shared/schemas/feeds.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import ReadControls, { useHideReadSetting } from "#web/components/read-controls.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useMe } from "#web/lib/session.ts";
import { feedKeys, feedPostsQueryOptions, feedQueryOptions } from "../api";
import { shareFeed } from "./feeds-page";

export type PostListRenderer = (props: {
  query: UseInfiniteQueryResult<InfiniteData<CursorPage<FeedItem>>>;
  label: string;
  empty: ReactNode;
}) => ReactNode;

/**
 * /feeds/{id}: a custom feed's posts, New or Top, with "Hide read" (the person's setting, kept on
 * the server), "Mark all read" with its undo, and, for its owner, the way to change it. The
 * list of post cards comes from the route (`renderList`): features do not import each other.
 */
export function CustomFeedPage({
  id,
  sort,
  onSort,
  renderList,
}: {
  id: string;
  sort: CustomFeedSort;
  onSort: (sort: CustomFeedSort) => void;
  renderList: PostListRenderer;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, isSignedIn } = useMe();
  const username = me?.username ?? null;
  const { hideRead, flip } = useHideReadSetting();
  const feed = useQuery(feedQueryOptions(id));
  const posts = useInfiniteQuery({
    ...feedPostsQueryOptions(id, sort, username, isSignedIn && hideRead),
    enabled: feed.isSuccess,
  });
  const box = useRef<HTMLDivElement>(null);

  if (feed.isPending) return <ListSkeleton rows={3} height="h-48" />;
  if (feed.isError)
    return (
      <EmptyState title={t("Feed not found")}>
        <p>{t("This feed does not exist or is private")}</p>
      </EmptyState>
    );
  const info = feed.data;
  const mine = info.owner.username === username;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-3">
      <header className="card flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h1 className="text-xl font-semibold break-words">{info.name}</h1>
            <p className="text-sm text-[var(--muted)]">
              {t("A feed by @{{name}}", { name: info.owner.username })} ·{" "}
              {info.is_public ? t("Public") : t("Private")}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {info.is_public ? (
              <button
                type="button"
                className="btn btn-outline px-3 py-1.5"
                onClick={() => void shareFeed(info, t)}
              >
                {t("Copy link")}
              </button>
            ) : null}
            {mine ? (
              <Link to="/feeds/$id/edit" params={{ id }} className="btn btn-outline px-3 py-1.5">
                {t("Edit")}
              </Link>
            ) : null}
          </div>
        </div>
        {info.description ? <p className="text-sm">{info.description}</p> : null}
        <p className="text-sm text-[var(--muted)]">
          {[...info.communities.map((c) => `c/${c.name}`), ...info.people.map((p) => `@${p.username}`)].join(
            ", ",
          )}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t("Sort posts")}</legend>
            {(["NEW", "TOP"] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={sort === option}
                className={`btn px-3 py-1.5 ${sort === option ? "btn-primary" : "btn-outline"}`}
                onClick={() => onSort(option)}
              >
                {option === "NEW" ? t("New") : t("Top")}
              </button>
            ))}
          </fieldset>
          {isSignedIn ? (
            <ReadControls target={{ feed_id: id }} listBox={box} listKey={[...feedKeys.root, "posts", id]} />
          ) : null}
        </div>
      </header>
      <div ref={box}>
        {renderList({
          query: posts,
          label: t("Posts of the feed {{name}}", { name: info.name }),
          empty: (
            <EmptyState
              title={hideRead ? t("You have read everything here") : t("There is nothing here yet")}
              home={false}
              as="h2"
            >
              {hideRead ? (
                <button type="button" className="btn btn-outline mt-2" onClick={flip}>
                  {t("Show read posts")}
                </button>
              ) : mine ? (
                <button
                  type="button"
                  className="btn btn-primary mt-2"
                  onClick={() => void navigate({ to: "/feeds/$id/edit", params: { id } })}
                >
                  {t("Add communities or people")}
                </button>
              ) : null}
            </EmptyState>
          ),
        })}
      </div>
    </div>
  );
}
