import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { communitySchema } from "#shared/schemas/communities.ts";
import {
  type CustomFeed,
  type CustomFeedList,
  type CustomFeedSort,
  customFeedListSchema,
  customFeedSchema,
  type FeedFieldsInput,
} from "#shared/schemas/feeds.ts";
import { type CursorPage, cursorPageSchema, type FeedItem, feedItemSchema } from "#shared/schemas/posts.ts";
import { z } from "#shared/zod-jitless.ts";
import { api } from "#web/lib/api.ts";
import { FIRST_PAGE, HIDE_READ_KEY, nextPageParam } from "#web/lib/cursor-pages.ts";

// A person's own feeds (docs/decisions/149) and marking a feed read (docs/decisions/150).

const FEED_POSTS_PAGE = 10;

const feedPageSchema = cursorPageSchema(feedItemSchema);
const communityPageSchema = cursorPageSchema(communitySchema);
/** The person's communities, as web/src/lib/community-keys.ts caches them under the same key (a page: kept whole). */
export const myCommunitiesSchema = z.looseObject({ list: z.array(communitySchema) });
const flairListSchema = z.object({
  list: z.array(z.object({ id: z.number(), name: z.string(), colour: z.string() })),
});

export const feedKeys = {
  root: ["custom-feeds"] as const,
  mine: () => [...feedKeys.root, "mine"] as const,
  one: (id: string) => [...feedKeys.root, "one", id] as const,
  posts: (id: string, sort: CustomFeedSort, viewer: string | null, hideRead: boolean) =>
    [...feedKeys.root, "posts", id, sort, viewer, hideRead ? HIDE_READ_KEY : "all"] as const,
};

export const myFeedsQueryOptions = () =>
  queryOptions({
    queryKey: feedKeys.mine(),
    queryFn: ({ signal }) =>
      api
        .get("/api/v1/private/user/feed/list", { signal })
        .then((r): CustomFeedList => customFeedListSchema.parse(r)),
  });

export const feedQueryOptions = (id: string) =>
  queryOptions({
    queryKey: feedKeys.one(id),
    queryFn: ({ signal }) =>
      api
        .get("/api/v1/feed/detail", { query: { id }, signal })
        .then((r): CustomFeed => customFeedSchema.parse(r)),
    meta: { silent: true },
  });

export const feedPostsQueryOptions = (
  id: string,
  sort: CustomFeedSort,
  viewer: string | null,
  hideRead: boolean,
) =>
  infiniteQueryOptions({
    queryKey: feedKeys.posts(id, sort, viewer, hideRead),
    queryFn: ({ pageParam, signal }) =>
      api
        .get("/api/v1/feed/micropost/list", {
          query: {
            id,
            sort: sort.toLowerCase(),
            limit: FEED_POSTS_PAGE,
            cursor: pageParam.cursor ?? undefined,
            hide_read: hideRead ? "true" : undefined,
          },
          signal,
        })
        .then((r): CursorPage<FeedItem> => feedPageSchema.parse(r)),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageParam(last, pages, FEED_POSTS_PAGE),
  });

/** Communities whose names start with what was typed, for the picker's suggestions. */
export const communitySuggestions = (prefix: string) =>
  queryOptions({
    queryKey: ["custom-feeds", "community-suggestions", prefix.toLowerCase()],
    queryFn: ({ signal }) =>
      api
        .get("/api/v1/community/list", {
          query: { name: prefix, sort: "top", limit: 8 },
          signal,
        })
        .then((r) => communityPageSchema.parse(r)),
    enabled: prefix.length > 0,
    staleTime: 60_000,
  });

/** A community's flairs, when it keeps any (none while flairs are not there). */
export const flairsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ["custom-feeds", "flairs", name.toLowerCase()],
    queryFn: async ({ signal }) => {
      try {
        return flairListSchema.parse(
          await api.get("/api/v1/community/flair/list", { query: { name }, signal }),
        ).list;
      } catch {
        return [];
      }
    },
    staleTime: 60_000,
    meta: { silent: true },
  });

export async function saveFeed(
  queryClient: QueryClient,
  id: string | null,
  fields: FeedFieldsInput,
): Promise<CustomFeed> {
  const feed = customFeedSchema.parse(
    await (id
      ? api.patch("/api/v1/private/user/feed", { body: { id, ...fields } })
      : api.post("/api/v1/private/user/feed", { body: fields })),
  );
  queryClient.setQueryData(feedKeys.one(feed.id), feed);
  await queryClient.invalidateQueries({ queryKey: feedKeys.root });
  return feed;
}

export async function deleteFeed(queryClient: QueryClient, id: string): Promise<void> {
  await api.delete("/api/v1/private/user/feed", { query: { id } });
  queryClient.setQueryData<CustomFeedList>(feedKeys.mine(), (old) =>
    old ? { list: old.list.filter((f) => f.id !== id) } : old,
  );
  queryClient.removeQueries({ queryKey: feedKeys.one(id) });
}
