import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { PostCard } from "./post-card";

/** "N posts hidden by your muted words · Show": loads when a list left something out. */
const HiddenByMutes = lazy(() => import("#web/components/ui/hidden-by-mutes.tsx"));

/**
 * An infinite list of post cards with its loading, error and empty states. Posts the reader's
 * muted words left out are counted in place of the empty state, or below the list; `onShowMuted`
 * reads the list again with them (docs/decisions/170).
 */
export function PostList({
  query,
  empty,
  showCommunity = true,
  label,
  onShowMuted,
}: {
  query: UseInfiniteQueryResult<InfiniteData<CursorPage<FeedItem>>>;
  empty: ReactNode;
  showCommunity?: boolean;
  label: string;
  onShowMuted?: () => void;
}) {
  if (query.isPending) return <ListSkeleton rows={3} height="h-48" />;
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  const items = query.data.pages.flatMap((p) => p.list);
  let hidden = 0;
  for (const page of query.data.pages) hidden += page.hidden_by_mutes ?? 0;
  const notice =
    hidden && onShowMuted ? (
      <Suspense fallback={null}>
        <HiddenByMutes count={hidden} onShow={onShowMuted} />
      </Suspense>
    ) : null;
  if (items.length === 0 && !notice) return <>{empty}</>;
  return (
    <>
      {items.length ? (
        <ul className="flex flex-col gap-3" aria-label={label} data-testid="post-list">
          {items.map((item) => (
            <li key={item.micropost.public_id}>
              <PostCard item={item} showCommunity={showCommunity} />
            </li>
          ))}
        </ul>
      ) : null}
      {notice}
      <InfiniteFooter query={query} />
    </>
  );
}
