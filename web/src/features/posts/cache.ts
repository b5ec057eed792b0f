import type { QueryClient } from "@tanstack/react-query";
import type { Post } from "#shared/schemas/posts.ts";

// A post is cached in many places: home feeds, a community's page, its own page, a profile's list,
// search results. Every copy must show the same votes and body (CONVENTIONS: "every cached copy of
// the post shows the new count"), so these walk every cached answer that holds posts.

type Holder = { micropost: Post };

function isHolder(value: unknown): value is Holder {
  return typeof value === "object" && value !== null && "micropost" in value;
}

/** Rebuilds `data` with `edit` applied to each post in it; `null` from `edit` drops the item. */
function mapPosts(data: unknown, edit: (item: Holder) => Holder | null): unknown {
  if (typeof data !== "object" || data === null) return data;
  if ("pages" in data && Array.isArray(data.pages)) {
    const pages = data.pages.map((page) => mapPosts(page, edit));
    return pages.every((p, i) => p === (data.pages as unknown[])[i]) ? data : { ...data, pages };
  }
  if ("list" in data && Array.isArray(data.list)) {
    let changed = false;
    const list = data.list.flatMap((item: unknown) => {
      if (!isHolder(item)) return [item];
      const next = edit(item);
      if (next !== item) changed = true;
      return next ? [next] : [];
    });
    return changed ? { ...data, list } : data;
  }
  if (isHolder(data)) return edit(data) ?? data;
  return data;
}

function everywhere(queryClient: QueryClient, edit: (item: Holder) => Holder | null): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = mapPosts(data, edit);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** Changes every cached copy of one post. */
export function updateCachedPost(
  queryClient: QueryClient,
  publicId: string,
  change: (post: Post) => Post,
): void {
  everywhere(queryClient, (item) =>
    item.micropost.public_id === publicId ? { ...item, micropost: change(item.micropost) } : item,
  );
}

/** Takes a deleted post out of every cached list. */
export function removeCachedPost(queryClient: QueryClient, publicId: string): void {
  everywhere(queryClient, (item) => (item.micropost.public_id === publicId ? null : item));
}

/** The newest cached copy of a post, to act on what the screen shows. */
export function cachedPost(queryClient: QueryClient, publicId: string): Post | null {
  let found: Post | null = null;
  everywhere(queryClient, (item) => {
    if (!found && item.micropost.public_id === publicId) found = item.micropost;
    return item;
  });
  return found;
}
