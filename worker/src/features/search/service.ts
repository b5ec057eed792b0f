import { toPage } from "#shared/api.ts";
import type { SearchType } from "#shared/enums.ts";
import type { CommentItem, SearchResult } from "#shared/schemas/search.ts";
import { comments } from "#worker/db/schema/index.ts";
import { columnsOf, idList, rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { ownerMap, ownerWithId } from "#worker/lib/owners.ts";
import { loadCommunityItems } from "../communities/service";
import { activeMutes } from "../muted-words/service";
import { loadPersonItems } from "../people/service";
import { loadPostItemMap, loadPostItems } from "../posts/feed";
import { toComment } from "../posts/json";
import { type Exec, FTS_SOURCES, findIds, toExcludedPhrase } from "./fts";

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
export async function search(deps: Deps, input: SearchInput): Promise<SearchResult> {
  const empty = { search_type: input.type, ...toPage([], 0, input.limit) } as SearchResult;
  const source = FTS_SOURCES[input.type];
  const owner = OWNER[input.type];
  const exec: Exec = (sql, binds) => deps.db.all({ sql, binds });
  const exclude = owner === null || owner === "self" ? [] : await excludedPhrases(deps, input.viewerId);
  const [found, blocked] = await Promise.all([
    findIds(exec, source, input.q, input, exclude),
    owner && input.viewerId !== null ? blockedAround(deps, input.viewerId) : new Set<number>(),
  ]);
  // "Find More" opens the community search with no text: it lists communities, biggest first.
  if (found === null) return input.type === "communities" ? browseCommunities(deps, input) : empty;
  if (found.total === 0) return empty;
  const ids = await withoutBlocked(deps, found.ids, owner, blocked);
  const page = toPage([], found.total, input.limit);
  switch (input.type) {
    case "posts":
      return { ...page, search_type: "posts", list: await loadPostItems(deps, ids, input.viewerId) };
    case "comments":
      return { ...page, search_type: "comments", list: await loadCommentItems(deps, ids, input.viewerId) };
    case "communities":
      return {
        ...page,
        search_type: "communities",
        list: await loadCommunityItems(deps, ids, input.viewerId),
      };
    case "users":
      return { ...page, search_type: "users", list: await loadPersonItems(deps, ids, input.viewerId) };
  }
}

/**
 * The viewer's phrases muted in search, for posts and comments: FTS matches words, so a whole-word
 * phrase is left out as those words in a row, and one muted anywhere also where it starts a word.
 */
async function excludedPhrases(deps: Deps, viewerId: number | null): Promise<string[]> {
  const mutes = await activeMutes(deps, viewerId, "SEARCH");
  return mutes.flatMap((m) => toExcludedPhrase(m.phrase, { prefix: !m.wholeWord }) ?? []);
}

/** Everyone the viewer blocked, and everyone who blocked the viewer (usually nobody). */
async function blockedAround({ db }: Deps, viewerId: number): Promise<Set<number>> {
  const rows = await db.all<{ id: number }>({
    sql: "SELECT blocked_id AS id FROM blocks WHERE blocker_id = ?1 UNION SELECT blocker_id FROM blocks WHERE blocked_id = ?1",
    binds: [viewerId],
  });
  return new Set(rows.map((r) => r.id));
}

async function withoutBlocked(
  { db }: Deps,
  ids: number[],
  owner: (typeof OWNER)[SearchType],
  blocked: Set<number>,
): Promise<number[]> {
  if (blocked.size === 0 || ids.length === 0 || owner === null) return ids;
  if (owner === "self") return ids.filter((id) => !blocked.has(id));
  // ids are integers from our own index, never from the client.
  const rows = await db.all<{ id: number; owner: number }>({
    sql: `SELECT id, owner_id AS owner FROM ${owner.table} WHERE id IN (${ids.join(",")})`,
  });
  const hidden = new Set(rows.filter((r) => blocked.has(r.owner)).map((r) => r.id));
  return ids.filter((id) => !hidden.has(id));
}

async function browseCommunities(deps: Deps, input: SearchInput): Promise<SearchResult> {
  const [rows, count] = await deps.db.batch<[{ id: number }, { n: number }]>([
    {
      sql: "SELECT id FROM communities ORDER BY total_members DESC, id DESC LIMIT ?1 OFFSET ?2",
      binds: [input.limit, input.skip],
    },
    { sql: "SELECT count(*) AS n FROM communities" },
  ]);
  const ids = rows.map((r) => r.id);
  const total = count[0]?.n ?? 0;
  return {
    ...toPage([], total, input.limit),
    search_type: "communities",
    list: await loadCommunityItems(deps, ids, input.viewerId),
  };
}

/**
 * Comments by id, in the order asked, each with its author and the post it belongs to (as the feed
 * shows it, so a post looks the same everywhere). Every statement is a lookup by key for one page.
 */
async function loadCommentItems(deps: Deps, ids: number[], viewerId: number | null): Promise<CommentItem[]> {
  if (ids.length === 0) return [];
  const [raws, authors] = await deps.db.batch<[{ parent_public_id: string | null }, object]>([
    {
      sql: `SELECT ${columnsOf(comments, "c")}, (SELECT p.public_id FROM comments p WHERE p.id = c.parent_id) AS parent_public_id
            FROM comments c WHERE c.id IN (${idList(ids)})`,
    },
    {
      sql: `SELECT ${columnsOf(ownerWithId, "u")} FROM users u WHERE u.id IN (SELECT owner_id FROM comments WHERE id IN (${idList(ids)}))`,
    },
  ]);
  const owners = ownerMap(authors);
  const rows = raws.map((raw) => ({ row: rowOf(comments, raw), parentPublicId: raw.parent_public_id }));
  const posts = await loadPostItemMap(deps, [...new Set(rows.map((r) => r.row.micropostId))], viewerId);
  const byId = new Map<number, CommentItem>();
  for (const { row, parentPublicId } of rows) {
    const post = posts.get(row.micropostId);
    const owner = owners.get(row.ownerId);
    if (!post || !owner) continue;
    byId.set(row.id, {
      owner,
      community: post.community,
      micropost: post.micropost,
      comment: toComment(row, {
        owner,
        viewerId,
        postPublicId: post.micropost.public_id,
        postAddress: post.micropost.link,
        parentPublicId,
      }),
    });
  }
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}
