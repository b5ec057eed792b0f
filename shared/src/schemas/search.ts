import { hiddenByMutesSchema, queryBoolean, skipSchema } from "../api";
import { MAX_PAGE_SIZE, SEARCH_PAGE_SIZE } from "../constants";
import { SEARCH_TYPES, type SearchType } from "../enums";
import { z } from "../zod-jitless";
import { communitySchema } from "./communities";
import { commentSchema, type FeedItem, feedItemSchema, postSchema } from "./posts";
import { ownerSchema } from "./user";

/** Longest search text kept; the rest is dropped rather than refused (the header input stops at it too). */
export const SEARCH_QUERY_MAX = 200;
/** A search answers at most this many results, like most search engines: nobody reads page 101. */
export const SEARCH_MAX_RESULTS = 1000;

/** An unknown or missing type falls back to posts. */
export function toSearchType(value: unknown): SearchType {
  return SEARCH_TYPES.includes(value as SearchType) ? (value as SearchType) : "posts";
}

/**
 * `GET /api/v1/search`. Nothing the user types is refused: over-long text is cut, a strange type
 * falls back to posts. Only paging that makes no sense (a negative skip, or past SKIP_MAX) is a 422.
 */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((q) => (q ?? "").slice(0, SEARCH_QUERY_MAX)),
  type: z.string().optional().transform(toSearchType),
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  /** Leave out nothing for the caller's muted words. */
  show_muted: queryBoolean.optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

// What a search answers: search_type and list. Post results carry
// community, owner and micropost (in the feed's shapes, so the same cards show them); comment
// results also the comment; users and communities are the person or the community, with the
// caller's relation.

/** A post found by a search, or listed on a profile: the feed's item (owner, community, micropost). */
export const postItemSchema = feedItemSchema;
export type PostItem = FeedItem;

/** A comment found by a search: its author as `owner`, and the post it belongs to. */
export const commentItemSchema = z.object({
  owner: ownerSchema,
  community: communitySchema,
  micropost: postSchema,
  comment: commentSchema,
});
export type CommentItem = z.infer<typeof commentItemSchema>;

/** A person in a list, with whether the caller follows them (the list's Follow buttons). */
export const personItemSchema = z.object({ owner: ownerSchema, is_following: z.boolean() });
export type PersonItem = z.infer<typeof personItemSchema>;

export const communityItemSchema = z.object({ community: communitySchema });
export type CommunityItem = z.infer<typeof communityItemSchema>;

const resultPage = <K extends SearchType, T extends z.ZodType>(type: K, item: T) =>
  z.object({
    search_type: z.literal(type),
    list: z.array(item),
    total_list: z.number().int(),
    total_pages: z.number().int(),
    hidden_by_mutes: hiddenByMutesSchema,
  });

export const searchResultSchema = z.discriminatedUnion("search_type", [
  resultPage("posts", postItemSchema),
  resultPage("comments", commentItemSchema),
  resultPage("communities", communityItemSchema),
  resultPage("users", personItemSchema),
]);
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * `GET /api/v1/private/user/suggestions`: a few communities the caller has not joined and people
 * they do not follow, the most followed first (the welcome step and the empty feeds).
 */
export const suggestionsSchema = z.object({
  communities: z.array(communitySchema),
  users: z.array(personItemSchema),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
