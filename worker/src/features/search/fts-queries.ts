// The full-text statements of search: the FTS5 tables and their ranking, and the one statement
// that answers a page (fts.ts runs it and reads its rows). Like fts.ts, this module imports
// nothing, so bench/search runs these very statements with node:sqlite (Node strips the types).
// The FTS5 tables are virtual tables kept by triggers, outside the Drizzle schema.

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
const COMMON_WORD_ROWS = 5000;

/** Past any rowid: an arm of the page whose plan was chosen reads the whole index range. */
const ALL_ROWS = "9223372036854775807";

/**
 * The three steps of `findIds` as SQL that needs no answer in between, so a search and everything
 * its results show go to the database in one batch. Binds: ?1…?words the quoted words (`toTerms`),
 * then the `excluded` phrases (`toExcludedPhrase`). `with` defines `found` (one row: `matches`,
 * capped past RANK_LIMIT, and `rare`, how many words are not very common) and `hits` (the page:
 * `id`, and `score` when ranked); `result` reads both as `toFoundIds` expects. The page has two
 * arms, ranked and newest first; the arm not chosen asks FTS5 for no rowid at all, so it reads
 * nothing, and the arm chosen reads what the plan allows.
 */
export function searchSql(
  source: FtsSource,
  words: number,
  excluded: number,
  page: { skip: number; limit: number },
): { with: string; result: string } {
  const t = source.table;
  const indexes = Array.from({ length: words }, (_, i) => i);
  const count = (i: number) =>
    `(SELECT count(*) FROM (SELECT rowid FROM ${t} WHERE ${t} MATCH ?${i + 1} LIMIT ${COMMON_WORD_ROWS + 1})) AS c${i}`;
  const isRare = (i: number) => `c${i} <= ${COMMON_WORD_ROWS}`;
  const rareWords = indexes
    .map((i) => `CASE WHEN ${isRare(i)} THEN ' ' || ?${i + 1} ELSE '' END`)
    .join(" || ");
  const everyWord = indexes.map((i) => `?${i + 1}`).join(" || ' ' || ");
  const notPhrases = Array.from({ length: excluded }, (_, j) => ` || ' NOT ' || ?${words + j + 1}`).join("");
  // One word kept and nothing excluded: its count from step 1 is the number of matches.
  const single =
    excluded > 0
      ? null
      : words === 1
        ? { when: "1", n: "c0" }
        : { when: "rare = 1", n: `CASE ${indexes.map((i) => `WHEN ${isRare(i)} THEN c${i}`).join(" ")} END` };
  const counted = `(SELECT count(*) FROM (SELECT rowid FROM ${t} WHERE ${t} MATCH plan.expr LIMIT ${RANK_LIMIT + 1}))`;
  const matches = `CASE WHEN missing THEN 0${single ? ` WHEN ${single.when} THEN ${single.n}` : ""} ELSE ${counted} END`;
  const ranked = `rare > 0 AND matches <= ${RANK_LIMIT}`;
  const upTo = (chosen: string) =>
    `rowid <= (SELECT CASE WHEN matches > 0 AND ${chosen} THEN ${ALL_ROWS} ELSE -1 END FROM found)`;
  const limit = Math.trunc(Math.min(page.limit, MAX_RESULTS - page.skip));
  const skip = Math.trunc(page.skip);
  const arm = (order: string, chosen: string, score: string) =>
    `SELECT * FROM (SELECT rowid AS id, ${score} AS score FROM ${t}
       WHERE ${t} MATCH (SELECT expr FROM found) AND ${upTo(chosen)}
       ORDER BY ${order} LIMIT ${limit} OFFSET ${skip})`;
  const hits =
    limit > 0
      ? `${arm(`${source.rank}, rowid DESC`, ranked, source.rank)} UNION ALL ${arm("rowid DESC", `NOT (${ranked})`, "NULL")}`
      : "SELECT NULL AS id, NULL AS score WHERE 0";
  return {
    with: `WITH counts AS MATERIALIZED (SELECT ${indexes.map(count).join(", ")}),
      plan AS MATERIALIZED (SELECT *,
        CASE WHEN rare > 0 THEN substr(${rareWords}, 2) ELSE ${everyWord} END${notPhrases} AS expr
        FROM (SELECT *, ${indexes.map((i) => `(${isRare(i)})`).join(" + ")} AS rare,
          ${indexes.map((i) => `c${i} = 0`).join(" OR ")} AS missing FROM counts)),
      found AS MATERIALIZED (SELECT expr, rare, ${matches} AS matches FROM plan),
      hits AS (${hits})`,
    result:
      "SELECT NULL AS id, NULL AS score, matches, rare FROM found UNION ALL SELECT id, score, NULL, NULL FROM hits",
  };
}
