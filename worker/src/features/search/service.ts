import { toPage } from "#shared/api.ts";
import type { SearchType } from "#shared/enums.ts";
import type { SearchResult } from "#shared/schemas/search.ts";
import type { Db } from "#worker/db/client.ts";
import { type Exec, FTS_SOURCES, findIds } from "./fts";
import { loadCommentItems, loadCommunityItems, loadPersonItems, loadPostItems } from "./items";

export interface SearchInput {
  q: string;
  type: SearchType;
  skip: number;
  limit: number;
  viewerId: number | null;
}

/** Where the author of a match is, to leave out people the viewer blocked or who blocked them. */
const OWNER: Record<SearchType, { table: "microposts" | "comments" } | "self" | null> = {
  posts: { table: "microposts" },
  comments: { table: "comments" },
  communities: null,
  users: "self",
};

/**
 * `GET /api/v1/search`: one page of one type. Few matches are ranked by relevance, many are listed
 * newest first, very common words give way to rarer ones (see findIds), so no search keeps the
 * database busy. The queries
 * read the FTS index alone; people who blocked the viewer, or whom the viewer blocked, are then
 * left out of the page (a page can hold fewer than `limit` results; the total still counts them).
 */
export async function search(db: Db, input: SearchInput): Promise<SearchResult> {
  const empty = { search_type: input.type, ...toPage([], 0, input.limit) } as SearchResult;
  const source = FTS_SOURCES[input.type];
  const owner = OWNER[input.type];
  const exec: Exec = async (sql, params) =>
    (
      await db.$client
        .prepare(sql)
        .bind(...params)
        .all<Record<string, unknown>>()
    ).results;
  const [found, blocked] = await Promise.all([
    findIds(exec, source, input.q, input),
    owner && input.viewerId !== null ? blockedAround(db, input.viewerId) : new Set<number>(),
  ]);
  // "Find More" opens the community search with no text: it lists communities, biggest first.
  if (found === null) return input.type === "communities" ? browseCommunities(db, input) : empty;
  if (found.total === 0) return empty;
  const ids = await withoutBlocked(db, found.ids, owner, blocked);
  const page = toPage([], found.total, input.limit);
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

/** Everyone the viewer blocked, and everyone who blocked the viewer (usually nobody). */
async function blockedAround(db: Db, viewerId: number): Promise<Set<number>> {
  const { results } = await db.$client
    .prepare(
      "SELECT blocked_id AS id FROM blocks WHERE blocker_id = ?1 UNION SELECT blocker_id FROM blocks WHERE blocked_id = ?1",
    )
    .bind(viewerId)
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

async function withoutBlocked(
  db: Db,
  ids: number[],
  owner: (typeof OWNER)[SearchType],
  blocked: Set<number>,
): Promise<number[]> {
  if (blocked.size === 0 || ids.length === 0 || owner === null) return ids;
  if (owner === "self") return ids.filter((id) => !blocked.has(id));
  // ids are integers from our own index, never from the client.
  const { results } = await db.$client
    .prepare(`SELECT id, owner_id AS owner FROM ${owner.table} WHERE id IN (${ids.join(",")})`)
    .all<{ id: number; owner: number }>();
  const hidden = new Set(results.filter((r) => blocked.has(r.owner)).map((r) => r.id));
  return ids.filter((id) => !hidden.has(id));
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
