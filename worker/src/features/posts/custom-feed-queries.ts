import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { microposts, postReads, readUndos } from "#worker/db/schema/index.ts";
import { aliased, nameOf, type Statement, statement } from "#worker/db/sql.ts";
import { visiblePostSql } from "#worker/lib/post-visibility-queries.ts";
import { POST_COLUMNS, unreadSql } from "./queries";

// The posts of a person's own feed (docs/decisions/149) and what a person has read
// (docs/decisions/150). A feed's page is a k-way merge of one index range per community and per
// person, read lazily by a recursive CTE (docs/decisions/178), so a page reads about
// `limit + sources` index entries at any depth.

const VISIBLE = visiblePostSql("m");
const VISIBLE_Y = visiblePostSql("y");
const reads = postReads;
const undos = readUndos;
const [m, mFrom] = aliased(microposts, "m");

/** A viewer's id inlined into SQL: an integer from their verified token, never client input. */
const inline = (id: number) => String(Math.trunc(id));

/** Whether a public id may be written into SQL text as it is: letters, digits, `-` and `_` only. */
export const isPlainPublicId = (id: string) => /^[A-Za-z0-9_-]{1,40}$/.test(id);

function plainPublicId(id: string): string {
  if (!isPlainPublicId(id)) throw new Error("Only a plain public id is written into SQL text");
  return id;
}

export interface FeedSource {
  communities: Array<{ id: number; include: number[]; exclude: number[] }>;
  people: number[];
}

export interface CustomFeedHead {
  id: number;
  ownerId: number;
  isPublic: boolean;
  sources: FeedSource;
  /** The sum of its communities' and people's posts: the list's count, an upper bound (a post may be in both). */
  total: number;
  /** When the feed last changed: a kept copy of this head is good while the row still says so. */
  updatedAt: number;
}

/** The feed's row as it is now (`?1` its public id): whether a kept head still holds. */
export const FEED_VERSION: string = "SELECT updated_at FROM custom_feeds WHERE public_id = ?1";

const toFlairs = (text: unknown): number[] => {
  try {
    const list = JSON.parse(String(text ?? "[]"));
    return Array.isArray(list) ? list.filter((v) => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
};

/** A custom feed's row, its communities (and flair filters) and its people, by public id (`?1`). */
export function customFeedHeadStatements(publicId: string): Statement[] {
  const feedId = "(SELECT id FROM custom_feeds WHERE public_id = ?1)";
  return [
    {
      sql: "SELECT id, owner_id, is_public, updated_at FROM custom_feeds WHERE public_id = ?1",
      binds: [publicId],
    },
    {
      sql: `SELECT fc.community_id, fc.include_flairs, fc.exclude_flairs, c.total_microposts
        FROM custom_feed_communities fc JOIN communities c ON c.id = fc.community_id WHERE fc.feed_id = ${feedId}`,
      binds: [publicId],
    },
    {
      sql: `SELECT fp.user_id, u.total_microposts FROM custom_feed_people fp JOIN users u ON u.id = fp.user_id
        WHERE fp.feed_id = ${feedId} AND u.status = 'ACTIVE' AND u.deleted_at IS NULL`,
      binds: [publicId],
    },
  ];
}

/** A custom feed by public id with its communities (and flair filters) and people, in one round trip. */
export async function customFeedHead(db: Database, publicId: string): Promise<CustomFeedHead | null> {
  return customFeedHeadOf((await db.batch(customFeedHeadStatements(publicId))) as object[][]);
}

/** The head the rows of `customFeedHeadStatements` make, or null when there is no such feed. */
export function customFeedHeadOf(results: object[][]): CustomFeedHead | null {
  const [feeds, communityRows, peopleRows] = results as Array<Array<Record<string, unknown>>>;
  const feed = feeds![0];
  if (!feed) return null;
  let total = 0;
  const communities = communityRows!.map((r) => {
    total += Number(r.total_microposts ?? 0);
    return {
      id: Number(r.community_id),
      include: toFlairs(r.include_flairs),
      exclude: toFlairs(r.exclude_flairs),
    };
  });
  const people = peopleRows!.map((r) => {
    total += Number(r.total_microposts ?? 0);
    return Number(r.user_id);
  });
  return {
    id: Number(feed.id),
    ownerId: Number(feed.owner_id),
    isPublic: Boolean(feed.is_public),
    sources: { communities, people },
    total,
    updatedAt: Number(feed.updated_at),
  };
}

/** A custom feed's sort: the column merged on (then the id). */
export type FeedSort = "NEW" | "TOP";
const SORT_COLUMN: Record<FeedSort, string> = { NEW: "published_at", TOP: "total_votes" };
/** The index each kind of source is read by, in the sort's order (each a range of one source). */
const SOURCE_INDEX: Record<FeedSort, { community: string; person: string }> = {
  NEW: { community: "microposts_community_idx", person: "microposts_owner_idx" },
  TOP: { community: "microposts_community_top_idx", person: "microposts_owner_top_idx" },
};

/** The feed's flair filter of a community (its JSON lists `inc`, `exc`) on the post `y`. */
const passesFlairs = (inc: string, exc: string) =>
  `(${inc} = '[]' OR y.flair_id IN (SELECT value FROM json_each(${inc})))
    AND (${exc} = '[]' OR y.flair_id IS NULL OR y.flair_id NOT IN (SELECT value FROM json_each(${exc})))`;

/**
 * The ids (`i`) and sort values (`s`) of a feed's first `limit` posts after `values`, newest (or
 * most voted) first, as a lazy k-way merge in one short statement whatever the feed's size
 * (docs/decisions/178): a recursive CTE whose queue is ordered (SQLite pops the largest row first)
 * holds one row per source, its next post; popping one emits it and seeks that source's next post
 * in its own index range. So a page reads about `sources + limit` index entries at any depth, and
 * the statement's text is the same for every feed (a 300-source UNION ALL took 6 ms to prepare,
 * ten times what it took to run).
 */
function mergedKeys(
  feed: string,
  sort: FeedSort,
  limit: number,
  values: number[] | null,
  hideReadFor: number | null,
): string {
  const column = `y.${SORT_COLUMN[sort]}`;
  const index = SOURCE_INDEX[sort];
  const unread =
    hideReadFor === null
      ? ""
      : ` AND NOT EXISTS (SELECT 1 FROM post_reads r WHERE r.user_id = ${inline(hideReadFor)} AND r.micropost_id = y.id)`;
  // After the cursor (a seek on the sort column, then the id among equal values), or after the
  // row just popped.
  const afterCursor = values
    ? ` AND ${column} <= ${Math.trunc(values[0]!)} AND (${column} < ${Math.trunc(values[0]!)} OR y.id < ${Math.trunc(values[1]!)})`
    : "";
  const afterPopped = ` AND ${column} <= q.s AND (${column} < q.s OR y.id < q.i)`;
  const order = `ORDER BY ${column} DESC, y.id DESC LIMIT 1`;
  const communitySeek = (community: string, inc: string, exc: string, after: string) =>
    `(SELECT y.id FROM microposts y INDEXED BY ${index.community} WHERE y.community_id = ${community}
      AND ${VISIBLE_Y} AND ${passesFlairs(inc, exc)}${after}${unread} ${order})`;
  // A person's post that one of the feed's communities lets through comes from that community's
  // range, so each post comes once (UNION ALL keeps duplicates).
  const personSeek = (person: string, after: string) =>
    `(SELECT y.id FROM microposts y INDEXED BY ${index.person} WHERE y.owner_id = ${person}
      AND ${VISIBLE_Y}${after}${unread} AND NOT EXISTS (SELECT 1 FROM custom_feed_communities fc
        WHERE fc.feed_id = ${feed} AND fc.community_id = y.community_id
        AND ${passesFlairs("fc.include_flairs", "fc.exclude_flairs")}) ${order})`;
  return `WITH RECURSIVE q(k, c, inc, exc, s, i) AS (
    SELECT 0, fc.community_id, fc.include_flairs, fc.exclude_flairs, z.${SORT_COLUMN[sort]}, z.id
      FROM custom_feed_communities fc
      JOIN microposts z ON z.id = ${communitySeek("fc.community_id", "fc.include_flairs", "fc.exclude_flairs", afterCursor)}
      WHERE fc.feed_id = ${feed}
    UNION ALL
    SELECT 1, fp.user_id, '[]', '[]', z.${SORT_COLUMN[sort]}, z.id
      FROM custom_feed_people fp JOIN users u ON u.id = fp.user_id
      JOIN microposts z ON z.id = ${personSeek("fp.user_id", afterCursor)}
      WHERE fp.feed_id = ${feed} AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
    UNION ALL
    SELECT q.k, q.c, q.inc, q.exc, z.${SORT_COLUMN[sort]}, z.id FROM q
      JOIN microposts z ON z.id = CASE q.k WHEN 0 THEN ${communitySeek("q.c", "q.inc", "q.exc", afterPopped)}
        ELSE ${personSeek("q.c", afterPopped)} END
    ORDER BY 5 DESC, 6 DESC
    LIMIT ${Math.trunc(limit)})`;
}

/**
 * A page of a feed's posts (`limit` after `values`), the ones the viewer read left out when
 * `hideReadFor` names them: the merge is lazy, so leaving read posts out reads on only as far as
 * the page needs.
 */
export function customFeedPage(
  feedId: number | { publicId: string },
  sources: FeedSource | null,
  sort: FeedSort,
  limit: number,
  values: number[] | null,
  hideReadFor: number | null,
): Statement {
  if (sources && sources.communities.length + sources.people.length === 0)
    return { sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE 0`, isList: true };
  // A feed whose row this isolate has not kept is named by its public id (`plainPublicId`), so
  // its page is read in the round trip that reads its row.
  const feed =
    typeof feedId === "number"
      ? inline(feedId)
      : `(SELECT id FROM custom_feeds WHERE public_id = '${plainPublicId(feedId.publicId)}')`;
  return {
    sql: `SELECT ${POST_COLUMNS} FROM (${mergedKeys(feed, sort, limit, values, hideReadFor)}
      SELECT s, i FROM q) p JOIN microposts m ON m.id = p.i ORDER BY p.s DESC, p.i DESC`,
    isList: true,
  };
}

// ---------------------------------------------------------------------------------------------
// What a person has read

/** Marks these published posts (public ids) read for the person; answers how many were not read before. */
export async function markRead(
  db: Database,
  userId: number,
  publicIds: string[],
  now: number,
): Promise<number> {
  const [result] = await db.write([
    db.prepare(
      statement(sql`INSERT OR IGNORE INTO ${reads} (${nameOf(reads.userId)}, ${nameOf(reads.micropostId)}, ${nameOf(reads.createdAt)})
        SELECT ${userId}, ${m.id}, ${now} FROM json_each(${JSON.stringify(publicIds)}) j
        JOIN ${mFrom} ON ${m.publicId} = j.value WHERE ${sql.raw(VISIBLE)}`),
    ),
  ]);
  return result?.meta.changes ?? 0;
}

/** The feed a "mark all read" is about, as its statement of the newest unread post ids and public ids. */
export type ReadAllTarget =
  | { kind: "site"; verified: boolean; top: boolean }
  | { kind: "communities" }
  | { kind: "following" }
  | { kind: "community"; name: string }
  | { kind: "custom"; feedId: number; sources: FeedSource };

/** The target's newest `limit` posts the person has not read: ids and public ids. */
export async function unreadPostsOf(
  db: Database,
  userId: number,
  target: ReadAllTarget,
  limit: number,
): Promise<Array<{ id: number; public_id: string }>> {
  const viewer = inline(userId);
  const unread = unreadSql(userId);
  const newest = `ORDER BY m.published_at DESC, m.id DESC LIMIT ${Math.trunc(limit)}`;
  const select = "SELECT m.id, m.public_id FROM microposts m";
  let statement: Statement;
  switch (target.kind) {
    case "site":
      statement = {
        sql: `${select} WHERE ${VISIBLE}${target.verified ? " AND m.is_owner_verified = 1" : ""}${unread}
          ${target.top ? `ORDER BY m.total_votes DESC, m.id DESC LIMIT ${Math.trunc(limit)}` : newest}`,
      };
      break;
    case "communities":
      statement = {
        sql: `${select} WHERE ${VISIBLE} AND m.community_id IN (SELECT community_id FROM community_members WHERE user_id = ${viewer})${unread} ${newest}`,
      };
      break;
    case "following":
      statement = {
        sql: `${select} WHERE ${VISIBLE} AND m.owner_id IN (SELECT followee_id FROM follows WHERE follower_id = ${viewer})${unread} ${newest}`,
      };
      break;
    case "community":
      statement = {
        sql: `${select} WHERE m.community_id = (SELECT id FROM communities WHERE lower(name) = lower(?1)) AND ${VISIBLE}${unread} ${newest}`,
        binds: [target.name],
      };
      break;
    case "custom":
      statement = {
        sql: `SELECT u."id" AS id, u."publicId" AS public_id FROM (${customFeedPage(target.feedId, target.sources, "NEW", limit, null, userId).sql}) u`,
      };
      break;
  }
  return db.all<{ id: number; public_id: string }>(statement);
}

/**
 * Marks these posts read as one "mark all read" with `token` (posts read before keep their own row,
 * so the undo leaves them read).
 */
export async function markAllRead(
  db: Database,
  userId: number,
  token: string,
  postIds: number[],
  now: number,
): Promise<number> {
  const results = await db.write([
    db.prepare(statement(db.orm.insert(undos).values({ token, userId, createdAt: now }))),
    db.prepare(
      statement(sql`INSERT OR IGNORE INTO ${reads} (${nameOf(reads.userId)}, ${nameOf(reads.micropostId)},
          ${nameOf(reads.undoId)}, ${nameOf(reads.createdAt)})
        SELECT ${userId}, j.value, (SELECT ${undos.id} FROM ${undos} WHERE ${undos.token} = ${token}), ${now}
        FROM json_each(${JSON.stringify(postIds)}) j`),
    ),
    // Undos older than a day go as new ones come.
    db.prepare(
      statement(
        db.orm
          .delete(undos)
          .where(and(eq(undos.userId, userId), lt(undos.createdAt, now - 24 * 60 * 60_000))),
      ),
    ),
  ]);
  return results[1]?.meta.changes ?? 0;
}

/** Undoes the person's "mark all read" with `token`; answers whether there was one to undo. */
export async function undoReadAll(
  db: Database,
  userId: number,
  token: string,
  since: number,
): Promise<boolean> {
  const mine = and(eq(undos.token, token), eq(undos.userId, userId), gte(undos.createdAt, since));
  const undo = sql`(SELECT ${undos.id} FROM ${undos} WHERE ${mine})`;
  const results = await db.write([
    db.prepare(
      statement(sql`DELETE FROM ${reads} WHERE ${reads.userId} = ${userId} AND ${reads.undoId} = ${undo}`),
    ),
    db.prepare(statement(db.orm.delete(undos).where(mine))),
  ]);
  return (results[1]?.meta.changes ?? 0) > 0;
}
