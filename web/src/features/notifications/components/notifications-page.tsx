import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useLiveOpen } from "#web/lib/live-status.ts";
import { useUnread } from "#web/lib/session.ts";
import { type NotificationView, notificationsQueryOptions, useMarkRead } from "../queries";
import { NotificationRow } from "./notification-row";

/** /notifications with its unread and all views. */
export function NotificationsPage({ view }: { view: NotificationView }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(notificationsQueryOptions(view));
  const markRead = useMarkRead();
  const unread = useUnread(useLiveOpen())?.unread_notifications ?? 0;
  // One card per decision: answers written as cards of their own before decisions kept one card
  // (the newest, listed first, tells the whole story) are not shown again.
  const seen = new Set<number>();
  const items = (list.data?.pages.flatMap((p) => p.list) ?? []).filter((n) => {
    if (!n.moderation) return true;
    if (seen.has(n.moderation.id)) return false;
    seen.add(n.moderation.id);
    return true;
  });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t("Notifications")}</h1>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => markRead.mutate(undefined)}
          disabled={unread === 0 || markRead.isPending}
        >
          {t("Mark all as read")}
        </button>
      </header>
      <nav aria-label={t("Which notifications")} className="card flex px-2">
        {(["unread", "all"] as const).map((option) => (
          <Link
            key={option}
            to="/notifications"
            search={{ view: option }}
            aria-current={option === view ? "page" : undefined}
            className={`border-b-2 px-4 py-3 text-sm font-semibold ${
              option === view
                ? "border-[var(--accent)] text-[var(--text)]"
                : "border-transparent text-[var(--muted)] hover:text-[var(--text)]"
            }`}
          >
            {option === "unread" ? t("Unread") : t("All")}
            {option === "unread" && unread > 0 ? (
              <span className="ml-2 rounded-full bg-[var(--danger)] px-1.5 text-xs text-[var(--danger-text)]">
                {unread}
              </span>
            ) : null}
          </Link>
        ))}
      </nav>
      {list.isPending ? (
        <ListSkeleton rows={4} height="h-16" />
      ) : list.isError ? (
        <LoadError error={list.error} retry={list.refetch} />
      ) : items.length === 0 ? (
        <EmptyState
          title={view === "unread" ? t("You are all caught up") : t("No notifications yet")}
          home={false}
          as="h2"
        >
          {view === "unread" ? (
            <Link to="/notifications" search={{ view: "all" }} className="font-semibold text-[var(--accent)]">
              {t("See all notifications")}
            </Link>
          ) : (
            t("When someone follows you, mentions you or answers your posts, you will see it here.")
          )}
        </EmptyState>
      ) : (
        <section className="card overflow-hidden" aria-label={t("Notifications")}>
          <ul className="divide-y divide-[var(--line)]">
            {items.map((n) => (
              <NotificationRow key={n.id} notification={n} />
            ))}
          </ul>
          <InfiniteFooter query={list} />
        </section>
      )}
    </div>
  );
}
