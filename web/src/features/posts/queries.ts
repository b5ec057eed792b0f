import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { COMMUNITY_PAGE_SIZE, FEED_PAGE_SIZE } from "#shared/constants.ts";
import type { FeedOption } from "#shared/enums/feed.ts";
import { api } from "#web/lib/api.ts";
import { FIRST_PAGE, HIDE_READ_KEY, nextPageParam } from "#web/lib/cursor-pages.ts";

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
 * The home feed in pages of 4, continued from each page's cursor; without the posts the person
 * read while their "Hide read" is on (the key then ends with HIDE_READ_KEY); `all` leaves out
 * nothing for the reader's muted words (the key then ends with "all").
 */
export const feedQueryOptions = (option: FeedOption, viewer: string | null, hideRead = false, all = false) =>
  infiniteQueryOptions({
    queryKey:
      hideRead || all
        ? [...postKeys.feed(option, viewer), ...(hideRead ? [HIDE_READ_KEY] : []), ...(all ? ["all"] : [])]
        : postKeys.feed(option, viewer),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/feed", {
        query: {
          option: option.toLowerCase() as Lowercase<FeedOption>,
          skip: pageParam.skip,
          limit: FEED_PAGE_SIZE,
          cursor: pageParam.cursor,
          hide_read: hideRead ? "true" : undefined,
          show_muted: all || undefined,
        },
        signal,
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageParam(last, pages, FEED_PAGE_SIZE),
  });

export const communityPostsQueryOptions = (
  name: string,
  flairId: number | null = null,
  hideRead = false,
  all = false,
) =>
  infiniteQueryOptions({
    queryKey: [
      ...postKeys.community(name),
      ...(flairId === null ? [] : ["flair", flairId]),
      ...(hideRead ? [HIDE_READ_KEY] : []),
      ...(all ? ["all"] : []),
    ],
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/community/micropost/list", {
        query: {
          name,
          skip: pageParam.skip,
          limit: COMMUNITY_PAGE_SIZE,
          cursor: pageParam.cursor,
          flair_id: flairId ?? undefined,
          hide_read: hideRead ? "true" : undefined,
          show_muted: all || undefined,
        },
        signal,
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageParam(last, pages, COMMUNITY_PAGE_SIZE),
  });

export const postQueryOptions = (publicId: string) =>
  queryOptions({
    queryKey: postKeys.detail(publicId),
    queryFn: ({ signal }) => api.get("/api/v1/micropost", { query: { public_id: publicId }, signal }),
    // A missing post is shown as such; it is not an error to report.
    meta: { silent: true },
  });
