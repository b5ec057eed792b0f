import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { type CustomFeed, FEEDS_MAX } from "#shared/schemas/feeds.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { handleApiError } from "#web/lib/errors.ts";
import { deleteFeed, myFeedsQueryOptions } from "../api";

/** Copies a public feed's address, or says where to find it when the clipboard is refused. */
export async function shareFeed(
  feed: CustomFeed,
  t: (key: string, vars?: Record<string, unknown>) => string,
) {
  const url = `${location.origin}${feed.link}`;
  try {
    await navigator.clipboard.writeText(url);
    showSnackbar({ message: t("Link copied"), variant: "success" });
  } catch {
    showSnackbar({ message: url });
  }
}

/** /feeds: the person's own feeds, each to open, share (public ones), edit or delete. */
export function FeedsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feeds = useQuery(myFeedsQueryOptions());
  const list = feeds.data?.list ?? [];

  const remove = async (feed: CustomFeed) => {
    const ok = await confirm({
      title: t("Delete feed"),
      message: t("Delete the feed {{name}}? This cannot be undone.", { name: feed.name }),
      confirmLabel: t("Delete"),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteFeed(queryClient, feed.id);
      showSnackbar({ message: t("Feed deleted"), variant: "success" });
    } catch (error) {
      handleApiError(error);
    }
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-3">
      <div className="card flex flex-wrap items-center justify-between gap-3 p-4">
        <div>
          <h1 className="text-xl font-semibold">{t("Your feeds")}</h1>
          <p className="text-sm text-[var(--muted)]">
            {t("Mix communities and people into feeds of your own ({{count}} of {{max}}).", {
              count: list.length,
              max: FEEDS_MAX,
            })}
          </p>
        </div>
        {list.length < FEEDS_MAX ? (
          <Link to="/feeds/new" className="btn btn-primary" data-testid="new-feed">
            {t("New feed")}
          </Link>
        ) : null}
      </div>
      {feeds.isPending ? (
        <ListSkeleton rows={2} height="h-20" />
      ) : feeds.isError ? (
        <LoadError error={feeds.error} retry={feeds.refetch} />
      ) : list.length === 0 ? (
        <EmptyState title={t("No feeds yet")} home={false} as="h2">
          <p>{t("A feed gathers the communities and people you choose, sorted like the home feed.")}</p>
          <Link to="/feeds/new" className="btn btn-primary mt-4">
            {t("Make your first feed")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("Your feeds")} data-testid="feed-list">
          {list.map((feed) => (
            <li key={feed.id} className="card flex flex-col gap-2 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  <Link to="/feeds/$id" params={{ id: feed.id }} className="hover:underline">
                    {feed.name}
                  </Link>
                </h2>
                <span className="text-xs text-[var(--muted)]">
                  {feed.is_public ? t("Public") : t("Private")}
                </span>
              </div>
              {feed.description ? <p className="text-sm">{feed.description}</p> : null}
              <p className="text-sm text-[var(--muted)]">
                {t("{{communities}} communities · {{people}} people", {
                  communities: feed.communities.length,
                  people: feed.people.length,
                })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Link to="/feeds/$id/edit" params={{ id: feed.id }} className="btn btn-outline px-3 py-1.5">
                  {t("Edit")}
                  <span className="sr-only"> {feed.name}</span>
                </Link>
                {feed.is_public ? (
                  <button
                    type="button"
                    className="btn btn-outline px-3 py-1.5"
                    onClick={() => void shareFeed(feed, t)}
                  >
                    {t("Copy link")}
                    <span className="sr-only"> {feed.name}</span>
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-outline px-3 py-1.5 text-[var(--danger)]"
                  onClick={() => void remove(feed)}
                >
                  {t("Delete")}
                  <span className="sr-only"> {feed.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
