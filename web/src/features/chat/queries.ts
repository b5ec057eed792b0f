import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Page } from "#shared/api.ts";
import { CHAT_PAGE_SIZE } from "#shared/constants.ts";
import { nextOffset } from "#shared/paging.ts";
import { api } from "#web/lib/api.ts";

const CHAT = "/api/v1/private/user/chat";

export const chatKeys = {
  root: ["chat"] as const,
  threads: () => [...chatKeys.root, "threads"] as const,
  thread: (publicId: string) => [...chatKeys.root, "thread", publicId] as const,
  messages: (publicId: string) => [...chatKeys.root, "messages", publicId] as const,
  /** Every lookup of a pair's thread by username: dropped when a thread goes. */
  personalAll: () => [...chatKeys.root, "personal"] as const,
  personal: (username: string) => [...chatKeys.personalAll(), username] as const,
  userSearch: (username: string) => [...chatKeys.root, "user-search", username] as const,
  preview: (link: string) => [...chatKeys.root, "preview", link] as const,
};

/** The next `skip` of an offset-paged list, or undefined at the end (or past SKIP_MAX). */
function nextSkip<T>(last: Page<T>, pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return nextOffset(loaded, last.total_list, last.list.length);
}

/** How often the thread list is asked for again when no live socket is open. */
export const THREAD_LIST_POLL_MS = 20_000;

/** The caller's threads, newest activity first; refreshed now and then for new messages. */
export const threadListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.threads(),
    queryFn: ({ pageParam, signal }) =>
      api.get(`${CHAT}/thread/list`, {
        query: { skip: pageParam, limit: CHAT_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    refetchInterval: THREAD_LIST_POLL_MS,
    refetchOnWindowFocus: true,
  });

/**
 * Threads deleted while this page was open. Their view may render once more before the page
 * leaves it; it must not ask for what is gone (a 404 whose notice would hide "This chat was deleted").
 */
const deletedThreads = new Set<string>();

export function markThreadDeleted(publicId: string): void {
  deletedThreads.add(publicId);
}

const notDeleted = (publicId: string) => () => !deletedThreads.has(publicId);

export const threadQueryOptions = (publicId: string) =>
  queryOptions({
    queryKey: chatKeys.thread(publicId),
    queryFn: ({ signal }) => api.get(`${CHAT}/thread`, { query: { public_id: publicId }, signal }),
    enabled: notDeleted(publicId),
    retry: false,
  });

/** A thread's messages, newest first page by page (the view shows them oldest first). */
export const messageListQueryOptions = (publicId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(publicId),
    queryFn: ({ pageParam, signal }) =>
      api.get(`${CHAT}/thread/message/list`, {
        query: { public_id: publicId, skip: pageParam, limit: CHAT_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    enabled: notDeleted(publicId),
    retry: false,
    // The socket keeps the list current while the thread is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The thread with a person, or null before the first message creates it, and the person (ADR 044).
 * Its refusals ("The user does not exist"…) are shown by the screen that asked.
 */
export const personalThreadQueryOptions = (username: string) =>
  queryOptions({
    queryKey: chatKeys.personal(username),
    queryFn: ({ signal }) => api.get(`${CHAT}/thread/personal`, { query: { username }, signal }),
    retry: false,
    staleTime: 30_000,
    meta: { silent: true },
  });

export const userSearchQueryOptions = (username: string) =>
  queryOptions({
    queryKey: chatKeys.userSearch(username),
    queryFn: ({ signal }) =>
      api.get(`${CHAT}/user/list`, {
        query: { username, skip: 0, limit: CHAT_PAGE_SIZE },
        signal,
      }),
    enabled: username.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const webpagePreviewQueryOptions = (link: string) =>
  queryOptions({
    queryKey: chatKeys.preview(link),
    queryFn: ({ signal }) => api.get("/api/webpage-preview", { query: { link }, signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function fetchSocketToken(publicId: string): Promise<string> {
  return api
    .post(`${CHAT}/websocket/auth`, {
      query: { public_id: publicId },
    })
    .then((r) => r.access_token);
}
