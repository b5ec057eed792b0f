import { SEARCH_MAX_RESULTS } from "../../../../shared/src/schemas/search";

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

/** Below this many matches, results are ranked by relevance; above it, newest first. */
export const RANK_LIMIT = 1000;

export interface FtsPlan {
  /** How many results the search admits to (capped at SEARCH_MAX_RESULTS). */
  total: number;
  /** "rank" orders by bm25; "recent" by rowid, newest first, which FTS5 walks without sorting. */
  order: "rank" | "recent";
}

/**
 * Ranking a very common word with bm25 scores every row that has it (about a second at a million
 * posts), so the plan counts matches first, stopping at RANK_LIMIT + 1: few matches are ranked by
 * relevance (scoring a thousand rows takes about a millisecond), many are listed newest first,
 * which FTS5 reads straight off its index and stops after one page. `countSql` must select the ids
 * of the matches; it is wrapped in a capped count. bench/search measures both plans.
 */
export async function planFts(db: D1Database, countSql: string, params: unknown[]): Promise<FtsPlan> {
  const row = await db
    .prepare(`SELECT count(*) AS n FROM (${countSql} LIMIT ${RANK_LIMIT + 1})`)
    .bind(...params)
    .first<{ n: number }>();
  const n = row?.n ?? 0;
  return { total: Math.min(n, SEARCH_MAX_RESULTS), order: n > RANK_LIMIT ? "recent" : "rank" };
}
