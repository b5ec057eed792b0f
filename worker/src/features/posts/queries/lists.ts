import type { ProfilePostSort } from "#shared/schemas/people.ts";
import type { Database } from "#worker/db/database.ts";
import type { Folded } from "#worker/db/fold-queries.ts";
import { type KeysetColumn, keysetColumn, keysetSql } from "#worker/db/keyset-queries.ts";
import { microposts } from "#worker/db/schema/index.ts";
import type { Statement } from "#worker/db/sql.ts";
import { type PostLookups, pageWithLookups, viewerPlaceholder } from "./lookups";
import { COMPOUND_MAX, POST_COLUMNS, type PostRow, toPosts, VISIBLE } from "./rows";

// The feed and other lists of published posts. Every order is an index range read from its start
// or from a keyset cursor (the sort values of the previous page's last post), so page 400 costs
// what page 1 costs (docs/decisions/020). `skip` alone still works for clients that do not send
// the cursor; it reads the skipped index entries, as OFFSET must.

export interface PostPageQuery {
  skip: number;
  limit: number;
}

export interface Order {
  /** Cursor tag. */
  tag: string;
  /** Sort columns, all descending; the last is the unique id. */
  columns: Array<"publishedAt" | "totalVotes" | "isPinned" | "id">;
}

export const NEWEST: Order = { tag: "n", columns: ["publishedAt", "id"] };
export const TOP: Order = { tag: "t", columns: ["totalVotes", "id"] };
/** A community's posts: pinned ones first, then the newest. */
export const PINNED_FIRST: Order = { tag: "p", columns: ["isPinned", "publishedAt", "id"] };

/**
 * The post `m` is not among those the person read (docs/decisions/150); empty without a person.
 * `hide_read=true` on a feed adds it to the page's ranges.
 */
export function unreadSql(viewerId: number | null | undefined): string {
  if (viewerId === null || viewerId === undefined) return "";
  return ` AND NOT EXISTS (SELECT 1 FROM post_reads r WHERE r.user_id = ${Math.trunc(viewerId)} AND r.micropost_id = m.id)`;
}

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
export function window(limit: number, skip: number, values: number[] | null): string {
  return values ? ` LIMIT ${limit}` : ` LIMIT ${limit} OFFSET ${skip}`;
}

/**
 * One page in one index range, `where` reading `binds`; the cursor's values bound after them (one
 * text for every page).
 */
function rangeStatement(
  where: string,
  order: Order,
  q: PostPageQuery,
  values: number[] | null,
  binds: unknown[] = [],
): Statement {
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
      bindAfter: binds.length,
    }),
    binds: [...binds, ...(values ?? [])],
    isList: true,
  };
}

/**
 * A page of every published post (or the verified owners' only) in one order, with the site's
 * count of them.
 */
export async function sitePostPage(
  db: Database,
  viewerId: number | null,
  verifiedOnly: boolean,
  order: Order,
  q: PostPageQuery,
  values: number[] | null,
  hideReadFor: number | null = null,
): Promise<{ posts: PostRow[]; total: number; lookups: PostLookups }> {
  const where = `${verifiedOnly ? `${VISIBLE} AND m.is_owner_verified = 1` : VISIBLE}${unreadSql(hideReadFor)}`;
  const key = verifiedOnly ? "verified_microposts" : "published_microposts";
  const { posts, beside, lookups } = await pageWithLookups(
    db,
    viewerId,
    rangeStatement(where, order, q, values),
    [],
    [{ sql: `SELECT value FROM site_counters WHERE key = '${key}'`, keys: ["value"] }],
  );
  const count = beside[0] as Array<{ value: number }>;
  return { posts, total: count[0]?.value ?? 0, lookups };
}

/** The communities someone joined, or the people they follow, with each one's count of posts. */
export async function feedSources(
  db: Database,
  viewerId: number,
  kind: "communities" | "people",
): Promise<Array<{ id: number; total: number }>> {
  return db.all<{ id: number; total: number }>(feedSourcesStatement(viewerId, kind));
}

/** The statement of `feedSources`, to ride in a page's batch. */
export function feedSourcesStatement(viewerId: number, kind: "communities" | "people"): Statement {
  return kind === "communities"
    ? {
        sql: `SELECT c.id, c.total_microposts AS total FROM community_members cm
            JOIN communities c ON c.id = cm.community_id WHERE cm.user_id = ?1`,
        binds: [viewerId],
      }
    : {
        sql: `SELECT u.id, u.total_microposts AS total FROM follows f
            JOIN users u ON u.id = f.followee_id WHERE f.follower_id = ?1`,
        binds: [viewerId],
      };
}

const sourceColumn = (kind: "communities" | "people") =>
  kind === "communities" ? "community_id" : "owner_id";

/**
 * A page of these sources' posts, newest first: a k-way merge of per-source index ranges. SQLite
 * merges sorted UNION ALL terms lazily, so a page reads about `limit + sources` rows however many
 * posts each source has.
 */
export function mergedSourcePage(
  kind: "communities" | "people",
  sources: number[],
  q: PostPageQuery,
  values: number[] | null,
  hideReadFor: number | null = null,
): Statement {
  const arms = sources.map(
    (id) =>
      `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.${sourceColumn(kind)} = ${id} AND ${VISIBLE}${keyset(values)}${unreadSql(hideReadFor)}`,
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
  return { sql: `${nest(arms)} ORDER BY ${orderBy(NEWEST)}${window(q.limit, q.skip, values)}`, isList: true };
}

/**
 * A page of the viewer's sources' posts, newest first, by scanning the newest posts and keeping
 * those of the viewer's communities or people: for viewers with too many sources to merge.
 */
export async function scannedSourcePosts(
  db: Database,
  viewerId: number,
  kind: "communities" | "people",
  q: PostPageQuery,
  values: number[] | null,
  hideReadFor: number | null = null,
): Promise<PostRow[]> {
  const source =
    kind === "communities"
      ? "SELECT community_id FROM community_members WHERE user_id = ?1"
      : "SELECT followee_id FROM follows WHERE follower_id = ?1";
  const statement = rangeStatement(
    `${VISIBLE} AND m.${sourceColumn(kind)} IN (${source})${unreadSql(hideReadFor)}`,
    NEWEST,
    q,
    values,
    [viewerId],
  );
  return toPosts(await db.all(statement));
}

/**
 * The published posts of a flair of the community named `?1` (its index range), to fold beside a
 * page of that community's posts (`pageWithLookups`' `beside`).
 */
export function flairPostCount(flairId: number): Folded {
  return {
    sql: `SELECT count(*) AS n FROM microposts m WHERE m.flair_id = ${Math.trunc(flairId)} AND ${VISIBLE}
          AND m.community_id = (SELECT id FROM communities WHERE lower(name) = lower(?1))`,
    keys: ["n"],
  };
}

/** A community's id and count of posts, by the name `?1` in any case, to fold beside a page of its posts. */
export const COMMUNITY_POST_COUNT: Folded = {
  sql: "SELECT id, total_microposts FROM communities WHERE lower(name) = lower(?1)",
  keys: ["id", "total_microposts"],
};

/**
 * A page of the posts of the community named `?1`, pinned first: one index range (community,
 * pinned, published, id), the community found by name inside the statement.
 */
export function communityPostPage(
  name: string,
  q: PostPageQuery,
  values: number[] | null,
  flairId: number | null = null,
  hideReadFor: number | null = null,
): Statement {
  // With a flair, the flair's index range (flair, pinned, published, id): a flair is its community's.
  const flair = flairId === null ? "" : ` AND m.flair_id = ${Math.trunc(flairId)}`;
  return {
    sql: keysetSql({
      select: POST_COLUMNS,
      from: "microposts m",
      where: `m.community_id = (SELECT id FROM communities WHERE lower(name) = lower(?1))${flair} AND ${VISIBLE}${unreadSql(hideReadFor)}`,
      columns: keyColumns(PINNED_FIRST),
      dir: "DESC",
      values,
      limit: q.limit,
      skip: q.skip,
      bindAfter: 1,
    }),
    binds: [name, ...(values ?? [])],
    isList: true,
  };
}

/** The id of the active person named `?1`, inside a statement. */
const PERSON_BY_NAME =
  "(SELECT id FROM users WHERE username = ?1 AND status = 'ACTIVE' AND deleted_at IS NULL)";

/**
 * A page of the published posts of the active person named `username`, through the owner index,
 * newest or most voted first, with everything its items show, in one round trip. Beside it:
 * whether the person exists, whether they blocked the viewer, and their count of posts.
 */
export async function personPostPage(
  db: Database,
  viewerId: number | null,
  username: string,
  sort: ProfilePostSort,
  q: PostPageQuery,
): Promise<{
  posts: PostRow[];
  lookups: PostLookups;
  person: { id: number } | null;
  blocksViewer: boolean;
  total: number;
}> {
  const order =
    sort === "TOP" ? "m.total_votes DESC, m.published_at DESC, m.id DESC" : "m.published_at DESC, m.id DESC";
  const page: Statement = {
    sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.owner_id = ${PERSON_BY_NAME} AND ${VISIBLE}
      ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.skip}`,
    binds: [username],
    isList: true,
  };
  // The viewer is bound (one text for every viewer), a visitor is nobody.
  const viewer = viewerId === null ? "NULL" : viewerPlaceholder(page);
  // The person and their count of posts read the page's bind (the name) in its statement.
  const { posts, beside, lookups } = await pageWithLookups(
    db,
    viewerId,
    page,
    [],
    [
      {
        sql: `SELECT u.id, EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ${viewer}) AS blocks_viewer
          FROM users u WHERE u.id = ${PERSON_BY_NAME}`,
        keys: ["id", "blocks_viewer"],
      },
      {
        sql: `SELECT count(*) AS n FROM microposts m WHERE m.owner_id = ${PERSON_BY_NAME} AND ${VISIBLE}`,
        keys: ["n"],
      },
    ],
  );
  const person = (beside[0] as Array<{ id: number; blocks_viewer: number }>)[0];
  const count = beside[1] as Array<{ n: number }>;
  return {
    posts,
    lookups,
    person: person ? { id: person.id } : null,
    blocksViewer: Boolean(person?.blocks_viewer),
    total: count[0]?.n ?? 0,
  };
}
