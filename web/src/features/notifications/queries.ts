import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Page } from "#shared/api.ts";
import { DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { apiFetch } from "#web/lib/api.ts";
import { accountKeys } from "../accounts/session";
import { nextSkip } from "../people/queries";

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
      apiFetch<Page<Notification>>("/api/v1/private/user/notification/list", {
        query: { skip: pageParam, limit: DEFAULT_PAGE_SIZE, unread: view === "unread" },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextSkip(last, pages, DEFAULT_PAGE_SIZE),
  });

/**
 * Marks one notification (or all, without an id) read. The header's count drops at once; the
 * lists refresh from the server afterwards.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) =>
      apiFetch<{ updated: number; unread_notifications: number }>("/api/v1/private/user/notification/read", {
        method: "PATCH",
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
