import { z } from "zod";
import { MAX_PAGE_SIZE, SEARCH_PAGE_SIZE } from "../constants";
import { MEDIA_KINDS, POST_TYPES, SEARCH_TYPES, type SearchType } from "../enums";
import { ownerSchema } from "./user";

/** Longest search text kept; the rest is dropped rather than refused (the header input stops at it too). */
export const SEARCH_QUERY_MAX = 200;
/** A search answers at most this many results, like most search engines: nobody reads page 101. */
export const SEARCH_MAX_RESULTS = 1000;

/** An unknown or missing type falls back to posts (part 1 §2). */
export function toSearchType(value: unknown): SearchType {
  return SEARCH_TYPES.includes(value as SearchType) ? (value as SearchType) : "posts";
}

/**
 * `GET /api/v1/search`. Nothing the user types is refused: over-long text is cut, a strange type
 * falls back to posts. Only paging that makes no sense (a negative skip) is a 422.
 */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((q) => (q ?? "").slice(0, SEARCH_QUERY_MAX)),
  type: z.string().optional().transform(toSearchType),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

// What a search answers (part 1 §3 "Main search result": search_type, list). Post results carry
// community, owner and micropost; comment results also the comment; users and communities are
// the person or the community, with the caller's relation.

/** A community as lists show it (part 1 §3 Community). `user_membership` is null for non-members. */
export const communityCardSchema = z.object({
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  is_verified: z.boolean(),
  created_at: z.string(),
  total_members: z.number().int(),
  user_membership: z.object({ role: z.string() }).nullable(),
});
export type CommunityCard = z.infer<typeof communityCardSchema>;

/** A micropost as lists show it (part 1 §3 and part 2 §3 Micropost). */
export const micropostCardSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  post_type: z.enum(POST_TYPES),
  user_file_list: z.array(z.object({ file: z.string(), file_type: z.enum(MEDIA_KINDS) })),
  is_pinned: z.boolean(),
  total_micropost_votes: z.number().int(),
  total_micropost_comments: z.number().int(),
  user_voted: z.boolean(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type MicropostCard = z.infer<typeof micropostCardSchema>;

export const postItemSchema = z.object({
  owner: ownerSchema,
  community: communityCardSchema,
  micropost: micropostCardSchema,
});
export type PostItem = z.infer<typeof postItemSchema>;

export const commentItemSchema = postItemSchema.extend({
  comment: z.object({
    public_id: z.string(),
    body: z.string(),
    depth: z.number().int(),
    created_at: z.string(),
    /** The single-comment view of this comment. */
    link: z.string(),
  }),
});
export type CommentItem = z.infer<typeof commentItemSchema>;

/** A person in a list, with whether the caller follows them (the list's Follow buttons). */
export const personItemSchema = z.object({ owner: ownerSchema, is_following: z.boolean() });
export type PersonItem = z.infer<typeof personItemSchema>;

export const communityItemSchema = z.object({ community: communityCardSchema });
export type CommunityItem = z.infer<typeof communityItemSchema>;

const resultPage = <T extends z.ZodType>(type: SearchType, item: T) =>
  z.object({
    search_type: z.literal(type),
    list: z.array(item),
    total_list: z.number().int(),
    total_pages: z.number().int(),
  });

export const searchResultSchema = z.discriminatedUnion("search_type", [
  resultPage("posts", postItemSchema),
  resultPage("comments", commentItemSchema),
  resultPage("communities", communityItemSchema),
  resultPage("users", personItemSchema),
]);
export type SearchResult = z.infer<typeof searchResultSchema>;
