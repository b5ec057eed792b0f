import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "#web/lib/api.ts";
import { FIRST_PAGE, nextPageParam } from "#web/lib/cursor-pages.ts";
import { postKeys } from "./queries";

const COMMENT_PAGE_SIZE = 10;

/** A post's comment tree, or one comment's thread when `commentId` is given. */
export const commentsQueryOptions = (postId: string, commentId: string | null) =>
  infiniteQueryOptions({
    queryKey: postKeys.thread(postId, commentId),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/micropost/comment/list", {
        query: {
          post_public_id: postId,
          comment_public_id: commentId,
          skip: pageParam.skip,
          limit: COMMENT_PAGE_SIZE,
          cursor: pageParam.cursor,
        },
        signal,
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageParam(last, pages, COMMENT_PAGE_SIZE),
    meta: { silent: true },
  });
