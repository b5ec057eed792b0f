import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Page } from "#shared/api.ts";
import type { ChatLastMessage, ChatMessage, ChatThread } from "#shared/schemas/chat.ts";
import { chatKeys, markThreadDeleted } from "./queries";

// What the socket's frames do to the cached lists, so every screen shows the same thread.

type Pages<T> = InfiniteData<Page<T>, unknown>;

function mapPages<T>(
  data: Pages<T> | undefined,
  change: (list: T[]) => T[],
  delta = 0,
): Pages<T> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      list: change(page.list),
      total_list: page.total_list + delta,
    })),
  };
}

/** A new (or confirmed) message at the newest end; a repeat of a known id replaces it. */
export function addMessage(queryClient: QueryClient, publicId: string, message: ChatMessage): void {
  queryClient.setQueryData<Pages<ChatMessage>>(chatKeys.messages(publicId), (data) => {
    if (!data) return data;
    const known = data.pages.some((p) => p.list.some((m) => m.id === message.id));
    if (known) return mapPages(data, (list) => list.map((m) => (m.id === message.id ? message : m)));
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return {
      ...data,
      pages: [
        { ...first, list: [message, ...first.list], total_list: first.total_list + 1 },
        ...rest.map((p) => ({ ...p, total_list: p.total_list + 1 })),
      ],
    };
  });
  touchThread(queryClient, publicId, {
    message_type: message.message_type === "IMAGE" ? "IMAGE" : "TEXT",
    text: message.text,
    created_at: message.created_at,
  });
}

/**
 * A group's system line (someone joined or left, a new name): it joins the messages without
 * becoming the thread's preview, and the thread takes the group's new name and size.
 */
export function addSystemLine(
  queryClient: QueryClient,
  publicId: string,
  message: ChatMessage,
  group: { name: string | null; total_members: number },
): void {
  queryClient.setQueryData<Pages<ChatMessage>>(chatKeys.messages(publicId), (data) => {
    const first = data?.pages[0];
    if (!data || !first || data.pages.some((p) => p.list.some((m) => m.id === message.id))) return data;
    return { ...data, pages: [{ ...first, list: [message, ...first.list] }, ...data.pages.slice(1)] };
  });
  updateThread(queryClient, publicId, (t) => ({ ...t, ...group }), false);
}

export function removeMessage(
  queryClient: QueryClient,
  publicId: string,
  id: number,
  last: ChatLastMessage | null,
): void {
  queryClient.setQueryData<Pages<ChatMessage>>(chatKeys.messages(publicId), (data) => {
    if (!data?.pages.some((p) => p.list.some((m) => m.id === id))) return data;
    return mapPages(data, (list) => list.filter((m) => m.id !== id), -1);
  });
  // The preview falls back to the previous message, or to none; the order stays.
  updateThread(queryClient, publicId, (t) => ({ ...t, last_message: last }), false);
}

/** Someone opened the thread: they have read every message. */
export function addReader(queryClient: QueryClient, publicId: string, username: string): void {
  queryClient.setQueryData<Pages<ChatMessage>>(chatKeys.messages(publicId), (data) =>
    mapPages(data, (list) =>
      list.map((m) => (m.readers.includes(username) ? m : { ...m, readers: [...m.readers, username] })),
    ),
  );
}

/** A new message: the thread shows it and moves to the top of the list. */
function touchThread(queryClient: QueryClient, publicId: string, last: ChatLastMessage): void {
  updateThread(
    queryClient,
    publicId,
    (t) => ({ ...t, last_message: last, updated_at: last.created_at }),
    true,
  );
}

export function markThreadRead(queryClient: QueryClient, publicId: string): void {
  updateThread(queryClient, publicId, (t) => ({ ...t, total_unread_messages: 0 }), false);
}

function updateThread(
  queryClient: QueryClient,
  publicId: string,
  change: (thread: ChatThread) => ChatThread,
  toTop: boolean,
): void {
  queryClient.setQueryData<ChatThread>(chatKeys.thread(publicId), (t) => (t ? change(t) : t));
  queryClient.setQueryData<Pages<ChatThread>>(chatKeys.threads(), (data) => {
    if (!data) return data;
    let found: ChatThread | undefined;
    const pages = data.pages.map((page) => ({
      ...page,
      list: page.list.flatMap((t) => {
        if (t.public_id !== publicId) return [t];
        found = change(t);
        return toTop ? [] : [found];
      }),
    }));
    if (!found) return data;
    if (toTop && pages[0]) pages[0] = { ...pages[0], list: [found, ...pages[0].list] };
    return { ...data, pages };
  });
}

/**
 * A thread changed elsewhere (the live socket): its last message, unread count and time; a new
 * message moves it to the top. Answers false when the cached list does not hold it.
 */
export function applyThreadChange(
  queryClient: QueryClient,
  publicId: string,
  change: Pick<ChatThread, "last_message" | "total_unread_messages" | "updated_at">,
): boolean {
  const before = queryClient
    .getQueryData<Pages<ChatThread>>(chatKeys.threads())
    ?.pages.flatMap((p) => p.list)
    .find((t) => t.public_id === publicId);
  const moved = before?.last_message?.created_at !== change.last_message?.created_at;
  updateThread(queryClient, publicId, (t) => ({ ...t, ...change }), moved);
  return before !== undefined;
}

/** The thread is gone (deleted here or by the other person). */
export function dropThread(queryClient: QueryClient, publicId: string): void {
  markThreadDeleted(publicId);
  queryClient.setQueryData<Pages<ChatThread>>(chatKeys.threads(), (data) => {
    if (!data?.pages.some((p) => p.list.some((t) => t.public_id === publicId))) return data;
    return mapPages(data, (list) => list.filter((t) => t.public_id !== publicId), -1);
  });
  queryClient.removeQueries({ queryKey: chatKeys.thread(publicId) });
  queryClient.removeQueries({ queryKey: chatKeys.messages(publicId) });
  // A lookup may name this thread; the next "Message" asks again.
  queryClient.removeQueries({ queryKey: chatKeys.personalAll() });
}
