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
/** A search answers at most this many results (shared/src/schemas/search.ts says the same). */
export const MAX_RESULTS = 1000;
/** A word in more rows than this is "very common": "the", "and", "which" in posts. */
export const COMMON_WORD_ROWS = 5000;

export type FtsOrder = "rank" | "recent";

/** Runs one statement and answers its rows: D1 in the Worker, node:sqlite in the benchmark. */
export type Exec = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

export interface FoundIds {
  ids: number[];
  /** How many results the search admits to, at most MAX_RESULTS. */
  total: number;
  order: FtsOrder;
}

/**
 * The ids of one page of a search, or null when the text has no word. Planned so that no search
 * costs more than a few milliseconds at a million rows:
 *
 * 1. How many rows hold each word, counting no further than COMMON_WORD_ROWS + 1 (one statement).
 *    A word nobody used means no result. bm25 reads the full list of every word it ranks (about
 *    30 ms for "the" at a million posts), so very common words are left out of a search that has
 *    rarer ones, as search engines drop stop words; a search of common words only keeps them all
 *    and is answered newest first, without bm25.
 * 2. How many rows match all the words kept, counting no further than RANK_LIMIT + 1 (skipped for
 *    one word: step 1 counted it). Up to RANK_LIMIT matches are ranked by relevance (scoring a
 *    thousand rows takes a few milliseconds); more are listed newest first, which FTS5 reads
 *    straight off its index, stopping after the page.
 * 3. The page.
 */
export async function findIds(
  exec: Exec,
  source: FtsSource,
  text: string,
  page: { skip: number; limit: number },
  exclude: string[] = [],
): Promise<FoundIds | null> {
  const terms = toTerms(text, { prefix: source.prefix });
  if (terms.length === 0) return null;
  const none: FoundIds = { ids: [], total: 0, order: "rank" };
  const [counted] = await exec(termCountsSql(source, terms.length), terms);
  const rows = terms.map((_, i) => Number(counted?.[`c${i}`] ?? 0));
  if (rows.some((n) => n === 0)) return none;
  const rare = terms.filter((_, i) => rows[i]! <= COMMON_WORD_ROWS);
  const kept = rare.length > 0 ? rare : terms;
  // Left out inside the match itself, so totals, pages and offsets agree (muted phrases).
  const expression = [kept.join(" "), ...exclude.map((phrase) => `NOT ${phrase}`)].join(" ");
  let matches: number;
  if (kept.length === 1 && exclude.length === 0) matches = rows[terms.indexOf(kept[0]!)]!;
  else {
    const [all] = await exec(countSql(source), [expression]);
    matches = Number(all?.n ?? 0);
  }
  if (matches === 0) return none;
  const order: FtsOrder = rare.length === 0 || matches > RANK_LIMIT ? "recent" : "rank";
  const total = Math.min(matches, MAX_RESULTS);
  const limit = Math.min(page.limit, MAX_RESULTS - page.skip);
  if (limit <= 0) return { ids: [], total, order };
  const found = await exec(pageSql(source, order), [expression, limit, page.skip]);
  return { ids: found.map((r) => Number(r.id)), total, order };
}

/**
 * A phrase to leave out of a search, as a safe FTS5 phrase ("a b": the words next to each other),
 * with a prefix mark when it may also start longer words. Null when the phrase has no word.
 */
export function toExcludedPhrase(phrase: string, { prefix = false } = {}): string | null {
  const words = phrase.normalize("NFKC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  if (words.length === 0) return null;
  const quoted = `"${words
    .slice(0, MAX_TOKENS)
    .map((w) => w.slice(0, MAX_TOKEN_LENGTH).toLowerCase())
    .join(" ")}"`;
  return prefix ? `${quoted}*` : quoted;
}

/** The quoted words of a search, each a safe FTS5 string (see toMatchExpression). */
export function toTerms(text: string, { prefix = false } = {}): string[] {
  const expression = toMatchExpression(text, { prefix });
  return expression === null ? [] : expression.split(" ");
}

/** One row with c0, c1… : how many rows hold each word (?1, ?2…), capped past COMMON_WORD_ROWS. */
export function termCountsSql(source: FtsSource, words: number): string {
  const one = (i: number) =>
    `(SELECT count(*) FROM (SELECT rowid FROM ${source.table} WHERE ${source.table} MATCH ?${i + 1} LIMIT ${COMMON_WORD_ROWS + 1})) AS c${i}`;
  return `SELECT ${Array.from({ length: words }, (_, i) => one(i)).join(", ")}`;
}

/** How many rows match the expression (?1), capped past RANK_LIMIT. */
export function countSql(source: FtsSource): string {
  return `SELECT count(*) AS n FROM (SELECT rowid FROM ${source.table} WHERE ${source.table} MATCH ?1 LIMIT ${RANK_LIMIT + 1})`;
}

/** One page of matching ids: ?1 the expression, ?2 the limit, ?3 the offset. */
export function pageSql(source: FtsSource, order: FtsOrder): string {
  const by = order === "rank" ? `${source.rank}, rowid DESC` : "rowid DESC";
  return `SELECT rowid AS id FROM ${source.table} WHERE ${source.table} MATCH ?1 ORDER BY ${by} LIMIT ?2 OFFSET ?3`;
}
