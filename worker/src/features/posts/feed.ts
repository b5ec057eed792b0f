import { and, count, desc, eq } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import type { FeedOption } from "#shared/enums.ts";
import { PEOPLE_MSG, type ProfilePostSort } from "#shared/schemas/people.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { microposts } from "#worker/db/schema/index.ts";
import {
  columnsOf,
  decodeCursor,
  encodeCursor,
  type KeysetColumn,
  keysetColumn,
  keysetSql,
  rowOf,
  type Statement,
} from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { findPerson, relationOf } from "../people/service";
import { loadFeedItems, loadPostItems } from "./feed-items";
import type { PostRow } from "./post-json";

// Lists of published posts: the home feed (NEW, TOP, VERIFIED for everyone; COMMUNITIES and
// FOLLOWING for the signed-in), a community's posts and a person's. Every order is an index range
// read from its start or from a keyset cursor (the sort values of the previous page's last post),
// so page 400 costs what page 1 costs (docs/decisions/020). `skip` alone still works for clients
// that do not send the cursor; it reads the skipped index entries, as OFFSET must.

/** The columns of a post, for `FROM microposts m`. */
const POST_COLUMNS = columnsOf(microposts, "m");

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
  columns: Array<"publishedAt" | "totalVotes" | "isPinned" | "id">;
}

const NEWEST: Order = { tag: "n", columns: ["publishedAt", "id"] };
const TOP: Order = { tag: "t", columns: ["totalVotes", "id"] };

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
  order.columns.map((key) => keysetColumn(microposts, "m", key));

/** The order of merged rows, by their names in the result. */
function orderBy(order: Order): string {
  return keyColumns(order)
    .map((c) => `${c.name} DESC`)
    .join(", ");
}

/** LIMIT and, without a cursor, OFFSET. */
function window(limit: number, skip: number, values: number[] | null): string {
  return values ? ` LIMIT ${limit}` : ` LIMIT ${limit} OFFSET ${skip}`;
}

/** One page in one index range. */
function rangeStatement(where: string, order: Order, q: FeedQuery, values: number[] | null): Statement {
  return {
    sql: keysetSql({
      select: POST_COLUMNS,
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
      `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.${column} = ${id} AND m.is_draft = 0${keyset(values)}`,
  );
  const nest = (terms: string[]): string => {
    if (terms.length <= COMPOUND_MAX) return terms.join(" UNION ALL ");
    const size = Math.ceil(terms.length / COMPOUND_MAX);
    const groups: string[] = [];
    for (let i = 0; i < terms.length; i += size) {
      groups.push(`SELECT * FROM (${nest(terms.slice(i, i + size))} ORDER BY ${orderBy(NEWEST)})`);
    }
    return groups.join(" UNION ALL ");
  };
  return {
    sql: `${nest(arms)} ORDER BY ${orderBy(NEWEST)}${window(q.limit, q.skip, values)}`,
    isList: true,
  };
}

const toPosts = (rows: object[]): PostRow[] => rows.map((raw) => rowOf(microposts, raw));

export async function readFeed(
  deps: Deps,
  viewerId: number | null,
  q: FeedQuery,
): Promise<CursorPage<FeedItem>> {
  const { db } = deps;
  let posts: PostRow[];
  let total: number;
  let order = NEWEST;

  if (q.option === "NEW" || q.option === "TOP" || q.option === "VERIFIED") {
    order = q.option === "TOP" ? TOP : NEWEST;
    const tag = q.option === "VERIFIED" ? "v" : order.tag;
    const values = decodeCursor(q.cursor, tag, 2);
    const where = q.option === "VERIFIED" ? "m.is_draft = 0 AND m.is_owner_verified = 1" : "m.is_draft = 0";
    const key = q.option === "VERIFIED" ? "verified_microposts" : "published_microposts";
    const [rows, count] = await db.batch<[object, { value: number }]>([
      rangeStatement(where, order, q, values),
      { sql: "SELECT value FROM site_counters WHERE key = ?1", binds: [key] },
    ]);
    posts = toPosts(rows);
    total = count[0]?.value ?? 0;
    order = { ...order, tag };
  } else {
    if (viewerId === null) fail(401, "Sign in to see this feed");
    const communities = q.option === "COMMUNITIES";
    const tag = communities ? "c" : "f";
    const values = decodeCursor(q.cursor, tag, 2);
    const sources = await db.all<{ id: number; total: number }>(
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
      posts = toPosts(await db.all(mergeStatement(column, active, q, values)));
    } else {
      const source = communities
        ? "SELECT community_id FROM community_members WHERE user_id = ?1"
        : "SELECT followee_id FROM follows WHERE follower_id = ?1";
      const statement = rangeStatement(`m.is_draft = 0 AND m.${column} IN (${source})`, NEWEST, q, values);
      posts = toPosts(await db.all({ ...statement, binds: [viewerId] }));
    }
    order = { ...NEWEST, tag };
  }

  const list = await loadFeedItems(deps, viewerId, posts);
  const last = posts.at(-1);
  return {
    list,
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor:
      last && posts.length === q.limit
        ? encodeCursor(
            order.tag,
            order.columns.map((c) => Number(last[c])),
          )
        : null,
  };
}

/**
 * `GET /api/v1/community/micropost/list`: a community's posts, pinned ones first, then the newest.
 * One index range (community, pinned, published, id), read from a keyset cursor.
 */
export async function readCommunityPosts(
  deps: Deps,
  viewerId: number | null,
  q: { name: string; skip: number; limit: number; cursor?: string },
): Promise<CursorPage<FeedItem>> {
  const { db } = deps;
  const community = await db.first<{ id: number; total_microposts: number }>({
    sql: "SELECT id, total_microposts FROM communities WHERE lower(name) = lower(?1)",
    binds: [q.name],
  });
  if (!community) fail(404, `The community c/${q.name} does not exist`);
  const values = decodeCursor(q.cursor, "p", 3);
  const rows = await db.all({
    sql: keysetSql({
      select: POST_COLUMNS,
      from: "microposts m",
      where: `m.community_id = ${community.id} AND m.is_draft = 0`,
      columns: keyColumns({ tag: "p", columns: ["isPinned", "publishedAt", "id"] }),
      dir: "DESC",
      values,
      limit: q.limit,
      skip: q.skip,
    }),
    isList: true,
  });
  const posts = toPosts(rows);
  const list = await loadFeedItems(deps, viewerId, posts);
  const last = posts.at(-1);
  return {
    list,
    total_list: community.total_microposts,
    total_pages: Math.ceil(community.total_microposts / q.limit),
    next_cursor:
      last && posts.length === q.limit
        ? encodeCursor("p", [Number(last.isPinned), last.publishedAt ?? 0, last.id])
        : null,
  };
}

/**
 * `GET /api/v1/user/micropost/list`: a person's published posts, newest or most voted first. Read
 * through the owner index, so the cost follows the person's posts, not the whole table.
 */
export async function readPersonPosts(
  deps: Deps,
  input: { username: string; sort: ProfilePostSort; skip: number; limit: number; viewerId: number | null },
): Promise<Page<FeedItem>> {
  const { db } = deps;
  const person = await findPerson(deps, input.username);
  if (input.viewerId !== null && input.viewerId !== person.id) {
    const relation = await relationOf(deps, input.viewerId, person.id);
    if (relation.isBlocking) fail(403, PEOPLE_MSG.blockedByThem);
  }
  const mine = and(eq(microposts.ownerId, person.id), eq(microposts.isDraft, false));
  const order =
    input.sort === "TOP"
      ? [desc(microposts.totalVotes), desc(microposts.publishedAt), desc(microposts.id)]
      : [desc(microposts.publishedAt), desc(microposts.id)];
  const [rows, total] = await db.orm.batch([
    db.orm
      .select({ id: microposts.id })
      .from(microposts)
      .where(mine)
      .orderBy(...order)
      .limit(input.limit)
      .offset(input.skip),
    db.orm.select({ n: count() }).from(microposts).where(mine),
  ]);
  const list = await loadPostItems(
    deps,
    rows.map((r) => r.id),
    input.viewerId,
  );
  return toPage(list, total[0]?.n ?? 0, input.limit);
}
