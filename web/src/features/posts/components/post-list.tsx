import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { InfiniteFooter, ListSkeleton, LoadError } from "#web/components/ui/list-states.tsx";
import { PostCard } from "./post-card";

/** An infinite list of post cards with its loading, error and empty states. */
export function PostList({
  query,
  empty,
  showCommunity = true,
  label,
}: {
  query: UseInfiniteQueryResult<InfiniteData<CursorPage<FeedItem>>>;
  empty: ReactNode;
  showCommunity?: boolean;
  label: string;
}) {
  if (query.isPending) return <ListSkeleton rows={3} height="h-48" />;
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  const items = query.data.pages.flatMap((p) => p.list);
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={label} data-testid="post-list">
        {items.map((item) => (
          <li key={item.micropost.public_id}>
            <PostCard item={item} showCommunity={showCommunity} />
          </li>
        ))}
      </ul>
      <InfiniteFooter query={query} />
    </>
  );
}
