import { sql } from "drizzle-orm";
import type { Flair } from "#shared/schemas/community-moderation.ts";
import type { MediaFile } from "#shared/schemas/posts.ts";
import type { Database } from "#worker/db/database.ts";
import { type Folded, foldSelects, unfold } from "#worker/db/fold-queries.ts";
import { keptByText } from "#worker/db/kept-by-text.ts";
import { comments, micropostBookmarks, micropostFiles } from "#worker/db/schema/index.ts";
import { columnsOf, idList, keysOf, rowOf, type Statement, sqlText } from "#worker/db/sql.ts";
import { listedCommunityColumns, membershipColumns } from "#worker/lib/community-json.ts";
import { communityMap, membershipMap } from "#worker/lib/community-queries.ts";
import { ownerMap, ownerWithId, toOwner } from "#worker/lib/owners.ts";
import type { PostLookups } from "#worker/lib/post-json.ts";
import { REACTION_LOOKUP_KEYS, reactionLookupSql, reactionMap } from "#worker/lib/reaction-queries.ts";
import { type PostRow, toPosts } from "./rows";

export type { PostLookups };

// What a feed item shows beside its post

const mb = micropostBookmarks;

const fileColumns = {
  micropostId: micropostFiles.micropostId,
  file: micropostFiles.file,
  fileType: micropostFiles.fileType,
  alt: micropostFiles.alt,
};

/** The media files of the posts `idsSql` selects (SQL over `binds`), for `fileMap`. */
export function filesOfStatement(idsSql: string, binds: unknown[]): Statement {
  return {
    sql: `SELECT ${columnsOf(fileColumns, "f")} FROM micropost_files f WHERE f.micropost_id IN (${idsSql}) ORDER BY f.id`,
    binds,
  };
}

/** Each post's files, in the order they were added. */
export function fileMap(rows: object[]): Map<number, MediaFile[]> {
  const files = new Map<number, MediaFile[]>();
  for (const raw of rows) {
    const row = rowOf(fileColumns, raw);
    const list = files.get(row.micropostId) ?? [];
    list.push({ file: row.file, file_type: row.fileType, alt: row.alt });
    files.set(row.micropostId, list);
  }
  return files;
}

/** The newest comment of each post, with its author (`o_` columns): the feed's `comment_list`. */

/**
 * Where a page's lookups find their keys: either the ids of posts already read (`idKeys`), or the
 * page's own query, read again once as a `WITH page` by the lookups' one statement (`pageKeys`) so
 * the page and all it shows come back in one round trip. Each fragment goes inside `IN (...)`; `commented` answers a
 * `value` column.
 */
interface PageKeys {
  prefix: string;
  posts: string;
  owners: string;
  communities: string;
  media: string;
  commented: string;
  flairs: string;
}

function idKeys(posts: PostRow[]): PageKeys {
  const commented = posts.filter((p) => p.totalTopComments > 0).map((p) => p.id);
  return {
    prefix: "",
    posts: idList(posts.map((p) => p.id)),
    owners: idList(posts.map((p) => p.ownerId)),
    communities: idList(posts.map((p) => p.communityId)),
    media: idList(posts.filter((p) => p.postType === "MEDIA").map((p) => p.id)),
    commented: `SELECT value FROM json_each('[${idList(commented).replace("NULL", "")}]')`,
    flairs: idList(posts.flatMap((p) => (p.flairId === null ? [] : [p.flairId]))),
  };
}

/** The lookups of the page a `Statement` reads (they take the page's binds; they have none of their own). */
function pageKeys(page: Statement): PageKeys {
  return {
    prefix: `WITH page AS MATERIALIZED (${page.sql}) `,
    posts: `SELECT "id" FROM page`,
    owners: `SELECT "ownerId" FROM page`,
    communities: `SELECT "communityId" FROM page`,
    media: `SELECT "id" FROM page WHERE "postType" = 'MEDIA'`,
    commented: `SELECT "id" AS value FROM page WHERE "totalTopComments" > 0`,
    flairs: `SELECT "flairId" FROM page`,
  };
}

/**
 * Owners, communities, media files and newest comments, then (for a signed-in viewer) their
 * memberships, votes and saved posts: each a SELECT with the names of its columns, folded into one
 * statement (`foldSelects`).
 */
function lookupSelects(viewerId: number | null, k: PageKeys): Folded[] {
  const selects: Folded[] = [
    {
      sql: `SELECT ${columnsOf(ownerWithId, "u")} FROM users u WHERE u.id IN (${k.owners})`,
      keys: keysOf(ownerWithId),
    },
    {
      sql: `SELECT ${columnsOf(listedCommunityColumns, "c")} FROM communities c WHERE c.id IN (${k.communities})`,
      keys: keysOf(listedCommunityColumns),
    },
    {
      sql: `SELECT ${columnsOf(fileColumns, "f")} FROM micropost_files f WHERE f.micropost_id IN (${k.media}) ORDER BY f.id`,
      keys: keysOf(fileColumns),
    },
    {
      sql: `SELECT ${columnsOf(comments, "c")}, ${columnsOf(ownerWithId, "u", "o_")}
              FROM (${k.commented}) j
              JOIN comments c ON c.id = (
                SELECT x.id FROM comments x
                WHERE x.micropost_id = j.value AND x.depth = 0 AND x.is_deleted = 0
                ORDER BY x.id DESC LIMIT 1)
              JOIN users u ON u.id = c.owner_id`,
      keys: [...keysOf(comments), ...keysOf(ownerWithId, "o_")],
    },
    {
      sql: `SELECT id, name, colour FROM community_flairs WHERE id IN (${k.flairs})`,
      keys: ["id", "name", "colour"],
    },
    { sql: reactionLookupSql("POST", k.posts, viewerId), keys: REACTION_LOOKUP_KEYS },
  ];
  if (viewerId === null) return selects;
  const viewer = String(Math.trunc(viewerId));
  selects.push(
    {
      sql: `SELECT ${columnsOf(membershipColumns, "cm")} FROM community_members cm
            WHERE cm.user_id = ${viewer} AND cm.community_id IN (${k.communities})`,
      keys: keysOf(membershipColumns),
    },
    {
      sql: `SELECT micropost_id FROM micropost_votes WHERE micropost_id IN (${k.posts}) AND user_id = ${viewer}`,
      keys: ["micropost_id"],
    },
    {
      sql: sqlText(
        sql`SELECT ${mb.micropostId} AS micropost_id FROM ${mb}
          WHERE ${mb.userId} = ${sql.raw(viewer)} AND ${mb.micropostId} IN (${sql.raw(k.posts)})`,
      ),
      keys: ["micropost_id"],
    },
  );
  return selects;
}

/** The one statement of a page's lookups as text, and how many SELECTs it folds. */
interface LookupsText {
  sql: string;
  count: number;
}

function lookupsText(viewerId: number | null, k: PageKeys): LookupsText {
  const selects = lookupSelects(viewerId, k);
  return { sql: foldSelects(k.prefix, selects), count: selects.length };
}

/** The lookups' statement with its binds, and how to read its row back. */
function lookupsOf({ sql, count }: LookupsText, binds?: unknown[]) {
  return {
    statement: binds ? { sql, binds } : { sql },
    read: (rows: object[] | undefined) => toLookups(unfold(rows?.[0], count)),
  };
}

/**
 * The lookups' text for a page statement's text and a viewer, kept: every page of a list asks
 * with the same text (its values are bound), so an isolate builds each one once.
 */
const pageLookupTexts = keptByText<LookupsText>(128);

function pageLookupsText(viewerId: number | null, page: Statement): LookupsText {
  return pageLookupTexts(`${viewerId ?? ""} ${page.sql}`, () => lookupsText(viewerId, pageKeys(page)));
}

/** The rows of `lookupSelects`, in their order. */
function toLookups(results: object[][]): PostLookups {
  const [
    owners,
    communityRows,
    files,
    previews,
    flairs,
    reactions,
    memberships = [],
    votes = [],
    bookmarks = [],
  ] = results;
  return {
    flairs: new Map((flairs as Flair[]).map((f) => [f.id, { id: f.id, name: f.name, colour: f.colour }])),
    owners: ownerMap(owners!),
    communities: communityMap(communityRows!),
    memberships: membershipMap(memberships),
    voted: new Set((votes as Array<{ micropost_id: number }>).map((v) => v.micropost_id)),
    bookmarked: new Set((bookmarks as Array<{ micropost_id: number }>).map((b) => b.micropost_id)),
    files: fileMap(files!),
    reactions: reactionMap(reactions!),
    previews: new Map(
      previews!.map((raw) => {
        const comment = rowOf(comments, raw);
        return [comment.micropostId, { comment, owner: toOwner(rowOf(ownerWithId, raw, "o_")) }];
      }),
    ),
  };
}

/**
 * Owners, communities, the viewer's memberships and votes, media files and each post's newest
 * comment for a page of posts, in one round trip. Every statement is a lookup by key for the posts
 * of this page, so the cost follows the page and never the database.
 */
export async function postLookups(
  db: Database,
  viewerId: number | null,
  posts: PostRow[],
): Promise<PostLookups> {
  const lookups = lookupsOf(lookupsText(viewerId, idKeys(posts)));
  const [rows] = (await db.batch([lookups.statement])) as object[][];
  return lookups.read(rows);
}

/** Past this many rows skipped by offset, a page's lookups take their own round trip. */
const REPEAT_SKIP_MAX = 40;

/**
 * A page of posts and everything its feed items show, in one round trip: the page statement,
 * `extra` statements (a count), then the lookups' one statement, which reads the page again once as a
 * materialized `WITH` (a keyset page costs the same the second time; SQLite answers it from the
 * pages it just read).
 */
export async function pageWithLookups(
  db: Database,
  viewerId: number | null,
  page: Statement,
  extra: Statement[] = [],
  skipped = 0,
): Promise<{ posts: PostRow[]; extra: object[][]; lookups: PostLookups }> {
  if (skipped > REPEAT_SKIP_MAX) {
    // Reading past many rows by offset: reading them twice would cost more than a second round trip.
    const [rows, ...rest] = (await db.batch([page, ...extra])) as object[][];
    const posts = toPosts(rows!);
    return { posts, extra: rest, lookups: await postLookups(db, viewerId, posts) };
  }
  const lookups = lookupsOf(pageLookupsText(viewerId, page), page.binds);
  const results = (await db.batch([page, ...extra, lookups.statement])) as object[][];
  return {
    posts: toPosts(results[0]!),
    extra: results.slice(1, 1 + extra.length),
    lookups: lookups.read(results[1 + extra.length]),
  };
}
