import { sql } from "drizzle-orm";
import type { Flair } from "#shared/schemas/community-moderation.ts";
import type { MediaFile } from "#shared/schemas/posts.ts";
import type { Database } from "#worker/db/database.ts";
import { type Folded, foldSelects, rowsOf, unfold } from "#worker/db/fold-queries.ts";
import { keptByText } from "#worker/db/kept-by-text.ts";
import { comments, micropostBookmarks, micropostFiles } from "#worker/db/schema/index.ts";
import { columnsOf, idList, keysOf, rowOf, type Statement, sqlText } from "#worker/db/sql.ts";
import { listedCommunityColumns, membershipColumns } from "#worker/lib/community-json.ts";
import { communityMap, membershipMap } from "#worker/lib/community-queries.ts";
import { ownerMap, ownerWithId, toOwner } from "#worker/lib/owners.ts";
import type { PostLookups } from "#worker/lib/post-json.ts";
import { REACTION_LOOKUP_KEYS, reactionLookupText, reactionMap } from "#worker/lib/reaction-queries.ts";
import { POST_KEYS, type PostRow, toPosts } from "./rows";

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
 * page's own query, read again once inside the lookups' one statement (`pageKeys`) so the page and
 * all it shows come back in one round trip. Each fragment goes inside `IN (...)`; `commented`
 * answers a `value` column. `from` ends the statement (the one row the folded SELECTs read from).
 */
interface PageKeys {
  from: string;
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
    from: "",
    posts: idList(posts.map((p) => p.id)),
    owners: idList(posts.map((p) => p.ownerId)),
    communities: idList(posts.map((p) => p.communityId)),
    media: idList(posts.filter((p) => p.postType === "MEDIA").map((p) => p.id)),
    commented: `SELECT value FROM json_each('[${idList(commented).replace("NULL", "")}]')`,
    flairs: idList(posts.flatMap((p) => (p.flairId === null ? [] : [p.flairId]))),
  };
}

/**
 * The lookups of the page a `Statement` reads (they take the page's binds; they have none of their
 * own), beside the page's own rows. The page is named once, in the row the statement reads from:
 * its rows (`rows`, each an array of POST_KEYS' values) and each key a JSON array of that row,
 * which every lookup reads with `json_each` (docs/decisions/234). SQLite copies and resolves a
 * `WITH` table's whole SELECT at each place that names it, so naming the page in nine lookups took
 * longer to prepare the statement than running it takes.
 */
function pageKeys(page: Statement): PageKeys {
  const each = (key: string) => `SELECT value FROM json_each(k."${key}")`;
  return {
    from: ` FROM (SELECT json_group_array(json_array(${POST_KEYS.map((key) => `"${key}"`).join(", ")})) AS "rows",
      json_group_array("id") AS "posts", json_group_array("ownerId") AS "owners",
      json_group_array("communityId") AS "communities",
      json_group_array("id") FILTER (WHERE "postType" = 'MEDIA') AS "media",
      json_group_array("id") FILTER (WHERE "totalTopComments" > 0) AS "commented",
      json_group_array("flairId") FILTER (WHERE "flairId" IS NOT NULL) AS "flairs"
      FROM (${page.sql})) AS k`,
    posts: each("posts"),
    owners: each("owners"),
    communities: each("communities"),
    media: each("media"),
    commented: each("commented"),
    flairs: each("flairs"),
  };
}

/**
 * Owners, communities, media files and newest comments, then (for a signed-in viewer, `viewer` the
 * placeholder their id is bound to) their memberships, votes and saved posts: each a SELECT with
 * the names of its columns, folded into one statement (`foldSelects`). The viewer is a bind, not
 * written in: one text serves every viewer, and workerd prepares it once (docs/decisions/234).
 */
function lookupSelects(viewer: string | null, k: PageKeys): Folded[] {
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
    { sql: reactionLookupText("POST", k.posts, viewer), keys: REACTION_LOOKUP_KEYS },
  ];
  if (viewer === null) return selects;
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

/**
 * The one statement of a page's lookups as text, and the SELECTs it folds (their keys read its row
 * back): the lookups, then the `beside` ones a caller folds in.
 */
interface LookupsText {
  sql: string;
  selects: Folded[];
  lookups: number;
}

function lookupsText(
  viewer: string | null,
  k: PageKeys,
  lead = "",
  beside: readonly Folded[] = [],
): LookupsText {
  const own = lookupSelects(viewer, k);
  const selects = [...own, ...beside];
  return { sql: foldSelects(selects, k.from, lead), selects, lookups: own.length };
}

/** The lookups' statement with its binds, and how to read its row back. */
function lookupsOf({ sql, selects, lookups }: LookupsText, binds?: unknown[]) {
  return {
    statement: binds ? { sql, binds } : { sql },
    read: (rows: object[] | undefined) => {
      const results = unfold(rows?.[0], selects);
      return { lookups: toLookups(results.slice(0, lookups)), beside: results.slice(lookups) };
    },
  };
}

/**
 * The lookups' text for a page statement's text, kept: every page of a list asks with the same text
 * (its values are bound, and so is the viewer), so an isolate builds each one once. `viewer`: the
 * placeholder of the viewer's id, when signed in; `rider`: the column of a token check folded in.
 */
const pageLookupTexts = keptByText<LookupsText>(128);

function pageLookupsText(
  viewer: string | null,
  page: Statement,
  beside: readonly Folded[],
  rider: string | undefined,
): LookupsText {
  const key = `${viewer ?? ""} ${page.sql}${beside.map((b) => `\n${b.sql}`).join("")}\n${rider ?? ""}`;
  return pageLookupTexts(key, () =>
    lookupsText(
      viewer,
      pageKeys(page),
      `${rider ? `${rider},\n  ` : ""}k."rows" AS "page", json_array_length(k."rows") AS "listed",\n  `,
      beside,
    ),
  );
}

/**
 * Where `pageWithLookups` binds a signed-in viewer's id for the page `page`: right after the page's
 * own binds. A `beside` SELECT names the viewer with it (NULL for a visitor).
 */
export const viewerPlaceholder = (page: Statement): string => `?${(page.binds?.length ?? 0) + 1}`;

/** A placeholder with no number (`?` alone): a statement with one cannot take binds after its own. */
const UNNUMBERED = /\?(?!\d)/;

/** How many posts a page's one statement answered (its list's rows, for the meter). */
const listedPosts = (rows: unknown[]): number =>
  Number((rows[0] as { listed?: unknown } | undefined)?.listed ?? 0);

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
  const lookups = lookupsOf(
    lookupsText(viewerId === null ? null : "?1", idKeys(posts)),
    viewerId === null ? [] : [viewerId],
  );
  const [rows] = (await db.batch([lookups.statement])) as object[][];
  return lookups.read(rows).lookups;
}

/**
 * A page of posts and everything its feed items show, in one round trip: one statement for the
 * page, its lookups and the `beside` SELECTs (a count; they read the page's binds), the page read
 * once (docs/decisions/234), then `extra` statements with binds of their own.
 */
export async function pageWithLookups(
  db: Database,
  viewerId: number | null,
  page: Statement,
  extra: Statement[] = [],
  beside: readonly Folded[] = [],
): Promise<{ posts: PostRow[]; extra: object[][]; beside: object[][]; lookups: PostLookups }> {
  const bound = pageBinds(viewerId, page);
  const rider = bound.unnumbered ? null : await db.foldRider(bound.binds.length);
  const folded = foldedPage(viewerId, page, bound, beside, rider);
  const [rows, ...rest] = (await db.batch([folded.statement, ...extra], rider ?? undefined)) as object[][];
  rider?.settle(rows?.[0]);
  return { extra: rest, ...folded.read(rows) };
}

/**
 * The one statement of `pageWithLookups` for a batch of its own making, with no token check folded in:
 * a write's read-back of what it changed, as a feed item, in the write's own batch (the write's first
 * round trip checked the token).
 */
export function pageWithLookupsStatement(viewerId: number | null, page: Statement): FoldedPage {
  return foldedPage(viewerId, page, pageBinds(viewerId, page), [], null);
}

/** A page's statement with its lookups folded in, and how to read its rows. */
interface FoldedPage {
  statement: Statement;
  read: (rows: readonly unknown[] | undefined) => {
    posts: PostRow[];
    beside: object[][];
    lookups: PostLookups;
  };
}

/**
 * Whether the page's placeholders are unnumbered, and its binds: its own, then the viewer's id
 * (`viewerPlaceholder`) unless they are.
 */
function pageBinds(viewerId: number | null, page: Statement): { unnumbered: boolean; binds: unknown[] } {
  const unnumbered = UNNUMBERED.test(page.sql);
  return {
    unnumbered,
    binds: [...(page.binds ?? []), ...(viewerId === null || unnumbered ? [] : [viewerId])],
  };
}

function foldedPage(
  viewerId: number | null,
  page: Statement,
  { unnumbered, binds }: { unnumbered: boolean; binds: unknown[] },
  beside: readonly Folded[],
  rider: { column: string; binds: unknown[] } | null,
): FoldedPage {
  // After the page's binds: the viewer's id (`viewerPlaceholder`), then a token check's, which folds
  // in as its own column. A page with unnumbered placeholders binds nothing after its own (their
  // numbers would move): the viewer is written in and the check goes in front.
  const viewer =
    viewerId === null ? null : unnumbered ? String(Math.trunc(viewerId)) : viewerPlaceholder(page);
  const text = pageLookupsText(viewer, page, beside, rider?.column);
  const lookups = lookupsOf(text, [...binds, ...(rider?.binds ?? [])]);
  return {
    statement: { ...lookups.statement, isList: page.isList, listed: listedPosts },
    read: (rows) => {
      const first = rows?.[0];
      const row = typeof first === "object" && first !== null ? first : undefined;
      const page = row && "page" in row ? row.page : undefined;
      return { posts: toPosts(rowsOf(page, POST_KEYS)), ...lookups.read(row && [row]) };
    },
  };
}
