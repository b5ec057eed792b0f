import type { PostType } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";
import { comments, communities, microposts, micropostVersions } from "#worker/db/schema/index.ts";
import { columnsOf, idList, rowOf, type Statement } from "#worker/db/sql.ts";
import { BLOCK_COLUMNS_SQL } from "#worker/lib/block-queries.ts";
import { BAN_ENDS_SQL } from "#worker/lib/community-ban-queries.ts";
import type { CommunityRow } from "#worker/lib/community-json.ts";
import type { PostLookups, VersionRow } from "#worker/lib/post-json.ts";
import { postCountStatements } from "#worker/lib/post-removal-queries.ts";
import { visiblePostIdSql } from "#worker/lib/post-visibility-queries.ts";
import { type Condition, type Counters, readCounted } from "#worker/lib/rate-limits.ts";
import { pageWithLookupsStatement } from "./lookups";
import {
  communityByName,
  flairCommunityStatement,
  type Mentioned,
  mentionedMap,
  usersByNamesStatement,
  verifiedStatement,
} from "./new-posts";
import {
  COMMENT_COLUMNS,
  type CommentRow,
  POST_COLUMNS,
  type PostRow,
  type PostWithCommunity,
  VISIBLE,
} from "./rows";

// Posts and drafts

/** Holds while `userId` has a draft by that public id (staff have not hidden it). */
export const ownDraftNamed =
  (postPublicId: string, userId: number): Condition =>
  (n) => ({
    sql: `EXISTS (SELECT 1 FROM microposts WHERE public_id = ?${n} AND owner_id = ?${n + 1}
      AND is_draft = 1 AND removed_at IS NULL)`,
    binds: [postPublicId, userId],
  });

/**
 * What publishing a draft reads before it writes, in one round trip with its limits' counters in
 * front (judged before these are looked at): the post by its public id, whoever owns it, with its
 * community's name (null when that is gone) and its files' links; whether the author is verified;
 * when the form sends its fields, the community it names and the people its body names with @; and
 * the author's ban from the community it would be published in (the form's, else the draft's).
 */
export async function readForPublish(
  db: Database,
  input: {
    postPublicId: string;
    userId: number;
    /** The form's community; null when it sends no fields (then no `mentions` either). */
    communityName: string | null;
    mentions: string[];
  },
  limits?: Counters,
): Promise<{
  row: PostRow | null;
  communityName: string | null;
  files: string[];
  verified: boolean;
  community: CommunityRow | null;
  mentioned: Mentioned;
  banEnds: number | null;
}> {
  const mentions = usersByNamesStatement(input.mentions);
  type Draft = { community_name: string | null; ban_ends: number | null };
  type Mention = { id: number; username: string };
  const [[raw], files, [verified], named = [], people = []] = await readCounted<
    [Draft, { file: string }, { verified: number }, Record<string, unknown>, Mention]
  >(db, limits, [
    {
      sql: `SELECT ${POST_COLUMNS}, c.name AS community_name, ${BAN_ENDS_SQL(
        "CASE WHEN ?4 IS NULL THEN m.community_id ELSE (SELECT id FROM communities WHERE lower(name) = lower(?4)) END",
        "?2",
        "?3",
      )} AS ban_ends
        FROM microposts m LEFT JOIN communities c ON c.id = m.community_id WHERE m.public_id = ?1`,
      binds: [input.postPublicId, input.userId, Date.now(), input.communityName],
    },
    {
      sql: "SELECT f.file FROM micropost_files f JOIN microposts m ON m.id = f.micropost_id WHERE m.public_id = ?1",
      binds: [input.postPublicId],
    },
    verifiedStatement(input.userId),
    // Mentions come only with the form's fields, so with its community: each keeps its place.
    ...(input.communityName === null ? [] : [communityByName(input.communityName)]),
    ...(mentions ? [mentions] : []),
  ]);
  return {
    row: raw ? rowOf(microposts, raw) : null,
    communityName: raw?.community_name ?? null,
    files: files.map((f) => f.file),
    verified: Boolean(verified?.verified),
    community: named[0] ? rowOf(communities, named[0]) : null,
    mentioned: mentionedMap(people),
    banEnds: raw?.ban_ends ?? null,
  };
}

/** A published post by its public id, as `pageWithLookups` reads it (with all its feed item shows). */
export function publishedPostStatement(postPublicId: string): Statement {
  return {
    sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.public_id = ?1 AND ${VISIBLE}`,
    binds: [postPublicId],
  };
}

/** A post or a draft by its public id, whoever owns it. */
export async function findAnyPost(db: Database, postPublicId: string): Promise<PostRow | null> {
  const raw = await db.first(anyPostStatement(postPublicId));
  return raw ? rowOf(microposts, raw) : null;
}

/** A post or a draft by its public id, whoever wrote it and whatever became of it. */
const anyPostStatement = (postPublicId: string): Statement => ({
  sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.public_id = ?1`,
  binds: [postPublicId],
});

/**
 * What an edit of a post reads, in its first round trip (the token check rides in it): the post,
 * its community's name (its address), the community of the flair it asks for (null: no such flair, or none asked for), and the people
 * its new body names with @ that exist.
 */
export async function postToEdit(
  db: Database,
  input: { postPublicId: string; mentions: string[]; flairId?: number | null },
): Promise<{
  row: PostRow | null;
  communityName: string;
  mentioned: Mentioned;
  flairCommunityId: number | null;
}> {
  const named = usersByNamesStatement(input.mentions);
  const [[raw], [community], [flair], people = []] = await db.batch<
    [object, { name: string }, { community_id: number }, { id: number; username: string }]
  >([
    anyPostStatement(input.postPublicId),
    {
      sql: "SELECT k.name FROM microposts m JOIN communities k ON k.id = m.community_id WHERE m.public_id = ?1",
      binds: [input.postPublicId],
    },
    flairCommunityStatement(input.flairId ?? 0),
    ...(named ? [named] : []),
  ]);
  return {
    row: raw ? rowOf(microposts, raw) : null,
    communityName: community?.name ?? "",
    mentioned: mentionedMap(people),
    flairCommunityId: flair?.community_id ?? null,
  };
}

/**
 * A published post read back as its feed item shows it to `viewerId`, in the batch of the write that
 * changed it (an edit): one statement with all its lookups, and how to read what it answered.
 */
export function shownPostStatement(
  db: Database,
  viewerId: number,
  postPublicId: string,
): {
  statement: D1PreparedStatement;
  read: (result: D1Result | undefined) => { posts: PostRow[]; lookups: PostLookups };
} {
  const folded = pageWithLookupsStatement(viewerId, publishedPostStatement(postPublicId));
  return { statement: db.prepare(folded.statement), read: (result) => folded.read(result?.results) };
}

/** What an action on someone's post reads of it first (`postForActorStatement`). */
export interface PostForActor {
  post: PostWithCommunity;
  blocking: boolean;
  blocked: boolean;
  banEnds: number | null;
}

/**
 * A published post with its community's name, whether its author and `actorId` blocked each other
 * (`blocking`: the author blocked the actor; `blocked`: the actor blocked the author) and the
 * actor's ban from its community at `now`: what an action on someone's post checks first.
 */
export function postForActorStatement(postPublicId: string, actorId: number, now: number): Statement {
  return {
    sql: `SELECT ${POST_COLUMNS}, c.name AS community_name,
        ${BLOCK_COLUMNS_SQL("m.owner_id", "?2")},
        ${BAN_ENDS_SQL("m.community_id", "?2", "?3")} AS ban_ends
      FROM microposts m JOIN communities c ON c.id = m.community_id WHERE m.public_id = ?1 AND ${VISIBLE}`,
    binds: [postPublicId, actorId, now],
  };
}

/** A row of `postForActorStatement`: the post's columns and what the statement adds. */
export type PostForActorRow = Record<string, unknown> & {
  community_name: string;
  blocking: number;
  blocked: number;
  ban_ends: number | null;
};

/** The row `postForActorStatement` answered, or null when there is no such post to act on. */
export function postForActorOf(raw: PostForActorRow | undefined): PostForActor | null {
  if (!raw) return null;
  return {
    post: { ...rowOf(microposts, raw), communityName: raw.community_name },
    blocking: raw.blocking === 1,
    blocked: raw.blocked === 1,
    banEnds: raw.ban_ends,
  };
}

/** What a comment or a reply reads before it is written (`readForComment`). */
export interface ReadForComment {
  /** The post, as `postForActorStatement` reads it for the commenter; null when there is none to comment on. */
  found: PostForActor | null;
  /**
   * The comment replied to, on that post, and whether its author and the commenter blocked each other
   * (`blocking`: its author blocked the commenter); null when there is none (or no reply).
   */
  parent: { row: CommentRow; blocking: boolean; blocked: boolean } | null;
  /** The people the body names with @ that exist, by lowercase name. */
  mentioned: Mentioned;
}

/**
 * What a comment reads before it is written, in one round trip with its limits' counters in front
 * (judged first: a refused comment answers 429 whether or not the post is there): the post for the
 * commenter, the comment it replies to on that post with the blocks between its author and the
 * commenter, and the people its body names.
 */
export async function readForComment(
  db: Database,
  input: { postPublicId: string; actorId: number; parentPublicId?: string | null; mentions: string[] },
  limits?: Counters,
): Promise<ReadForComment> {
  const parent: Statement | null = input.parentPublicId
    ? {
        sql: `SELECT ${COMMENT_COLUMNS},
            ${BLOCK_COLUMNS_SQL("c.owner_id", "?3")}
          FROM comments c JOIN microposts m ON m.id = c.micropost_id WHERE c.public_id = ?1 AND m.public_id = ?2`,
        binds: [input.parentPublicId, input.postPublicId, input.actorId],
      }
    : null;
  const mentions = usersByNamesStatement(input.mentions);
  const [[post], ...rest] = await readCounted<[PostForActorRow, ...object[]]>(db, limits, [
    postForActorStatement(input.postPublicId, input.actorId, Date.now()),
    ...(parent ? [parent] : []),
    ...(mentions ? [mentions] : []),
  ]);
  const [row] = (parent ? rest.shift() : []) as Array<
    Record<string, unknown> & { blocking: number; blocked: number }
  >;
  const people = (mentions ? rest.shift() : []) as Array<{ id: number; username: string }>;
  return {
    found: postForActorOf(post),
    parent: row
      ? { row: rowOf(comments, row), blocking: row.blocking === 1, blocked: row.blocked === 1 }
      : null,
    mentioned: mentionedMap(people),
  };
}

/** Posts by id, in no particular order, as `pageWithLookups` reads them (with all their items show). */
export function postsByIdsStatement(ids: number[]): Statement {
  return { sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.id IN (${idList(ids)}) AND ${VISIBLE}` };
}

/**
 * The posts `where` picks (it may read the tables `prefix`, a WITH clause, defines), as
 * `pageWithLookups` reads them; `binds` are the prefix's.
 */
export function postsWhereStatement(prefix: string, where: string, binds: unknown[]): Statement {
  return { sql: `${prefix} SELECT ${POST_COLUMNS} FROM microposts m WHERE (${where}) AND ${VISIBLE}`, binds };
}

const POST_FILES = (postId: number): Statement => ({
  sql: "SELECT file FROM micropost_files WHERE micropost_id = ?1",
  binds: [postId],
});

/**
 * The statements that delete a post (`postDeleteStatements`), the links of its media files read
 * first in the same batch (the rows that name them go with the post): `deletedFileLinks` reads them.
 */
export function postDeleteWithFilesStatements(
  db: Database,
  row: { id: number; communityId: number; ownerId: number },
): D1PreparedStatement[] {
  return [db.prepare(POST_FILES(row.id)), ...postDeleteStatements(db, row)];
}

/** The links `postDeleteWithFilesStatements` read before the post went. */
export function deletedFileLinks(results: D1Result[]): string[] {
  return ((results[0]?.results ?? []) as Array<{ file: string }>).map((f) => f.file);
}

/** A new post or draft, its media file and, when published, the counters it moves. */
export function insertPostStatements(
  db: Database,
  post: {
    publicId: string;
    ownerId: number;
    communityId: number;
    title: string;
    body: string;
    slug: string;
    postType: PostType;
    published: boolean;
    verified: boolean;
    now: number;
    media: { url: string; kind: string; alt: string | null } | null;
    flairId?: number | null;
  },
): D1PreparedStatement[] {
  const { published, media } = post;
  return [
    db.prepare({
      sql: `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, post_type, is_draft,
           is_owner_verified, published_at, created_at, updated_at, flair_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12)`,
      binds: [
        post.publicId,
        post.ownerId,
        post.communityId,
        post.title,
        post.body,
        post.slug,
        post.postType,
        published ? 0 : 1,
        post.verified ? 1 : 0,
        published ? post.now : null,
        post.now,
        post.flairId ?? null,
      ],
    }),
    ...(media
      ? [
          db.prepare({
            sql: "INSERT INTO micropost_files (micropost_id, file, file_type, alt) SELECT id, ?2, ?3, ?4 FROM microposts WHERE public_id = ?1",
            binds: [post.publicId, media.url, media.kind, media.alt],
          }),
        ]
      : []),
    ...(published
      ? [
          db.prepare({
            sql: "UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1",
            binds: [post.communityId],
          }),
          db.prepare({
            sql: "UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1",
            binds: [post.ownerId],
          }),
        ]
      : []),
  ];
}

/**
 * A post's new body, the version it replaces kept in micropost_versions, in one batch. An edit that
 * changes nothing keeps no version and leaves `edited_at` as it was.
 */
export function editPostStatements(db: Database, postId: number, body: string, now: number) {
  return [
    db.prepare({
      sql: `INSERT INTO micropost_versions (micropost_id, title, body, edited_at, replaced_at)
         SELECT id, title, body, edited_at, ?3 FROM microposts WHERE id = ?1 AND body != ?2`,
      binds: [postId, body, now],
    }),
    db.prepare({
      sql: "UPDATE microposts SET body = ?2, edited_at = ?3, updated_at = ?3 WHERE id = ?1 AND body != ?2",
      binds: [postId, body, now],
    }),
  ];
}

/** A version an edit replaced (micropost_versions). */
export type { VersionRow };

const VERSION_COLUMNS = columnsOf(micropostVersions, "v");

/**
 * A published post (`kind: "post"`) or a comment on a visible post, by public id, with whether its
 * author blocks `viewerId` (0 for none), a page of the versions its edits replaced and how many
 * there are: in one round trip, the request's token check riding in it (docs/decisions/156). The
 * versions are read whatever the answer; the caller shows them only when it may.
 */
export async function historyOf(
  db: Database,
  kind: "post" | "comment",
  publicId: string,
  viewerId: number,
  q: { skip: number; limit: number },
): Promise<{
  post: PostRow | null;
  comment: CommentRow | null;
  blocksViewer: boolean;
  rows: VersionRow[];
  total: number;
}> {
  const column = kind === "post" ? "micropost_id" : "comment_id";
  const target =
    kind === "post"
      ? { columns: POST_COLUMNS, from: "microposts m", where: `m.public_id = ?1 AND ${VISIBLE}`, alias: "m" }
      : {
          columns: COMMENT_COLUMNS,
          from: "comments c",
          where: `c.public_id = ?1 AND ${visiblePostIdSql("c.micropost_id")}`,
          alias: "c",
        };
  const id = `(SELECT ${target.alias}.id FROM ${target.from} WHERE ${target.where})`;
  const [found, rows, count] = await db.batch<[Record<string, unknown>, object, { n: number }]>([
    {
      sql: `SELECT ${target.columns}, EXISTS (SELECT 1 FROM blocks b
              WHERE b.blocker_id = ${target.alias}.owner_id AND b.blocked_id = ?2) AS blocks_viewer
            FROM ${target.from} WHERE ${target.where}`,
      binds: [publicId, viewerId],
    },
    {
      sql: `SELECT ${VERSION_COLUMNS} FROM micropost_versions v WHERE v.${column} = ${id}
            ORDER BY v.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [publicId, q.limit, q.skip],
      isList: true,
    },
    { sql: `SELECT count(*) AS n FROM micropost_versions WHERE ${column} = ${id}`, binds: [publicId] },
  ]);
  const raw = found[0];
  return {
    post: raw && kind === "post" ? rowOf(microposts, raw) : null,
    comment: raw && kind === "comment" ? rowOf(comments, raw) : null,
    blocksViewer: Boolean(raw?.blocks_viewer),
    rows: rows.map((r) => rowOf(micropostVersions, r)),
    total: count[0]?.n ?? 0,
  };
}

/** The statements that delete a post and move its counters (the author's delete). */
function postDeleteStatements(
  db: Database,
  row: { id: number; communityId: number; ownerId: number },
): D1PreparedStatement[] {
  const stillPublished = "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 0)";
  return [
    ...postCountStatements(db, row, -1, stillPublished),
    db.prepare({ sql: "DELETE FROM microposts WHERE id = ?1", binds: [row.id] }),
  ];
}
