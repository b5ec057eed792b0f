import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { ProfilePostSort } from "#shared/schemas/people.ts";
import type { FeedItem } from "#shared/schemas/posts.ts";
import type { User } from "#shared/schemas/user.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import HiddenByMutes, { hiddenByMutes } from "#web/components/ui/hidden-by-mutes.tsx";
import { userPostsQueryOptions } from "../queries";

/**
 * The Posts tab: New or Top, loading more as the reader scrolls. Each post is shown by
 * `postCard`, the posts feature's card put in by the route.
 */
export function ProfilePosts({
  user,
  sort,
  postCard,
}: {
  user: User;
  sort: ProfilePostSort;
  postCard: (item: FeedItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const [showMuted, setShowMuted] = useState(false);
  const posts = useInfiniteQuery(userPostsQueryOptions(user.username, sort, showMuted));
  const items = posts.data?.pages.flatMap((p) => p.list) ?? [];
  const hidden = hiddenByMutes(posts.data?.pages);
  const notice = hidden ? <HiddenByMutes count={hidden} onShow={() => setShowMuted(true)} /> : null;
  return (
    <section aria-labelledby="profile-posts-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id="profile-posts-heading" className="text-sm font-semibold text-[var(--muted)]">
          {t("Posts")}
        </h2>
        <nav aria-label={t("Sort posts")} className="flex gap-1 rounded-full bg-[var(--surface)] p-1">
          {(["NEW", "TOP"] as const).map((option) => (
            <Link
              key={option}
              to="/user/$username"
              params={{ username: user.username }}
              search={{ sort: option.toLowerCase() as "new" | "top" }}
              replace
              aria-current={sort === option ? "true" : undefined}
              className={`rounded-full px-3 py-1 text-xs font-semibold ${
                sort === option
                  ? "bg-[var(--accent)] text-[var(--accent-text)]"
                  : "text-[var(--muted)] hover:text-[var(--text)]"
              }`}
            >
              {option === "NEW" ? t("New") : t("Top")}
            </Link>
          ))}
        </nav>
      </div>
      {posts.isPending ? (
        <ListSkeleton />
      ) : posts.isError ? (
        <LoadError error={posts.error} retry={posts.refetch} />
      ) : items.length === 0 && notice ? (
        notice
      ) : items.length === 0 ? (
        <EmptyState title={t("No posts yet")} home={false} as="h2">
          {user.user_is_owner ? (
            <Link to="/post" className="btn btn-primary mt-1">
              {t("Write your first post")}
            </Link>
          ) : (
            t("When @{{username}} posts, it shows up here.", { username: user.username })
          )}
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <li key={item.micropost.public_id}>{postCard(item)}</li>
            ))}
          </ul>
          {notice}
          <InfiniteFooter query={posts} />
        </>
      )}
    </section>
  );
}
