import type { FeedOption } from "#shared/enums.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { fail } from "#worker/lib/errors.ts";
import { loadFeedItems, POST_SQL, type PostSqlRow } from "./items";
import {
  decodeCursor,
  encodeCursor,
  type KeysetColumn,
  keysetSql,
  type Reader,
  type Statement,
} from "./reader";

// The home feed (part 2 §2 "Feed", §7). Every order is an index range read from its start or from
// a keyset cursor (the sort values of the previous page's last post), so page 400 costs what page
// 1 costs. `skip` alone still works for clients that do not send the cursor; it reads the skipped
// index entries, as OFFSET must.

export interface FeedQuery {
  option: FeedOption;
  skip: number;
  limit: number;
  cursor?: string;
}

interface Order {
  /** Cursor tag. */
  tag: string;
  /** Sort columns, all descending; the last is the unique id. */
  columns: string[];
}

const NEWEST: Order = { tag: "n", columns: ["published_at", "id"] };
const TOP: Order = { tag: "t", columns: ["total_votes", "id"] };

/**
 * Sources with more posts than this are merged by scanning the newest posts and keeping those of
 * the viewer's communities or people, instead of one index range per source.
 */
const MERGE_MAX_SOURCES = 100;
/** D1 accepts at most five terms in one compound SELECT; larger merges are nested. */
const COMPOUND_MAX = 5;

/** "After the cursor" inside one merge arm. Ties in published_at are rare, so a seek on it is enough. */
function keyset(values: number[] | null): string {
  if (!values) return "";
  return ` AND m.published_at <= ${values[0]} AND (m.published_at < ${values[0]} OR m.id < ${values[1]})`;
}

const keyColumns = (order: Order): KeysetColumn[] =>
  order.columns.map((name) => ({ expr: `m.${name}`, name }));

function orderBy(order: Order, prefix: string): string {
  return order.columns.map((c) => `${prefix}${c} DESC`).join(", ");
}

/** LIMIT and, without a cursor, OFFSET. */
function window(limit: number, skip: number, values: number[] | null): string {
  return values ? ` LIMIT ${limit}` : ` LIMIT ${limit} OFFSET ${skip}`;
}

/** One page in one index range. */
function rangeStatement(where: string, order: Order, q: FeedQuery, values: number[] | null): Statement {
  return {
    sql: keysetSql({
      select: POST_SQL,
      from: "microposts m",
      where,
      columns: keyColumns(order),
      dir: "DESC",
      values,
      limit: q.limit,
      skip: q.skip,
    }),
    isList: true,
  };
}

/**
 * A k-way merge of per-source index ranges, newest first. SQLite merges sorted UNION ALL terms
 * lazily, so a page reads about `limit + sources` rows however many posts each source has.
 */
function mergeStatement(
  column: "community_id" | "owner_id",
  sources: number[],
  q: FeedQuery,
  values: number[] | null,
): Statement {
  const arms = sources.map(
    (id) =>
      `SELECT ${POST_SQL} FROM microposts m WHERE m.${column} = ${id} AND m.is_draft = 0${keyset(values)}`,
  );
  const nest = (terms: string[]): string => {
    if (terms.length <= COMPOUND_MAX) return terms.join(" UNION ALL ");
    const size = Math.ceil(terms.length / COMPOUND_MAX);
    const groups: string[] = [];
    for (let i = 0; i < terms.length; i += size) {
      groups.push(`SELECT * FROM (${nest(terms.slice(i, i + size))} ORDER BY ${orderBy(NEWEST, "")})`);
    }
    return groups.join(" UNION ALL ");
  };
  return {
    sql: `${nest(arms)} ORDER BY ${orderBy(NEWEST, "")}${window(q.limit, q.skip, values)}`,
    isList: true,
  };
}

async function counter(reader: Reader, key: string): Promise<number> {
  const row = await reader.first<{ value: number }>({
    sql: "SELECT value FROM site_counters WHERE key = ?1",
    binds: [key],
  });
  return row?.value ?? 0;
}

export async function readFeed(
  reader: Reader,
  viewerId: number | null,
  q: FeedQuery,
): Promise<CursorPage<FeedItem>> {
  let posts: PostSqlRow[];
  let total: number;
  let order = NEWEST;

  if (q.option === "NEW" || q.option === "TOP" || q.option === "VERIFIED") {
    order = q.option === "TOP" ? TOP : NEWEST;
    const tag = q.option === "VERIFIED" ? "v" : order.tag;
    const values = decodeCursor(q.cursor, tag, 2);
    const where = q.option === "VERIFIED" ? "m.is_draft = 0 AND m.is_owner_verified = 1" : "m.is_draft = 0";
    const key = q.option === "VERIFIED" ? "verified_microposts" : "published_microposts";
    const [rows, count] = await reader.batch<[PostSqlRow, { value: number }]>([
      rangeStatement(where, order, q, values),
      { sql: "SELECT value FROM site_counters WHERE key = ?1", binds: [key] },
    ]);
    posts = rows;
    total = count[0]?.value ?? 0;
    order = { ...order, tag };
  } else {
    if (viewerId === null) fail(401, "Sign in to see this feed");
    const communities = q.option === "COMMUNITIES";
    const tag = communities ? "c" : "f";
    const values = decodeCursor(q.cursor, tag, 2);
    const sources = await reader.all<{ id: number; total: number }>(
      communities
        ? {
            sql: `SELECT c.id, c.total_microposts AS total FROM community_members cm
              JOIN communities c ON c.id = cm.community_id WHERE cm.user_id = ?1`,
            binds: [viewerId],
          }
        : {
            sql: `SELECT u.id, u.total_microposts AS total FROM follows f
              JOIN users u ON u.id = f.followee_id WHERE f.follower_id = ?1`,
            binds: [viewerId],
          },
    );
    const active = sources.filter((s) => s.total > 0).map((s) => s.id);
    total = sources.reduce((sum, s) => sum + s.total, 0);
    const column = communities ? "community_id" : "owner_id";
    if (active.length === 0) posts = [];
    else if (active.length <= MERGE_MAX_SOURCES) {
      posts = await reader.all<PostSqlRow>(mergeStatement(column, active, q, values));
    } else {
      const source = communities
        ? "SELECT community_id FROM community_members WHERE user_id = ?1"
        : "SELECT followee_id FROM follows WHERE follower_id = ?1";
      const statement = rangeStatement(`m.is_draft = 0 AND m.${column} IN (${source})`, NEWEST, q, values);
      posts = await reader.all<PostSqlRow>({ ...statement, binds: [viewerId] });
    }
    order = { ...NEWEST, tag };
  }

  const list = await loadFeedItems(reader, viewerId, posts);
  const last = posts.at(-1);
  return {
    list,
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor:
      last && posts.length === q.limit
        ? encodeCursor(
            order.tag,
            order.columns.map((c) => Number(last[c as keyof PostSqlRow])),
          )
        : null,
  };
}

/**
 * `GET /api/v1/community/micropost/list`: a community's posts, pinned ones first, then the newest.
 * One index range (community, pinned, published, id), read from a keyset cursor.
 */
export async function readCommunityPosts(
  reader: Reader,
  viewerId: number | null,
  q: { name: string; skip: number; limit: number; cursor?: string },
): Promise<CursorPage<FeedItem>> {
  const community = await reader.first<{ id: number; total_microposts: number }>({
    sql: "SELECT id, total_microposts FROM communities WHERE lower(name) = lower(?1)",
    binds: [q.name],
  });
  if (!community) fail(404, `The community c/${q.name} does not exist`);
  const values = decodeCursor(q.cursor, "p", 3);
  const posts = await reader.all<PostSqlRow>({
    sql: keysetSql({
      select: POST_SQL,
      from: "microposts m",
      where: `m.community_id = ${community.id} AND m.is_draft = 0`,
      columns: keyColumns({ tag: "p", columns: ["is_pinned", "published_at", "id"] }),
      dir: "DESC",
      values,
      limit: q.limit,
      skip: q.skip,
    }),
    isList: true,
  });
  const list = await loadFeedItems(reader, viewerId, posts);
  const last = posts.at(-1);
  return {
    list,
    total_list: community.total_microposts,
    total_pages: Math.ceil(community.total_microposts / q.limit),
    next_cursor:
      last && posts.length === q.limit
        ? encodeCursor("p", [last.is_pinned, last.published_at ?? 0, last.id])
        : null,
  };
}

export { counter as siteCounter };
