import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import type { ChatThread } from "#shared/schemas/chat.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { handleApiError } from "#web/lib/errors.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useLiveOpen } from "#web/lib/live-status.ts";
import { isGroup, otherParticipant, threadTitle } from "../people";
import { THREAD_LIST_POLL_MS, threadListQueryOptions } from "../queries";
import { formatShortAgo } from "../short-ago";
import { useLoadMore } from "../use-load-more";
import { NewChatIcon } from "./chat-icons";
import { GroupAvatar } from "./group-avatar";
import { WithPresence } from "./presence-dot";

/** Chat home's list: newest activity first, unread counts, "No Chats" when empty. */
export function ThreadList({ myUsername, activeId }: { myUsername: string; activeId?: string }) {
  const { t } = useTranslation();
  // While the live socket is open it moves threads and counts: no timed refetch then.
  const live = useLiveOpen();
  const query = useInfiniteQuery({
    ...threadListQueryOptions(),
    refetchInterval: live ? false : THREAD_LIST_POLL_MS,
    refetchOnWindowFocus: !live,
  });
  const sentinel = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useLoadMore(sentinel, loadMore, Boolean(hasNextPage));

  useEffect(() => {
    if (query.error) handleApiError(query.error);
  }, [query.error]);

  if (query.isPending)
    return (
      <div className="grid min-h-40 place-items-center" aria-busy="true">
        <Spinner label={t("Loading chats...")} />
      </div>
    );
  const threads = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (threads.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-12 text-center" data-testid="no-chats">
        <span className="grid size-12 place-items-center rounded-full bg-[var(--surface-strong)] text-[var(--muted)]">
          <NewChatIcon />
        </span>
        <p className="font-semibold">{t("No Chats")}</p>
        <p className="text-sm text-[var(--muted)]">{t("Start a conversation with someone on Agora.")}</p>
        <Link to="/chat/thread/new" className="btn btn-primary">
          {t("New chat")}
        </Link>
      </div>
    );
  return (
    <ul aria-label={t("Chats")} className="flex flex-col" data-testid="thread-list">
      {threads.map((thread) => (
        <ThreadListItem
          key={thread.public_id}
          thread={thread}
          myUsername={myUsername}
          active={thread.public_id === activeId}
        />
      ))}
      <li ref={sentinel} aria-hidden="true" className="h-px" />
      {isFetchingNextPage ? (
        <li className="grid place-items-center py-3">
          <Spinner label={t("Loading more...")} size={20} />
        </li>
      ) : null}
    </ul>
  );
}

function ThreadListItem({
  thread,
  myUsername,
  active,
}: {
  thread: ChatThread;
  myUsername: string;
  active: boolean;
}) {
  const { t } = useTranslation();
  const other = otherParticipant(thread, myUsername);
  const unread = thread.total_unread_messages;
  const last = thread.last_message;
  const group = isGroup(thread);
  const title = threadTitle(thread, myUsername);
  const preview = thread.left
    ? t("You are no longer in this group")
    : !last
      ? t("No message here yet")
      : last.message_type === "IMAGE"
        ? `📷 ${t("Photo")}`
        : (last.text ?? "");
  return (
    <li>
      <Link
        to="/chat/thread/$publicId"
        params={{ publicId: thread.public_id }}
        aria-current={active ? "page" : undefined}
        className={`flex items-center gap-3 border-b border-[var(--line)] px-3 py-3 outline-none hover:bg-[var(--hover)] focus-visible:bg-[var(--hover)] ${
          active ? "bg-[var(--surface-strong)]" : ""
        }`}
        data-testid="thread-item"
      >
        {group ? (
          <GroupAvatar name={title} />
        ) : (
          <WithPresence username={other.username}>
            <Avatar src={other.profile_image} name={other.username} size={44} />
          </WithPresence>
        )}
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={`min-w-0 truncate ${unread ? "font-bold" : "font-semibold"}`}>
              {title}
              {group ? (
                <span className="sr-only"> · {t("Group of {{count}}", { count: thread.total_members })}</span>
              ) : null}
            </span>
            <time
              dateTime={new Date(thread.updated_at).toISOString()}
              title={formatDateTime(thread.updated_at)}
              className="ml-auto shrink-0 text-xs text-[var(--muted)]"
            >
              {formatShortAgo(thread.updated_at)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span
              className={`line-clamp-2 wrap-anywhere text-sm ${unread ? "text-[var(--text)]" : "text-[var(--muted)]"} ${last && !thread.left ? "" : "italic"}`}
              data-testid="thread-preview"
            >
              {preview}
            </span>
            {unread > 0 ? (
              <span
                className="ml-auto min-w-5 shrink-0 rounded-full bg-[var(--accent)] px-1.5 text-center text-xs font-bold text-[var(--accent-text)]"
                data-testid="thread-unread"
              >
                <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
                <span className="sr-only">{t("Unread messages: {{unread}}", { unread })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
