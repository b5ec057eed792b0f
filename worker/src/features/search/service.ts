import { toPage } from "../../../../shared/src/api";
import type { SearchType } from "../../../../shared/src/enums";
import { SEARCH_MAX_RESULTS, type SearchResult } from "../../../../shared/src/schemas/search";
import type { Db } from "../../db/client";
import { type FtsPlan, planFts, toMatchExpression } from "./fts";
import { loadCommentItems, loadCommunityItems, loadPersonItems, loadPostItems } from "./items";

export interface SearchInput {
  q: string;
  type: SearchType;
  skip: number;
  limit: number;
  viewerId: number | null;
}

// People who blocked the viewer, and people the viewer blocked, do not show up in the viewer's
// searches, nor does what they wrote. ?2 is the viewer (0 for a visitor, who blocks nobody).
const NOT_BLOCKED = (ownerColumn: string) =>
  `${ownerColumn} NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?2
                          UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ?2)`;

/** Each type's matching ids: ?1 is the match expression, ?2 the viewer where `viewer` is set. */
const SOURCES: Record<SearchType, { matches: string; rank: string; prefix: boolean; viewer: boolean }> = {
  // Titles weigh more than bodies.
  posts: {
    matches: `SELECT f.rowid AS id FROM micropost_fts f JOIN microposts m ON m.id = f.rowid
              WHERE micropost_fts MATCH ?1 AND ${NOT_BLOCKED("m.owner_id")}`,
    rank: "bm25(micropost_fts, 4.0, 1.0)",
    prefix: false,
    viewer: true,
  },
  comments: {
    matches: `SELECT f.rowid AS id FROM comment_fts f JOIN comments c ON c.id = f.rowid
              WHERE comment_fts MATCH ?1 AND ${NOT_BLOCKED("c.owner_id")}`,
    rank: "bm25(comment_fts)",
    prefix: false,
    viewer: true,
  },
  // A name weighs more than a display name, which weighs more than the description.
  communities: {
    matches: "SELECT f.rowid AS id FROM community_fts f WHERE community_fts MATCH ?1",
    rank: "bm25(community_fts, 10.0, 5.0, 1.0)",
    prefix: true,
    viewer: false,
  },
  users: {
    matches: `SELECT f.rowid AS id FROM user_fts f WHERE user_fts MATCH ?1 AND ${NOT_BLOCKED("f.rowid")}`,
    rank: "bm25(user_fts, 5.0, 2.0)",
    prefix: true,
    viewer: true,
  },
};

/**
 * `GET /api/v1/search`: one page of one type. Few matches are ranked by relevance; a very common
 * word is answered newest first (see planFts), so no search keeps the database busy.
 */
export async function search(db: Db, input: SearchInput): Promise<SearchResult> {
  const empty = { search_type: input.type, ...toPage([], 0, input.limit) } as SearchResult;
  const source = SOURCES[input.type];
  const match = toMatchExpression(input.q, { prefix: source.prefix });
  if (match === null) {
    // "Find More" opens the community search with no text: it lists communities, biggest first.
    return input.type === "communities" ? browseCommunities(db, input) : empty;
  }
  if (input.skip >= SEARCH_MAX_RESULTS) return empty;

  const params = source.viewer ? [match, input.viewerId ?? 0] : [match];
  const plan: FtsPlan = await planFts(db.$client, source.matches, params);
  if (plan.total === 0) return empty;
  const order = plan.order === "rank" ? `${source.rank}, f.rowid DESC` : "f.rowid DESC";
  const limit = Math.min(input.limit, SEARCH_MAX_RESULTS - input.skip);
  const { results } = await db.$client
    .prepare(`${source.matches} ORDER BY ${order} LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`)
    .bind(...params, limit, input.skip)
    .all<{ id: number }>();
  const ids = results.map((r) => r.id);
  const page = toPage([], plan.total, input.limit);
  switch (input.type) {
    case "posts":
      return { ...page, search_type: "posts", list: await loadPostItems(db, ids, input.viewerId) };
    case "comments":
      return { ...page, search_type: "comments", list: await loadCommentItems(db, ids, input.viewerId) };
    case "communities":
      return {
        ...page,
        search_type: "communities",
        list: await loadCommunityItems(db, ids, input.viewerId),
      };
    case "users":
      return { ...page, search_type: "users", list: await loadPersonItems(db, ids, input.viewerId) };
  }
}

async function browseCommunities(db: Db, input: SearchInput): Promise<SearchResult> {
  const [rows, count] = await db.$client.batch<{ id: number; n: number }>([
    db.$client
      .prepare("SELECT id FROM communities ORDER BY total_members DESC, id DESC LIMIT ?1 OFFSET ?2")
      .bind(input.limit, input.skip),
    db.$client.prepare("SELECT count(*) AS n FROM communities"),
  ]);
  const ids = (rows?.results ?? []).map((r) => r.id);
  const total = count?.results[0]?.n ?? 0;
  return {
    ...toPage([], total, input.limit),
    search_type: "communities",
    list: await loadCommunityItems(db, ids, input.viewerId),
  };
}
