// The full-text part of search: how typed text becomes an FTS5 expression and which SQL answers a
// page. This module imports nothing, so bench/search runs these very statements against a
// million-post database (Node strips the types).

/** At most this many words of a search are used; more only slows the query down. */
const MAX_TOKENS = 8;
/** A longer "word" matches nothing anyway; cutting it keeps the expression small. */
const MAX_TOKEN_LENGTH = 64;

/**
 * Turns what a person typed into an FTS5 expression that can never be read as FTS syntax: the text
 * is cut into words the way the unicode61 tokenizer cuts it (letters, digits and combining marks),
 * and each word is quoted, so `OR`, `NEAR(`, `*`, `title:` or `"` are plain words or separators.
 * Words are ANDed. `prefix` marks each word of two or more characters as a prefix ("ali" finds
 * alice), used where names are searched. Null when there is no word at all.
 */
export function toMatchExpression(text: string, { prefix = false } = {}): string | null {
  const words = text.normalize("NFKC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, MAX_TOKEN_LENGTH).toLowerCase()))].slice(
    0,
    MAX_TOKENS,
  );
  if (unique.length === 0) return null;
  // A word has no double quote in it (it is letters and digits only), so quoting cannot be escaped.
  return unique.map((w) => (prefix && [...w].length >= 2 ? `"${w}"*` : `"${w}"`)).join(" ");
}

export interface FtsSource {
  table: "micropost_fts" | "comment_fts" | "community_fts" | "user_fts";
  /** The relevance order: bm25 with a weight per column. */
  rank: string;
  /** Names are searched as typed: each word also matches longer words it starts. */
  prefix: boolean;
}

export const FTS_SOURCES = {
  // Titles weigh more than bodies.
  posts: { table: "micropost_fts", rank: "bm25(micropost_fts, 4.0, 1.0)", prefix: false },
  comments: { table: "comment_fts", rank: "bm25(comment_fts)", prefix: false },
  // A name weighs more than a display name, which weighs more than the description.
  communities: { table: "community_fts", rank: "bm25(community_fts, 10.0, 5.0, 1.0)", prefix: true },
  users: { table: "user_fts", rank: "bm25(user_fts, 5.0, 2.0)", prefix: true },
} as const satisfies Record<string, FtsSource>;

/** Below this many matches, results are ranked by relevance; above it, newest first. */
export const RANK_LIMIT = 1000;

export type FtsOrder = "rank" | "recent";

/**
 * Ranking a very common word with bm25 scores every row that has it (about a second at a million
 * posts), so a search first counts its matches, stopping at RANK_LIMIT + 1 (?1 is the expression):
 * few matches are ranked by relevance (scoring a thousand rows takes about a millisecond), many are
 * listed newest first, which FTS5 reads straight off its index and stops after one page.
 */
export function countSql(source: FtsSource): string {
  return `SELECT count(*) AS n FROM (SELECT rowid FROM ${source.table} WHERE ${source.table} MATCH ?1 LIMIT ${RANK_LIMIT + 1})`;
}

export function orderOf(matches: number): FtsOrder {
  return matches > RANK_LIMIT ? "recent" : "rank";
}

/** One page of matching ids: ?1 the expression, ?2 the limit, ?3 the offset. */
export function pageSql(source: FtsSource, order: FtsOrder): string {
  const by = order === "rank" ? `${source.rank}, rowid DESC` : "rowid DESC";
  return `SELECT rowid AS id FROM ${source.table} WHERE ${source.table} MATCH ?1 ORDER BY ${by} LIMIT ?2 OFFSET ?3`;
}
