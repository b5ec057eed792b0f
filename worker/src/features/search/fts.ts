// The full-text part of search: a page's ids from the statement of fts-queries.ts (how typed text
// becomes an FTS5 expression: lib/fts-match.ts). This module imports only those, by relative paths,
// so bench/search runs these very statements against a million-post database (Node strips the types).

import { toTerms } from "../../lib/fts-match.ts";
import { type FtsSource, MAX_RESULTS, RANK_LIMIT, searchSql } from "./fts-queries.ts";

type FtsOrder = "rank" | "recent";

/** Runs one statement and answers its rows: D1 in the Worker, node:sqlite in the benchmark. */
export type Exec = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

export interface FoundIds {
  ids: number[];
  /** How many results the search admits to, at most MAX_RESULTS. */
  total: number;
  order: FtsOrder;
}

/**
 * The ids of one page of a search, or null when the text has no word, in one statement
 * (`searchSql`). Planned so that no search costs more than a few milliseconds at a million rows:
 *
 * 1. How many rows hold each word, counting no further than COMMON_WORD_ROWS + 1. A word nobody
 *    used means no result. bm25 reads the full list of every word it ranks (about 30 ms for "the"
 *    at a million posts), so very common words are left out of a search that has rarer ones, as
 *    search engines drop stop words; a search of common words only keeps them all and is answered
 *    newest first, without bm25.
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
  const search = searchSql(source, terms.length, exclude.length, page);
  return toFoundIds(await exec(`${search.with} ${search.result}`, [...terms, ...exclude]));
}

/** The answer of `searchSql`'s `result`: the plan's row, then the page's. */
export function toFoundIds(rows: Array<Record<string, unknown>>): FoundIds {
  const [plan, ...page] = rows;
  const matches = Number(plan?.matches ?? 0);
  const order: FtsOrder = Number(plan?.rare ?? 0) > 0 && matches <= RANK_LIMIT ? "rank" : "recent";
  if (matches === 0) return { ids: [], total: 0, order: "rank" };
  // Ranked: best score first (bm25 is lower for better), then newest; otherwise newest first.
  const hits = page.map((r) => ({ id: Number(r.id), score: r.score === null ? 0 : Number(r.score) }));
  hits.sort((a, b) => (order === "rank" ? a.score - b.score : 0) || b.id - a.id);
  return { ids: hits.map((h) => h.id), total: Math.min(matches, MAX_RESULTS), order };
}
