import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect } from "react";
import {
  READ_BATCH_MAX,
  type ReadAll,
  type ReadAllResult,
  readAllResultSchema,
} from "#shared/schemas/feeds.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { api } from "./api";
import { HIDE_READ_KEY } from "./cursor-pages";

// What the signed-in person has read (docs/decisions/150): posts are marked read as they scroll
// past, in batches, and a READ frame from their inbox (features/live) takes them out of the lists
// this tab shows with "Hide read" on. Only lazy chunks load this (the feeds' pages, the live
// client): never the first screen.

/**
 * Posts this tab marked read as they scrolled past: the READ frame that comes back for them leaves
 * them where they are, above the reader, so the list does not jump under them (the next page read
 * from the server leaves them out).
 */
const readHere = new Set<string>();

/** Takes these posts out of every cached list shown with "Hide read" on. */
export function dropReadPosts(queryClient: QueryClient, publicIds: string[]): void {
  const read = new Set(publicIds.filter((id) => !readHere.has(id)));
  if (read.size === 0) return;
  for (const query of queryClient.getQueryCache().findAll()) {
    if (query.queryKey.at(-1) !== HIDE_READ_KEY) continue;
    queryClient.setQueryData<InfiniteData<CursorPage<FeedItem>>>(query.queryKey, (old) =>
      old?.pages
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              list: page.list.filter((item) => !read.has(item.micropost.public_id)),
            })),
          }
        : old,
    );
  }
}

/** The public id in a post's address: /c/{community}/p/{public id}/… */
function postIdOfLink(href: string): string | null {
  const match = /\/c\/[^/]+\/p\/([^/?#]+)/.exec(href);
  return match?.[1] ?? null;
}

/** How long read posts wait to go together in one request. */
const FLUSH_MS = 1_500;

/**
 * Watches the post cards of a list (each `li` of `list`) and marks a post read once its card has
 * been half on screen and then scrolled up past the top: read, not just glimpsed. Sends batches of
 * up to READ_BATCH_MAX. Answers the function that stops watching (and sends what is waiting).
 */
function trackReads(list: HTMLElement): () => void {
  const sent = new Set<string>();
  const seen = new Set<string>();
  const waiting: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    while (waiting.length) {
      const batch = waiting.splice(0, READ_BATCH_MAX);
      void api
        .post("/api/v1/private/user/micropost/read", {
          body: { public_ids: batch },
        })
        .catch(() => {
          // Marking read is a courtesy: a failed batch is tried again when its posts scroll by next time.
          for (const id of batch) sent.delete(id);
        });
    }
  };
  const idOf = (el: Element) => {
    const link = el.querySelector<HTMLAnchorElement>('a[href*="/p/"]');
    return link ? postIdOfLink(link.getAttribute("href") ?? "") : null;
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const id = idOf(entry.target);
        if (!id) continue;
        if (entry.isIntersecting) seen.add(id);
        else if (
          seen.has(id) &&
          entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0) + 1 &&
          !sent.has(id)
        ) {
          sent.add(id);
          readHere.add(id);
          waiting.push(id);
          timer ??= setTimeout(flush, FLUSH_MS);
        }
      }
    },
    { threshold: [0, 0.5] },
  );
  const watch = () => {
    for (const li of list.querySelectorAll(":scope > li")) observer.observe(li);
  };
  watch();
  // New pages add cards: watch them too.
  const added = new MutationObserver(watch);
  added.observe(list, { childList: true });
  return () => {
    added.disconnect();
    observer.disconnect();
    if (timer) clearTimeout(timer);
    flush();
  };
}

/** Marks posts read as the cards of the list inside `box` scroll up past the top, while `on`. */
export function useReadTracking(box: RefObject<HTMLElement | null>, on: boolean): void {
  useEffect(() => {
    const el = box.current;
    if (!on || !el || typeof IntersectionObserver === "undefined") return;
    let stop: (() => void) | null = null;
    const attach = () => {
      const list = el.querySelector<HTMLElement>("ul[data-testid='post-list']");
      if (list && !stop) stop = trackReads(list);
    };
    attach();
    const appears = new MutationObserver(attach);
    appears.observe(el, { childList: true, subtree: true });
    return () => {
      appears.disconnect();
      stop?.();
    };
  }, [box, on]);
}

/** `POST …/micropost/read/all`: the feed's newest unread posts are read; answers the undo token. */
export async function markAllRead(target: ReadAll): Promise<ReadAllResult> {
  return readAllResultSchema.parse(
    await api.post("/api/v1/private/user/micropost/read/all", { body: target }),
  );
}

/** Unread again what one "mark all read" marked. */
export function undoMarkAllRead(token: string): Promise<unknown> {
  return api.delete("/api/v1/private/user/micropost/read/all", { query: { token } });
}
