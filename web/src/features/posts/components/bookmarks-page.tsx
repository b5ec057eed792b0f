import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { bookmarksQueryOptions } from "../bookmarks";
import { PostList } from "./post-list";

/** /saved ("Saved posts"): the reader's bookmarks, newest first, read on as they scroll. */
export function BookmarksPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(bookmarksQueryOptions());
  const total = query.data?.pages[0]?.total_list;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      <h1 className="text-2xl font-bold">
        {t("Saved posts")}{" "}
        {total !== undefined ? <span className="text-[var(--muted)]">({total})</span> : null}
      </h1>
      <PostList
        query={query}
        label={t("Your saved posts")}
        empty={
          <EmptyState title={t("You have not saved any posts")} home={false} as="h2">
            <p>{t("Choose Save in a post's options to find it here later.")}</p>
          </EmptyState>
        }
      />
    </div>
  );
}
