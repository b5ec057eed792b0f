import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { FEED_PAGE_SIZE } from "#shared/constants.ts";
import type { FeedOption } from "#shared/enums/feed.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { apiFetch } from "#web/lib/api.ts";

export const postKeys = {
  root: ["posts"] as const,
  feeds: () => [...postKeys.root, "feed"] as const,
  feed: (option: FeedOption, viewer: string | null) => [...postKeys.feeds(), option, viewer] as const,
  community: (name: string) => [...postKeys.root, "community", name.toLowerCase()] as const,
  detail: (publicId: string) => [...postKeys.root, "detail", publicId] as const,
  comments: (postId: string) => [...postKeys.root, "comments", postId] as const,
  thread: (postId: string, commentId: string | null) =>
    [...postKeys.comments(postId), commentId ?? "all"] as const,
};

/**
 * Where the next page starts: the offset of the first page, then the cursor that lets the API skip
 * reading the rows before it. With a cursor the offset is not needed (the API bounds it at
 * SKIP_MAX), so however far a reader scrolls, only the cursor moves.
 */
export interface PageParam {
  skip: number;
  cursor: string | null;
}
export const FIRST: PageParam = { skip: 0, cursor: null };

export function nextParam<T>(
  last: CursorPage<T>,
  _pages: Array<CursorPage<T>>,
  _limit: number,
): PageParam | undefined {
  if (!last.next_cursor || last.list.length === 0) return undefined;
  return { skip: 0, cursor: last.next_cursor };
}

/** The home feed in pages of 4, continued from each page's cursor. */
export const feedQueryOptions = (option: FeedOption, viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(option, viewer),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<CursorPage<FeedItem>>("/api/v1/feed", {
        query: {
          option: option.toLowerCase(),
          skip: pageParam.skip,
          limit: FEED_PAGE_SIZE,
          cursor: pageParam.cursor,
        },
        signal,
      }),
    initialPageParam: FIRST,
    getNextPageParam: (last, pages) => nextParam(last, pages, FEED_PAGE_SIZE),
  });

const COMMUNITY_PAGE_SIZE = 8;

export const communityPostsQueryOptions = (name: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.community(name),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<CursorPage<FeedItem>>("/api/v1/community/micropost/list", {
        query: { name, skip: pageParam.skip, limit: COMMUNITY_PAGE_SIZE, cursor: pageParam.cursor },
        signal,
      }),
    initialPageParam: FIRST,
    getNextPageParam: (last, pages) => nextParam(last, pages, COMMUNITY_PAGE_SIZE),
  });

export const postQueryOptions = (publicId: string) =>
  queryOptions({
    queryKey: postKeys.detail(publicId),
    queryFn: ({ signal }) =>
      apiFetch<FeedItem>("/api/v1/micropost", { query: { public_id: publicId }, signal }),
    // A missing post is shown as such; it is not an error to report.
    meta: { silent: true },
  });
