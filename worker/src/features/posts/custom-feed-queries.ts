import type { Database } from "#worker/db/database.ts";
import { idList, type Statement } from "#worker/db/sql.ts";
import { visiblePostSql } from "#worker/lib/post-visibility-queries.ts";
import { COMPOUND_MAX, POST_COLUMNS, unreadSql } from "./queries";

// The posts of a person's own feed (docs/decisions/149) and what a person has read
// (docs/decisions/150). A feed's page is a k-way merge of one index range per community and per
// person, like the home feed's COMMUNITIES and FOLLOWING: SQLite merges sorted compound terms
// lazily, so a page reads about `limit + sources` index entries at any depth.

const VISIBLE = visiblePostSql("m");

/** A viewer's id inlined into SQL: an integer from their verified token, never client input. */
const inline = (id: number) => String(Math.trunc(id));

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

/** A custom feed by public id with its communities (and flair filters) and people, in one round trip. */
export async function customFeedHead(db: Database, publicId: string): Promise<CustomFeedHead | null> {
  const feedId = "(SELECT id FROM custom_feeds WHERE public_id = ?1)";
  const [feeds, communityRows, peopleRows] = (await db.batch([
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
  ])) as Array<Array<Record<string, unknown>>>;
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
const SORT_COLUMN: Record<FeedSort, string> = { NEW: "m.published_at", TOP: "m.total_votes" };

/** The flair filter of one community of a feed, on `m.flair_id`. */
function flairSql(include: number[], exclude: number[]): string {
  if (include.length) return ` AND m.flair_id IN (${idList(include)})`;
  if (exclude.length) return ` AND (m.flair_id IS NULL OR m.flair_id NOT IN (${idList(exclude)}))`;
  return "";
}

/**
 * The feed's own filter of community `fc` on the post `m`, from its JSON lists: what a community
 * arm lets through. A person's arm leaves out what passes it, so each post comes from one arm.
 */
const PASSES_FEED_COMMUNITY = `(fc.include_flairs = '[]' OR m.flair_id IN (SELECT value FROM json_each(fc.include_flairs)))
  AND (fc.exclude_flairs = '[]' OR m.flair_id IS NULL OR m.flair_id NOT IN (SELECT value FROM json_each(fc.exclude_flairs)))`;

/**
 * The ids and sort values of a feed's posts after `values`, merged from one index range per source
 * and sorted (`s` then `i`, descending). UNION ALL, because SQLite merges it lazily (a UNION, which
 * drops duplicates, reads every range whole: 5.7 s against 19 ms at a million posts); so a post of
 * one of the feed's people in one of its communities is left to the community's arm.
 */
function mergedKeys(feedId: number, sources: FeedSource, sort: FeedSort, values: number[] | null): string {
  const column = SORT_COLUMN[sort];
  const [v0, v1] = values ? [Math.trunc(values[0]!), Math.trunc(values[1]!)] : [0, 0];
  // A seek on the sort column, then the id among equal values (a row value would not seek).
  const after = values ? ` AND ${column} <= ${v0} AND (${column} < ${v0} OR m.id < ${v1})` : "";
  const arm = (where: string) =>
    `SELECT ${column} AS s, m.id AS i FROM microposts m WHERE ${where} AND ${VISIBLE}${after}`;
  const notInCommunities = sources.communities.length
    ? ` AND NOT EXISTS (SELECT 1 FROM custom_feed_communities fc WHERE fc.feed_id = ${inline(feedId)} AND fc.community_id = m.community_id AND ${PASSES_FEED_COMMUNITY})`
    : "";
  const arms = [
    ...sources.communities.map((c) =>
      arm(`m.community_id = ${inline(c.id)}${flairSql(c.include, c.exclude)}`),
    ),
    ...sources.people.map((id) => arm(`m.owner_id = ${inline(id)}${notInCommunities}`)),
  ];
  const nest = (terms: string[]): string => {
    if (terms.length <= COMPOUND_MAX) return terms.join(" UNION ALL ");
    const size = Math.ceil(terms.length / COMPOUND_MAX);
    const groups: string[] = [];
    for (let i = 0; i < terms.length; i += size)
      groups.push(`SELECT * FROM (${nest(terms.slice(i, i + size))} ORDER BY s DESC, i DESC)`);
    return groups.join(" UNION ALL ");
  };
  return `${nest(arms)} ORDER BY s DESC, i DESC`;
}

/**
 * A page of a feed's posts (`limit` after `values`), the ones the viewer read left out when
 * `hideReadFor` names them: the merge is lazy, so leaving read posts out reads on only as far as
 * the page needs.
 */
export function customFeedPage(
  feedId: number,
  sources: FeedSource,
  sort: FeedSort,
  limit: number,
  values: number[] | null,
  hideReadFor: number | null,
): Statement {
  const order = sort === "TOP" ? `m.total_votes DESC, m.id DESC` : `m.published_at DESC, m.id DESC`;
  if (sources.communities.length + sources.people.length === 0)
    return { sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE 0`, isList: true };
  const unread =
    hideReadFor === null
      ? ""
      : ` WHERE NOT EXISTS (SELECT 1 FROM post_reads r WHERE r.user_id = ${inline(hideReadFor)} AND r.micropost_id = k.i)`;
  return {
    sql: `SELECT ${POST_COLUMNS} FROM (SELECT k.i FROM (${mergedKeys(feedId, sources, sort, values)}) k${unread} LIMIT ${Math.trunc(limit)}) p
      JOIN microposts m ON m.id = p.i ORDER BY ${order}`,
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
    db.prepare({
      sql: `INSERT OR IGNORE INTO post_reads (user_id, micropost_id, created_at)
        SELECT ?1, m.id, ?2 FROM json_each(?3) j JOIN microposts m ON m.public_id = j.value WHERE ${VISIBLE}`,
      binds: [userId, now, JSON.stringify(publicIds)],
    }),
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
        sql: `SELECT q."id" AS id, q."publicId" AS public_id FROM (${customFeedPage(target.feedId, target.sources, "NEW", limit, null, userId).sql}) q`,
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
    db.prepare({
      sql: "INSERT INTO read_undos (token, user_id, created_at) VALUES (?1, ?2, ?3)",
      binds: [token, userId, now],
    }),
    db.prepare({
      sql: `INSERT OR IGNORE INTO post_reads (user_id, micropost_id, undo_id, created_at)
        SELECT ?1, j.value, (SELECT id FROM read_undos WHERE token = ?2), ?3 FROM json_each(?4) j`,
      binds: [userId, token, now, JSON.stringify(postIds)],
    }),
    // Undos older than a day go as new ones come.
    db.prepare({
      sql: "DELETE FROM read_undos WHERE user_id = ?1 AND created_at < ?2",
      binds: [userId, now - 24 * 60 * 60_000],
    }),
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
  const undo = "(SELECT id FROM read_undos WHERE token = ?1 AND user_id = ?2 AND created_at >= ?3)";
  const results = await db.write([
    db.prepare({
      sql: `DELETE FROM post_reads WHERE user_id = ?2 AND undo_id = ${undo}`,
      binds: [token, userId, since],
    }),
    db.prepare({
      sql: "DELETE FROM read_undos WHERE token = ?1 AND user_id = ?2 AND created_at >= ?3",
      binds: [token, userId, since],
    }),
  ]);
  return (results[1]?.meta.changes ?? 0) > 0;
}
