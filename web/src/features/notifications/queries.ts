import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { Page } from "#shared/api.ts";
import { DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { api } from "#web/lib/api.ts";
import { nextSkip } from "#web/lib/offset-pages.ts";
import { accountKeys } from "#web/lib/session.ts";

export type NotificationView = "unread" | "all";

// Every query here is `meta: { silent: true }`: its screen shows a failure itself (with a retry),
// so the generic red notice would only repeat it.

export const notificationKeys = {
  root: ["notifications"] as const,
  list: (view: NotificationView) => [...notificationKeys.root, view] as const,
};

export const notificationsQueryOptions = (view: NotificationView) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(view),
    meta: { silent: true },
    queryFn: ({ pageParam }) =>
      api.get("/api/v1/private/user/notification/list", {
        query: { skip: pageParam, limit: DEFAULT_PAGE_SIZE, unread: view === "unread" },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, DEFAULT_PAGE_SIZE),
  });

/**
 * A notification that just arrived on the live socket, which the server says its lists show as
 * they are (the person mutes no phrase): put at the top of both lists already on hand, as a fetch
 * would now return them, with no request. Loaded pages keep their size, so the next page's skip
 * still lines up: the item a full last page pushes out comes with the next fetch.
 */
export function showArrived(queryClient: QueryClient, notification: Notification): void {
  for (const view of ["all", "unread"] as const)
    queryClient.setQueryData<InfiniteData<Page<Notification>, number>>(
      notificationKeys.list(view),
      (data) => data && withArrived(data, notification, DEFAULT_PAGE_SIZE),
    );
}

/**
 * `data` with `notification` first, pages cut again to `limit` items. A card that is already listed
 * and has changed (a decision's card when its appeal is answered) moves up with what it says now;
 * one that has not changed leaves the data as it was.
 */
export function withArrived(
  data: InfiniteData<Page<Notification>, number>,
  notification: Notification,
  limit: number,
): InfiniteData<Page<Notification>, number> {
  const listed = data.pages.flatMap((page) => page.list);
  const known = listed.find((n) => n.id === notification.id);
  if (known && known.created_at === notification.created_at && known.is_read === notification.is_read)
    return data;
  const items = [notification, ...listed.filter((n) => n.id !== notification.id)];
  const total = (data.pages[0]?.total_list ?? 0) + (known ? 0 : 1);
  return {
    ...data,
    pages: data.pages.map((_, i) => ({
      list: items.slice(i * limit, (i + 1) * limit),
      total_list: total,
      total_pages: Math.ceil(total / limit),
    })),
  };
}

/**
 * Marks one notification (or all, without an id) read. The header's count drops at once; the
 * lists refresh from the server afterwards.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) =>
      api.patch("/api/v1/private/user/notification/read", {
        query: { id },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<UnreadData>(accountKeys.unread(), (data) =>
        data
          ? {
              ...data,
              unread_notifications: answer.unread_notifications,
              total_unread: answer.unread_notifications + data.unread_chat_threads,
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.root });
    },
  });
}
