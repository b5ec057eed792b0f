import { z } from "zod";
import { MAX_PAGE_SIZE, SEARCH_PAGE_SIZE } from "../constants";
import { SEARCH_TYPES, type SearchType } from "../enums";

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
