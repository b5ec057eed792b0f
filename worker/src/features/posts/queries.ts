import type { PostType } from "#shared/enums.ts";
import type { Flair } from "#shared/schemas/community-moderation.ts";
import type { ProfilePostSort } from "#shared/schemas/people.ts";
import type { MediaFile } from "#shared/schemas/posts.ts";
import type { Reaction } from "#shared/schemas/reactions.ts";
import type { Owner } from "#shared/schemas/user.ts";
import type { Database } from "#worker/db/database.ts";
import {
  comments,
  communities,
  micropostFiles,
  microposts,
  micropostVersions,
} from "#worker/db/schema/index.ts";
import {
  columnsOf,
  idList,
  jsonObjectOf,
  type KeysetColumn,
  keysetColumn,
  keysetSql,
  rowOf,
  type Statement,
} from "#worker/db/sql.ts";
import { BAN_ENDS_SQL } from "#worker/lib/community-bans.ts";
import { type CommunityRow, type MembershipRow, membershipColumns } from "#worker/lib/community-json.ts";
import {
  communitiesStatement,
  communityMap,
  membershipMap,
  membershipsStatement,
} from "#worker/lib/community-queries.ts";
import { ownerMap, ownersStatement, ownerWithId, toOwner } from "#worker/lib/owners.ts";
import { postCountStatements } from "#worker/lib/post-removal-queries.ts";
import { visiblePostIdSql, visiblePostSql } from "#worker/lib/post-visibility-queries.ts";
import { type Condition, type Counters, readCounted } from "#worker/lib/rate-limits.ts";
import { reactionLookupSql, reactionMap } from "#worker/lib/reaction-queries.ts";

// Every read and write of the posts feature (posts, drafts, votes, comments, the feed), one named
// function each. Plain SQL through the metered handle, so `X-D1-Rows-Read` counts all a request
// read (docs/decisions/041); Drizzle only for a single row's write by key. Rows come back typed as
// Drizzle types them; json.ts turns them into the API's JSON, the services decide.

export type PostRow = typeof microposts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type PostWithCommunity = PostRow & { communityName: string };

/** The columns of a post, for `FROM microposts m`. */
export const POST_COLUMNS = columnsOf(microposts, "m");
/** The columns of a comment, for `FROM comments c`. */
const COMMENT_COLUMNS = columnsOf(comments, "c");
/** The parent's public id beside a comment's columns. */
const PARENT_PUBLIC_ID = "(SELECT p.public_id FROM comments p WHERE p.id = c.parent_id) AS parent_public_id";
/** D1 accepts at most five terms in one compound SELECT; larger unions are nested. */
export const COMPOUND_MAX = 5;

export const toPosts = (rows: object[]): PostRow[] => rows.map((raw) => rowOf(microposts, raw));
/** The one rule of who sees a post (lib/post-visibility-queries.ts), for `FROM microposts m`. */
const VISIBLE = visiblePostSql("m");

// ---------------------------------------------------------------------------------------------
// Posts and drafts

/** A published post by its public id. */
export async function findPublishedPost(db: Database, postPublicId: string): Promise<PostRow | null> {
  const row = await db.first({
    sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.public_id = ?1 AND ${VISIBLE}`,
    binds: [postPublicId],
  });
  return row ? rowOf(microposts, row) : null;
}

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
 * and, when the form sends its fields, the community it names and the people its body names with @.
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
}> {
  const mentions = usersByNamesStatement(input.mentions);
  type Draft = { community_name: string | null };
  type Mention = { id: number; username: string };
  const [[raw], files, [verified], named = [], people = []] = await readCounted<
    [Draft, { file: string }, { verified: number }, Record<string, unknown>, Mention]
  >(db, limits, [
    {
      sql: `SELECT ${POST_COLUMNS}, c.name AS community_name
        FROM microposts m LEFT JOIN communities c ON c.id = m.community_id WHERE m.public_id = ?1`,
      binds: [input.postPublicId],
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
  const raw = await db.first({
    sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.public_id = ?1`,
    binds: [postPublicId],
  });
  return raw ? rowOf(microposts, raw) : null;
}

/**
 * A published post with its community's name, and whether its author and `actorId` blocked each
 * other (`blocking`: the author blocked the actor; `blocked`: the actor blocked the author), in
 * one round trip: what an action on someone's post checks first. The action's `limits` move in
 * that round trip and are judged first (a refused action answers 429 whether or not the post is there).
 */
export async function findPublishedPostForActor(
  db: Database,
  postPublicId: string,
  actorId: number,
  limits?: Counters,
): Promise<{ post: PostWithCommunity; blocking: boolean; blocked: boolean; banEnds: number | null } | null> {
  type Found = { community_name: string; blocking: number; blocked: number; ban_ends: number | null };
  const [[raw]] = await readCounted<[Found]>(db, limits, [
    {
      sql: `SELECT ${POST_COLUMNS}, c.name AS community_name,
        EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = m.owner_id AND b.blocked_id = ?2 AND m.owner_id <> ?2) AS blocking,
        EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?2 AND b.blocked_id = m.owner_id AND m.owner_id <> ?2) AS blocked,
        ${BAN_ENDS_SQL("m.community_id", "?2", "?3")} AS ban_ends
      FROM microposts m JOIN communities c ON c.id = m.community_id WHERE m.public_id = ?1 AND ${VISIBLE}`,
      binds: [postPublicId, actorId, Date.now()],
    },
  ]);
  if (!raw) return null;
  return {
    post: { ...rowOf(microposts, raw), communityName: raw.community_name },
    blocking: raw.blocking === 1,
    blocked: raw.blocked === 1,
    banEnds: raw.ban_ends,
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

/** A community by its name in any case, as `findCommunity` reads it. */
function communityByName(name: string): Statement {
  return {
    sql: `SELECT ${columnsOf(communities, "c")} FROM communities c WHERE lower(c.name) = lower(?1)`,
    binds: [name],
  };
}

/** Staff, verified users and verified businesses are verified: their posts are in the VERIFIED feed. */
function verifiedStatement(userId: number): Statement {
  return {
    sql: "SELECT (is_staff OR is_verified_user OR is_verified_business) AS verified FROM users WHERE id = ?1",
    binds: [userId],
  };
}

/** The stored links of a post's media files. */
export async function postFileLinks(db: Database, postId: number): Promise<string[]> {
  const rows = await db.all<{ file: string }>({
    sql: "SELECT file FROM micropost_files WHERE micropost_id = ?1",
    binds: [postId],
  });
  return rows.map((f) => f.file);
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

/**
 * After `editPostStatements`: a POST_EDITED notification for each person who has
 * a comment on the post (not the editor; not someone who switched comment notifications off or is
 * on either side of a block with them), unless the edit at `now` changed nothing (the post's
 * `edited_at` is not `now`) or they had one about this post in the last hour. Answers the rows.
 */
export function postEditedNoticeStatement(
  db: Database,
  post: { id: number; link: string; title: string },
  editorId: number,
  now: number,
): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT INTO notifications (user_id, kind, actor_id, link, text, is_read, created_at)
      SELECT DISTINCT c.owner_id, 'POST_EDITED', ?2, ?3, ?4, 0, ?5
        FROM comments c JOIN users u ON u.id = c.owner_id AND u.notify_comment = 1
       WHERE EXISTS (SELECT 1 FROM microposts m WHERE m.id = ?1 AND m.edited_at = ?5)
         AND c.micropost_id = ?1 AND c.is_deleted = 0 AND c.owner_id <> ?2
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = c.owner_id AND b.blocked_id = ?2)
                                                  OR (b.blocker_id = ?2 AND b.blocked_id = c.owner_id))
         AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = c.owner_id AND n.kind = 'POST_EDITED'
                           AND n.link = ?3 AND n.created_at > ?5 - 3600000)
      RETURNING id, user_id, kind, actor_id, link, text, created_at`,
    binds: [post.id, editorId, post.link, post.title, now],
  });
}

/** A version an edit replaced (micropost_versions). */
export type VersionRow = typeof micropostVersions.$inferSelect;
const VERSION_COLUMNS = columnsOf(micropostVersions, "v");

/**
 * A page of the versions an edit replaced, newest first, and how many there are: of a post
 * (`kind: "post"`) or of a comment, through its (post or comment, id) index.
 */
export async function versionPage(
  db: Database,
  kind: "post" | "comment",
  ownerId: number,
  q: { skip: number; limit: number },
): Promise<{ rows: VersionRow[]; total: number }> {
  const column = kind === "post" ? "micropost_id" : "comment_id";
  const [rows, count] = await db.batch<[object, { n: number }]>([
    {
      sql: `SELECT ${VERSION_COLUMNS} FROM micropost_versions v WHERE v.${column} = ?1 ORDER BY v.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [ownerId, q.limit, q.skip],
      isList: true,
    },
    { sql: `SELECT count(*) AS n FROM micropost_versions WHERE ${column} = ?1`, binds: [ownerId] },
  ]);
  return { rows: rows.map((raw) => rowOf(micropostVersions, raw)), total: count[0]?.n ?? 0 };
}

/** A stored version with the public id of its post or comment, for staff. */
export async function findVersion(
  db: Database,
  id: number,
): Promise<(VersionRow & { targetPublicId: string | null }) | null> {
  const raw = await db.first<{ target_public_id: string | null }>({
    sql: `SELECT ${VERSION_COLUMNS}, coalesce(
        (SELECT public_id FROM microposts WHERE id = v.micropost_id),
        (SELECT public_id FROM comments WHERE id = v.comment_id)) AS target_public_id
      FROM micropost_versions v WHERE v.id = ?1`,
    binds: [id],
  });
  return raw ? { ...rowOf(micropostVersions, raw), targetPublicId: raw.target_public_id } : null;
}

/** Wipes a stored version's text, once: a second redaction changes no row. */
export function redactVersionStatement(db: Database, id: number, now: number): D1PreparedStatement {
  return db.prepare({
    sql: "UPDATE micropost_versions SET title = NULL, body = '', redacted_at = ?2 WHERE id = ?1 AND redacted_at IS NULL",
    binds: [id, now],
  });
}

// ---------------------------------------------------------------------------------------------
// Bookmarks

/**
 * Saves or unsaves a published post for this person in one batch, decided inside it (as votes
 * are): an existing bookmark is marked and removed, a missing one goes in. Answers whether it is
 * saved after it, or undefined when the post is gone.
 */
export async function toggleBookmarkRow(
  db: Database,
  postId: number,
  userId: number,
): Promise<boolean | undefined> {
  const mine = "user_id = ?2 AND micropost_id = ?1";
  const results = await db.write([
    db.prepare({
      sql: `INSERT INTO micropost_bookmarks (user_id, micropost_id, created_at)
         SELECT ?2, ?1, ?3 WHERE ${visiblePostIdSql("?1")}
         ON CONFLICT (user_id, micropost_id) DO UPDATE SET created_at = -1`,
      binds: [postId, userId, Date.now()],
    }),
    db.prepare({
      sql: `DELETE FROM micropost_bookmarks WHERE ${mine} AND created_at = -1`,
      binds: [postId, userId],
    }),
    db.prepare({
      sql: `SELECT EXISTS (SELECT 1 FROM micropost_bookmarks WHERE ${mine}) AS saved
         FROM microposts WHERE id = ?1`,
      binds: [postId, userId],
    }),
  ]);
  const row = results[2]?.results[0] as { saved: number } | undefined;
  return row ? Boolean(row.saved) : undefined;
}

/** The ids of a page of someone's saved posts, newest saved first, and how many they saved. */
export async function bookmarkPostIds(
  db: Database,
  userId: number,
  q: { skip: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  // A saved post that is hidden now (removed by staff) is neither listed nor counted; it comes back
  // to the list if it is restored.
  const visible = visiblePostIdSql("b.micropost_id");
  const [rows, count] = await db.batch<[{ micropost_id: number }, { n: number }]>([
    {
      sql: `SELECT b.micropost_id FROM micropost_bookmarks b WHERE b.user_id = ?1 AND ${visible}
        ORDER BY b.created_at DESC, b.rowid DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, q.limit, q.skip],
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM micropost_bookmarks b WHERE b.user_id = ?1 AND ${visible}`,
      binds: [userId],
    },
  ]);
  return { ids: rows.map((r) => r.micropost_id), total: count[0]?.n ?? 0 };
}

/**
 * The statements that delete a post and move its counters, for the author's delete and for staff
 * removing a reported post (admin/reports). `guard` is SQL that must hold for any of them to act:
 * staff pass the condition that their resolution took effect in the same batch.
 */
export function postDeleteStatements(
  db: Database,
  row: { id: number; communityId: number; ownerId: number },
  guard = "1",
): D1PreparedStatement[] {
  const stillPublished = "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 0)";
  return [
    ...postCountStatements(db, row, -1, stillPublished, guard),
    db.prepare({ sql: `DELETE FROM microposts WHERE id = ?1 AND ${guard}`, binds: [row.id] }),
  ];
}

/**
 * Toggles a vote in one batch: the vote row and the count change together, and which way they go
 * is decided inside the transaction, so many toggles at once by the same person always leave the
 * count equal to the number of vote rows. Its last statement reads the count and the vote as they
 * are after it (`votedAfterToggle`). The caller adds the notification to the same batch.
 */
export function toggleVoteStatements(db: Database, postId: number, userId: number, now: number) {
  const mine = "micropost_id = ?1 AND user_id = ?2";
  return [
    // A new vote goes in; an existing one is marked (created_at = -1) to be taken out below.
    db.prepare({
      sql: `INSERT INTO micropost_votes (micropost_id, user_id, created_at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM microposts WHERE id = ?1)
         ON CONFLICT (micropost_id, user_id) DO UPDATE SET created_at = -1`,
      binds: [postId, userId, now],
    }),
    db.prepare({
      sql: `UPDATE microposts SET total_votes = total_votes +
           (CASE WHEN (SELECT created_at FROM micropost_votes WHERE ${mine}) = -1 THEN -1 ELSE 1 END)
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine})`,
      binds: [postId, userId],
    }),
    db.prepare({
      sql: `DELETE FROM micropost_votes WHERE ${mine} AND created_at = -1`,
      binds: [postId, userId],
    }),
    db.prepare({
      sql: `SELECT total_votes, EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine}) AS user_voted
         FROM microposts WHERE id = ?1`,
      binds: [postId, userId],
    }),
  ];
}

/** What the last of `toggleVoteStatements` read: the post's votes and whether the caller's stands. */
export function votedAfterToggle(
  results: D1Result[],
): { total_votes: number; user_voted: number } | undefined {
  return results[3]?.results[0] as { total_votes: number; user_voted: number } | undefined;
}

/**
 * The UPVOTE notification's extra condition (see `notificationStatements`), the post's id as ?7:
 * the caller's vote on it was put in by this very batch (its created_at is the batch's `now`).
 */
export const VOTE_IS_NEW =
  "EXISTS (SELECT 1 FROM micropost_votes WHERE micropost_id = ?7 AND user_id = ?3 AND created_at = ?6)";

/** A page of someone's drafts, newest first, and how many they have. */
export async function draftPage(
  db: Database,
  userId: number,
  q: { skip: number; limit: number },
): Promise<{ rows: PostRow[]; total: number }> {
  const [rows, count] = await db.batch<[object, { n: number }]>([
    {
      sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.owner_id = ?1 AND m.is_draft = 1 AND m.removed_at IS NULL
        ORDER BY m.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, q.limit, q.skip],
      isList: true,
    },
    {
      sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1 AND removed_at IS NULL",
      binds: [userId],
    },
  ]);
  return { rows: toPosts(rows), total: count[0]?.n ?? 0 };
}

export async function countDrafts(db: Database, userId: number): Promise<number> {
  const row = await db.first<{ n: number }>({
    sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1 AND removed_at IS NULL",
    binds: [userId],
  });
  return row?.n ?? 0;
}

/** What a page of drafts shows beside its rows: communities, the owner's memberships, files. */
export interface DraftLookups {
  communities: Map<number, CommunityRow>;
  memberships: Map<number, MembershipRow>;
  files: Map<number, MediaFile[]>;
}

export async function draftLookups(db: Database, userId: number, rows: PostRow[]): Promise<DraftLookups> {
  const communityIds = rows.map((r) => r.communityId);
  const media = rows.filter((r) => r.postType === "MEDIA").map((r) => r.id);
  const [communityRows, membershipRows, fileRows] = await db.batch<[object, object, object]>([
    communitiesStatement(communityIds),
    membershipsStatement(userId, communityIds),
    filesStatement(media),
  ]);
  return {
    communities: communityMap(communityRows),
    memberships: membershipMap(membershipRows),
    files: fileMap(fileRows),
  };
}

/** A draft's fields replaced; its files dropped (`dropFiles`) and a new one added (`media`). */
export function updateDraftStatements(
  db: Database,
  postId: number,
  fields: { title: string; body: string; slug: string; postType: PostType; communityId: number },
  files: {
    dropFiles: boolean;
    media: { url: string; kind: string; alt: string | null } | null;
    /** A new description for the file the draft keeps, when one was sent. */
    alt?: string | null;
  },
): D1PreparedStatement[] {
  return [
    db.prepare({
      sql: `UPDATE microposts SET title = ?1, body = ?2, slug = ?3, post_type = ?4, community_id = ?5, updated_at = ?6
         WHERE id = ?7 AND is_draft = 1 AND removed_at IS NULL`,
      binds: [
        fields.title,
        fields.body,
        fields.slug,
        fields.postType,
        fields.communityId,
        Date.now(),
        postId,
      ],
    }),
    ...(files.dropFiles
      ? [db.prepare({ sql: "DELETE FROM micropost_files WHERE micropost_id = ?1", binds: [postId] })]
      : []),
    ...(files.media
      ? [
          db.prepare({
            sql: "INSERT INTO micropost_files (micropost_id, file, file_type, alt) VALUES (?1, ?2, ?3, ?4)",
            binds: [postId, files.media.url, files.media.kind, files.media.alt],
          }),
        ]
      : []),
    ...(!files.media && !files.dropFiles && files.alt !== undefined
      ? [
          db.prepare({
            sql: "UPDATE micropost_files SET alt = ?2 WHERE micropost_id = ?1",
            binds: [postId, files.alt],
          }),
        ]
      : []),
  ];
}

/** A draft becomes a post, and the counters move, only if it is still a draft inside the batch. */
export function publishDraftStatements(
  db: Database,
  draft: { postId: number; communityId: number; userId: number; now: number; verified: boolean },
): D1PreparedStatement[] {
  const stillDraft =
    "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 1 AND removed_at IS NULL)";
  return [
    db.prepare({
      sql: `UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1 AND ${stillDraft}`,
      binds: [draft.communityId, draft.postId],
    }),
    db.prepare({
      sql: `UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1 AND ${stillDraft}`,
      binds: [draft.userId, draft.postId],
    }),
    db.prepare({
      sql: `UPDATE microposts SET is_draft = 0, published_at = ?1, updated_at = ?1, is_owner_verified = ?3
         WHERE id = ?2 AND is_draft = 1 AND removed_at IS NULL`,
      binds: [draft.now, draft.postId, draft.verified ? 1 : 0],
    }),
  ];
}

type Mentioned = Map<string, { id: number; username: string }>;

/** The people named with @ that exist; none to look for: null. Typed and lowercase forms both hit the index. */
function usersByNamesStatement(names: string[]): Statement | null {
  if (names.length === 0) return null;
  const candidates = [...new Set(names.flatMap((n) => [n, n.toLowerCase()]))];
  return {
    sql: `SELECT id, username FROM users WHERE username IN (${candidates.map((_, i) => `?${i + 1}`).join(",")})
      AND deleted_at IS NULL`,
    binds: candidates,
  };
}

const mentionedMap = (rows: Array<{ id: number; username: string }>): Mentioned =>
  new Map(rows.map((r) => [r.username.toLowerCase(), r]));

/** The people named with @ that exist, by lowercase name. */
export async function usersByNames(db: Database, names: string[]): Promise<Mentioned> {
  const statement = usersByNamesStatement(names);
  return mentionedMap(statement ? await db.all<{ id: number; username: string }>(statement) : []);
}

/** Holds while a community of that name exists: a post to a missing one counts toward no limit. */
export const communityNamed =
  (name: string): Condition =>
  (n) => ({ sql: `EXISTS (SELECT 1 FROM communities WHERE lower(name) = lower(?${n}))`, binds: [name] });

/**
 * What a new post reads before it is written, in one round trip with its limits' counters in front
 * (judged before these are looked at): the community by name (null: none), whether the author is
 * verified, and the people its body names with @ that exist.
 */
export async function readForNewPost(
  db: Database,
  input: { communityName: string; userId: number; mentions: string[]; flairId?: number | null },
  limits?: Counters,
): Promise<{
  community: CommunityRow | null;
  verified: boolean;
  mentioned: Mentioned;
  banEnds: number | null;
  flairCommunityId: number | null;
}> {
  const mentions = usersByNamesStatement(input.mentions);
  type Mention = { id: number; username: string };
  const [[community], [verified], [ban], [flair], people = []] = await readCounted<
    [
      Record<string, unknown>,
      { verified: number },
      { ends: number | null },
      { community_id: number },
      Mention,
    ]
  >(db, limits, [
    communityByName(input.communityName),
    verifiedStatement(input.userId),
    {
      sql: `SELECT ${BAN_ENDS_SQL("(SELECT id FROM communities WHERE lower(name) = lower(?1))", "?2", "?3")} AS ends`,
      binds: [input.communityName, input.userId, Date.now()],
    },
    { sql: "SELECT community_id FROM community_flairs WHERE id = ?1", binds: [input.flairId ?? 0] },
    ...(mentions ? [mentions] : []),
  ]);
  return {
    community: community ? rowOf(communities, community) : null,
    verified: Boolean(verified?.verified),
    mentioned: mentionedMap(people),
    banEnds: ban?.ends ?? null,
    flairCommunityId: flair?.community_id ?? null,
  };
}

/** When the person's ban from the community ends (-1: until lifted), or null when not banned. */
export async function banEnds(db: Database, communityId: number, userId: number): Promise<number | null> {
  const row = await db.first<{ ends: number | null }>({
    sql: `SELECT ${BAN_ENDS_SQL("?1", "?2", "?3")} AS ends`,
    binds: [communityId, userId, Date.now()],
  });
  return row?.ends ?? null;
}

/** The community a flair belongs to (null: no such flair). */
export async function flairCommunity(db: Database, flairId: number): Promise<number | null> {
  const row = await db.first<{ community_id: number }>({
    sql: "SELECT community_id FROM community_flairs WHERE id = ?1",
    binds: [flairId],
  });
  return row?.community_id ?? null;
}

/** Sets or clears a post's flair. */
export function setFlairStatement(db: Database, postId: number, flairId: number | null): D1PreparedStatement {
  return db.prepare({ sql: "UPDATE microposts SET flair_id = ?2 WHERE id = ?1", binds: [postId, flairId] });
}

// ---------------------------------------------------------------------------------------------
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
function window(limit: number, skip: number, values: number[] | null): string {
  return values ? ` LIMIT ${limit}` : ` LIMIT ${limit} OFFSET ${skip}`;
}

/** One page in one index range. */
function rangeStatement(where: string, order: Order, q: PostPageQuery, values: number[] | null): Statement {
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
  const { posts, extra, lookups } = await pageWithLookups(
    db,
    viewerId,
    rangeStatement(where, order, q, values),
    [{ sql: `SELECT value FROM site_counters WHERE key = '${key}'` }],
    values ? 0 : q.skip,
  );
  const count = extra[0] as Array<{ value: number }>;
  return { posts, total: count[0]?.value ?? 0, lookups };
}

/** The communities someone joined, or the people they follow, with each one's count of posts. */
export async function feedSources(
  db: Database,
  viewerId: number,
  kind: "communities" | "people",
): Promise<Array<{ id: number; total: number }>> {
  return db.all<{ id: number; total: number }>(
    kind === "communities"
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
  );
  return toPosts(await db.all({ ...statement, binds: [viewerId] }));
}

/** A community's id and count of posts, by name in any case (`?1`). */
/** The published posts of a flair of the community named `name` (its index range). */
export function flairPostCount(name: string, flairId: number): Statement {
  return {
    sql: `SELECT count(*) AS n FROM microposts m WHERE m.flair_id = ?2 AND ${VISIBLE}
          AND m.community_id = (SELECT id FROM communities WHERE lower(name) = lower(?1))`,
    binds: [name, flairId],
  };
}

export const COMMUNITY_POST_COUNT =
  "SELECT id, total_microposts FROM communities WHERE lower(name) = lower(?1)";

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
    }),
    binds: [name],
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
  const viewer = viewerId === null ? "NULL" : String(Math.trunc(viewerId));
  const { posts, extra, lookups } = await pageWithLookups(
    db,
    viewerId,
    page,
    [
      {
        sql: `SELECT u.id, EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ${viewer}) AS blocks_viewer
          FROM users u WHERE u.id = ${PERSON_BY_NAME}`,
        binds: [username],
      },
      {
        sql: `SELECT count(*) AS n FROM microposts m WHERE m.owner_id = ${PERSON_BY_NAME} AND ${VISIBLE}`,
        binds: [username],
      },
    ],
    q.skip,
  );
  const person = (extra[0] as Array<{ id: number; blocks_viewer: number }>)[0];
  const count = extra[1] as Array<{ n: number }>;
  return {
    posts,
    lookups,
    person: person ? { id: person.id } : null,
    blocksViewer: Boolean(person?.blocks_viewer),
    total: count[0]?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// What a feed item shows beside its post

const fileColumns = {
  micropostId: micropostFiles.micropostId,
  file: micropostFiles.file,
  fileType: micropostFiles.fileType,
  alt: micropostFiles.alt,
};

/** The media files of these posts, for `fileMap`. */
function filesStatement(postIds: Iterable<number>): Statement {
  return {
    sql: `SELECT ${columnsOf(fileColumns, "f")} FROM micropost_files f WHERE f.micropost_id IN (${idList(postIds)}) ORDER BY f.id`,
  };
}

/** Each post's files, in the order they were added. */
function fileMap(rows: object[]): Map<number, MediaFile[]> {
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

/** Everything a page of feed items shows beside its posts, keyed by post, community or person id. */
export interface PostLookups {
  owners: Map<number, Owner>;
  communities: Map<number, CommunityRow>;
  memberships: Map<number, MembershipRow>;
  voted: Set<number>;
  bookmarked: Set<number>;
  files: Map<number, MediaFile[]>;
  previews: Map<number, { comment: CommentRow; owner: Owner }>;
  flairs: Map<number, Flair>;
  /** Each post's reactions as the viewer sees them, by `reactionKey`. */
  reactions: Map<string, Reaction[]>;
}

/**
 * Where a page's lookups find their keys: either the ids of posts already read (`idKeys`), or the
 * page's own query, repeated as a `WITH page` in each lookup (`pageKeys`) so the page and all it
 * shows come back in one round trip. Each fragment goes inside `IN (...)`; `commented` answers a
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
    prefix: `WITH page AS (${page.sql}) `,
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
 * memberships, votes and saved posts.
 */
function lookupStatements(viewerId: number | null, k: PageKeys): Statement[] {
  const statements: Statement[] = [
    { sql: `${k.prefix}SELECT ${columnsOf(ownerWithId, "u")} FROM users u WHERE u.id IN (${k.owners})` },
    {
      sql: `${k.prefix}SELECT ${columnsOf(communities, "c")} FROM communities c WHERE c.id IN (${k.communities})`,
    },
    {
      sql: `${k.prefix}SELECT ${columnsOf(fileColumns, "f")} FROM micropost_files f WHERE f.micropost_id IN (${k.media}) ORDER BY f.id`,
    },
    {
      sql: `${k.prefix}SELECT ${columnsOf(comments, "c")}, ${columnsOf(ownerWithId, "u", "o_")}
              FROM (${k.commented}) j
              JOIN comments c ON c.id = (
                SELECT x.id FROM comments x
                WHERE x.micropost_id = j.value AND x.depth = 0 AND x.is_deleted = 0
                ORDER BY x.id DESC LIMIT 1)
              JOIN users u ON u.id = c.owner_id`,
    },
    { sql: `${k.prefix}SELECT id, name, colour FROM community_flairs WHERE id IN (${k.flairs})` },
    { sql: `${k.prefix}${reactionLookupSql("POST", k.posts, viewerId)}` },
  ];
  if (viewerId === null) return statements;
  const viewer = String(Math.trunc(viewerId));
  statements.push(
    {
      sql: `${k.prefix}SELECT ${columnsOf(membershipColumns, "cm")} FROM community_members cm
            WHERE cm.user_id = ${viewer} AND cm.community_id IN (${k.communities})`,
    },
    {
      sql: `${k.prefix}SELECT micropost_id FROM micropost_votes WHERE micropost_id IN (${k.posts}) AND user_id = ${viewer}`,
    },
    {
      sql: `${k.prefix}SELECT micropost_id FROM micropost_bookmarks WHERE user_id = ${viewer} AND micropost_id IN (${k.posts})`,
    },
  );
  return statements;
}

/** The answers of `lookupStatements`, in their order. */
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
  return toLookups((await db.batch(lookupStatements(viewerId, idKeys(posts)))) as object[][]);
}

/** Past this many rows skipped by offset, a page's lookups take their own round trip. */
const REPEAT_SKIP_MAX = 40;

/**
 * A page of posts and everything its feed items show, in one round trip: the page statement,
 * `extra` statements (a count), then the lookups, each of which reads the page again as a `WITH`
 * (a keyset page costs the same the second time; SQLite answers it from the pages it just read).
 */
export async function pageWithLookups(
  db: Database,
  viewerId: number | null,
  page: Statement,
  extra: Statement[] = [],
  skipped = 0,
): Promise<{ posts: PostRow[]; extra: object[][]; lookups: PostLookups }> {
  if (skipped > REPEAT_SKIP_MAX) {
    // Reading past many rows by offset: repeating that in every lookup would cost more than a
    // second round trip.
    const [rows, ...rest] = (await db.batch([page, ...extra])) as object[][];
    const posts = toPosts(rows!);
    return { posts, extra: rest, lookups: await postLookups(db, viewerId, posts) };
  }
  const lookups = lookupStatements(viewerId, pageKeys(page)).map((l) => ({ ...l, binds: page.binds }));
  const results = (await db.batch([page, ...extra, ...lookups])) as object[][];
  return {
    posts: toPosts(results[0]!),
    extra: results.slice(1, 1 + extra.length),
    lookups: toLookups(results.slice(1 + extra.length)),
  };
}

// ---------------------------------------------------------------------------------------------
// Comments

/** A comment's notification goes in only with the comment (?7, its public id). */
export const COMMENT_IS_IN = "EXISTS (SELECT 1 FROM comments WHERE public_id = ?7)";

/** Replies shown under one comment before "See more replies" leads to its own thread. */
export const REPLIES_PER_COMMENT = 10;

export type CommentWithParent = CommentRow & { parentPublicId: string | null };

/**
 * Slots 0 … 999 for reading a JSON array back as rows: `VALUES` runs as a co-routine, so a slot
 * costs no row read (a table or `json_each` would count one per element).
 */
const SLOT_COUNT = 1000;
const SLOTS = `VALUES ${Array.from({ length: SLOT_COUNT }, (_, i) => `(${i})`).join(",")}`;

/** Comments whose replies are loaded in one level of one page; the rest show "More comments". */
export const PARENTS_PER_LEVEL = 100;

/** Levels of replies read below a page (the whole post nests to depth 3: three levels). */
const REPLY_LEVELS = 3;

/** A comment as a JSON object, keyed as `rowOf` reads it. */
const COMMENT_JSON = jsonObjectOf(comments, "c");

export interface CommentTree {
  post: PostWithCommunity | null;
  /** The comment whose replies the page holds (single-comment view); null for the whole post. */
  focus: CommentWithParent | null;
  /** The page, then each level of replies, each in order. */
  rows: CommentRow[];
  pageLength: number;
  owners: Map<number, Owner>;
}

/**
 * Level `n + 1` of a tree from level `n` (a JSON column of the row before): for the first
 * PARENTS_PER_LEVEL comments of level `n` (in its order) that have replies and sit above `deepest`,
 * their first REPLIES_PER_COMMENT replies, oldest first, as one array per parent. Each parent's
 * replies are a correlated subquery with its own LIMIT, so the index is read for the replies
 * returned (and one entry past them when a parent has fewer than ten).
 */
function nextLevel(level: string, path: string, deepest: string): string {
  return `(SELECT jsonb_group_array(json(kids)) FROM (
      SELECT (SELECT json_group_array(json(e)) FROM (
          SELECT ${COMMENT_JSON} AS e FROM comments c WHERE c.parent_id = p.id
          ORDER BY c.id LIMIT ${REPLIES_PER_COMMENT})) AS kids
      FROM (SELECT x ->> '$.id' AS id
            FROM (SELECT json_extract(${level}, ${path}) AS x FROM s WHERE k < ${slotsOf(level, path)} LIMIT -1 OFFSET 0)
            WHERE x ->> '$.totalReplies' > 0 AND x ->> '$.depth' < ${deepest}
            LIMIT ${PARENTS_PER_LEVEL}) p))`;
}

/** How many slots a level needs (its elements, or ten for each of its arrays). */
const slotsOf = (level: string, path: string) =>
  path === FLAT ? `json_array_length(${level})` : `${REPLIES_PER_COMMENT} * json_array_length(${level})`;

/** Where element `k` of a level is: the page is one array; each level below, arrays of ten. */
const FLAT = `'$[' || k || ']'`;
const NESTED = `'$[' || (k / ${REPLIES_PER_COMMENT}) || '][' || (k % ${REPLIES_PER_COMMENT}) || ']'`;

/**
 * A post's comments as a list shows them, in one statement: the post with its community's name,
 * the focused comment (with its parent's public id) when `focusPublicId` is given, the page (top-level
 * comments newest first, or the focused comment's replies oldest first, from the cursor's id), up
 * to three levels of replies below it down to `deepest` (3 for the whole post, two below the page
 * in a single thread), and the authors of all of them once each.
 *
 * Each level is built as JSON from the one before, inside a chain of one-row steps, and read back
 * as rows through slots, so every comment is read from its index once and no level is read again.
 */
export async function commentTree(
  db: Database,
  q: {
    postPublicId: string;
    focusPublicId: string | null;
    limit: number;
    skip: number;
    values: number[] | null;
    moreDepth: number;
  },
): Promise<CommentTree> {
  const { values } = q;
  const focused = "(SELECT f.id FROM comments f WHERE f.public_id = ?2 AND f.micropost_id = m.id)";
  const page = q.focusPublicId
    ? `c.parent_id = ${focused}${values ? " AND c.id > ?3" : ""} ORDER BY c.id`
    : `c.micropost_id = m.id AND c.depth = 0${values ? " AND c.id < ?3" : ""} ORDER BY c.id DESC`;
  const deepest = q.focusPublicId ? `(focus ->> '$.depth') + 3` : `${q.moreDepth}`;
  const steps: string[] = [
    `st0 AS (SELECT json_set(${jsonObjectOf(microposts, "m")}, '$.communityName', k.name) AS post,
       (SELECT json_set(${COMMENT_JSON}, '$.parentPublicId', (SELECT p.public_id FROM comments p WHERE p.id = c.parent_id))
          FROM comments c WHERE c.public_id = ?2 AND c.micropost_id = m.id) AS focus,
       (SELECT jsonb_group_array(json(e)) FROM (
          SELECT ${COMMENT_JSON} AS e FROM comments c WHERE ${page}${window(q.limit, q.skip, values)})) AS l0
       FROM microposts m JOIN communities k ON k.id = m.community_id
       WHERE m.public_id = ?1 AND ${VISIBLE} LIMIT 1 OFFSET 0)`,
  ];
  for (let n = 1; n <= REPLY_LEVELS; n++) {
    steps.push(
      `st${n} AS (SELECT *, ${nextLevel(`l${n - 1}`, n === 1 ? FLAT : NESTED, deepest)} AS l${n} FROM st${n - 1} LIMIT 1 OFFSET 0)`,
    );
  }
  // Every author once: of the focused comment and of each comment not deleted, at every level.
  const authorsOf = (level: string, path: string) =>
    `SELECT x ->> '$.ownerId' AS o, x ->> '$.isDeleted' AS d FROM (SELECT json_extract(${level}, ${path}) AS x FROM s WHERE k < ${slotsOf(level, path)} LIMIT -1 OFFSET 0)`;
  steps.push(
    `st AS MATERIALIZED (SELECT *, (SELECT json_group_array(DISTINCT o) FROM (
         SELECT focus ->> '$.ownerId' AS o, focus ->> '$.isDeleted' AS d
         UNION ALL ${authorsOf("l0", FLAT)} UNION ALL ${authorsOf("l1", NESTED)}
         UNION ALL ${authorsOf("l2", NESTED)} UNION ALL ${authorsOf("l3", NESTED)}) WHERE o IS NOT NULL AND d = 0) AS authors
       FROM st${REPLY_LEVELS})`,
  );
  // A level's rows: slot k is element k of its array (a level holds at most `size` elements).
  const level = (n: number, path: string, size: number) =>
    `SELECT 'c' AS kind, x AS j, ${n} AS level, NULL AS focus, NULL AS more FROM (SELECT json_extract((SELECT l${n} FROM st), ${path}) AS x
       FROM s${size < SLOT_COUNT ? ` WHERE k < ${size}` : ""} LIMIT -1 OFFSET 0) WHERE x IS NOT NULL`;
  const pageSize = Math.min(q.limit, PARENTS_PER_LEVEL);
  // Authors past the slots (more than a thousand on one page) come inside the post's row.
  const moreAuthors = `(SELECT json_group_array(${jsonObjectOf(ownerWithId, "u")})
       FROM json_each(CASE WHEN json_array_length(authors) > ${SLOT_COUNT} THEN authors END) a
       JOIN users u ON u.id = a.value WHERE a.key >= ${SLOT_COUNT})`;
  const sql = `WITH s(k) AS NOT MATERIALIZED (${SLOTS}), ${steps.join(",\n")}
    SELECT 'p' AS kind, post AS j, NULL AS level, focus, ${moreAuthors} AS more FROM st
    UNION ALL ${level(0, FLAT, q.limit)}
    UNION ALL SELECT * FROM (${level(1, NESTED, REPLIES_PER_COMMENT * pageSize)}
      UNION ALL ${level(2, NESTED, SLOT_COUNT)} UNION ALL ${level(3, NESTED, SLOT_COUNT)})
    UNION ALL SELECT 'o', ${jsonObjectOf(ownerWithId, "u")}, NULL, NULL, NULL
      FROM (SELECT json_extract((SELECT authors FROM st), '$[' || k || ']') AS id FROM s LIMIT -1 OFFSET 0) a
      CROSS JOIN users u ON u.id = a.id`;
  const raw = await db.all<{
    kind: string;
    j: string;
    level: number | null;
    focus: string | null;
    more: string | null;
  }>({
    sql,
    binds: [q.postPublicId, q.focusPublicId, ...(values ?? [])],
    isList: true,
  });
  const tree: CommentTree = { post: null, focus: null, rows: [], pageLength: 0, owners: new Map() };
  const ownerRows: object[] = [];
  for (const row of raw) {
    const value = JSON.parse(row.j) as Record<string, unknown>;
    if (row.kind === "p") {
      tree.post = { ...rowOf(microposts, value), communityName: value.communityName as string };
      ownerRows.push(...(JSON.parse(row.more ?? "[]") as object[]));
      if (row.focus !== null) {
        const focus = JSON.parse(row.focus) as Record<string, unknown>;
        tree.focus = { ...rowOf(comments, focus), parentPublicId: (focus.parentPublicId as string) ?? null };
      }
    } else if (row.kind === "c") {
      tree.rows.push(rowOf(comments, value));
      if (row.level === 0) tree.pageLength += 1;
    } else ownerRows.push(value);
  }
  tree.owners = ownerMap(ownerRows);
  return tree;
}

/** These comments' reactions as the viewer sees them (none read when there are no comments). */
export async function commentReactions(
  db: Database,
  ids: number[],
  viewerId: number | null,
): Promise<Map<string, Reaction[]>> {
  if (ids.length === 0) return new Map();
  return reactionMap(await db.all({ sql: reactionLookupSql("COMMENT", idList(ids), viewerId) }));
}

/** Owners by id, as comments show them. */
export async function ownersByIds(db: Database, ids: number[]): Promise<Map<number, Owner>> {
  return ownerMap(await db.all(ownersStatement(ids)));
}

type CommentInPost = CommentWithParent & { postPublicId: string; postSlug: string; communityName: string };

/** A comment with its parent's public id and what its address needs: its post and community. */
export function commentInPostStatement(commentPublicId: string): Statement {
  return {
    sql: `SELECT ${COMMENT_COLUMNS}, ${PARENT_PUBLIC_ID},
        m.public_id AS post_public_id, m.slug AS post_slug, k.name AS community_name
      FROM comments c JOIN microposts m ON m.id = c.micropost_id JOIN communities k ON k.id = m.community_id
      WHERE c.public_id = ?1`,
    binds: [commentPublicId],
  };
}

/** A row `commentInPostStatement` read; null when there was none. */
export function toCommentInPost(raw: object | undefined): CommentInPost | null {
  if (!raw) return null;
  const extra = raw as {
    parent_public_id: string | null;
    post_public_id: string;
    post_slug: string;
    community_name: string;
  };
  return {
    ...rowOf(comments, raw),
    parentPublicId: extra.parent_public_id,
    postPublicId: extra.post_public_id,
    postSlug: extra.post_slug,
    communityName: extra.community_name,
  };
}

export async function findCommentInPost(
  db: Database,
  commentPublicId: string,
): Promise<CommentInPost | null> {
  return toCommentInPost((await db.first(commentInPostStatement(commentPublicId))) ?? undefined);
}

/** A comment by its public id, on this post only when `postId` is given. */
export async function findComment(
  db: Database,
  commentPublicId: string,
  postId?: number,
): Promise<CommentRow | null> {
  const raw = await db.first(
    postId === undefined
      ? { sql: `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.public_id = ?1`, binds: [commentPublicId] }
      : {
          sql: `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.public_id = ?1 AND c.micropost_id = ?2`,
          binds: [commentPublicId, postId],
        },
  );
  return raw ? rowOf(comments, raw) : null;
}

/** A comment by its public id while its post is visible (what anyone may read of it hangs on that). */
export async function findCommentOnVisiblePost(
  db: Database,
  commentPublicId: string,
): Promise<CommentRow | null> {
  const raw = await db.first({
    sql: `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.public_id = ?1 AND ${visiblePostIdSql("c.micropost_id")}`,
    binds: [commentPublicId],
  });
  return raw ? rowOf(comments, raw) : null;
}

/**
 * A comment or a reply, with every counter it moves (the post's comments, the parent's replies),
 * only if the post and the parent still exist inside the batch.
 */
export function insertCommentStatements(
  db: Database,
  comment: {
    publicId: string;
    postId: number;
    parent: CommentRow | null;
    ownerId: number;
    body: string;
    now: number;
  },
): D1PreparedStatement[] {
  const { parent } = comment;
  const depth = parent ? parent.depth + 1 : 0;
  // The counters move only if the row went in (the post or the parent may be gone by now).
  const inserted = "EXISTS (SELECT 1 FROM comments WHERE public_id = ?1)";
  return [
    db.prepare({
      sql: `INSERT INTO comments (public_id, micropost_id, parent_id, root_id, owner_id, body, depth, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8
         WHERE EXISTS (SELECT 1 FROM microposts WHERE id = ?2)
           AND (?3 IS NULL OR EXISTS (SELECT 1 FROM comments WHERE id = ?3 AND is_deleted = 0))`,
      binds: [
        comment.publicId,
        comment.postId,
        parent?.id ?? null,
        parent ? (parent.rootId ?? parent.id) : null,
        comment.ownerId,
        comment.body,
        depth,
        comment.now,
      ],
    }),
    db.prepare({
      sql: "UPDATE comments SET root_id = id WHERE public_id = ?1 AND root_id IS NULL",
      binds: [comment.publicId],
    }),
    db.prepare({
      sql: `UPDATE microposts SET total_comments = total_comments + 1, total_top_comments = total_top_comments + ?3
         WHERE id = ?2 AND ${inserted}`,
      binds: [comment.publicId, comment.postId, depth === 0 ? 1 : 0],
    }),
    db.prepare({
      sql: `UPDATE comments SET total_replies = total_replies + 1 WHERE id = ?2 AND ${inserted}`,
      binds: [comment.publicId, parent?.id ?? null],
    }),
  ];
}

/**
 * A comment's new body, unless it was deleted meanwhile, the version it replaces kept in
 * micropost_versions, in one batch. An edit that changes nothing keeps no version.
 */
export function editCommentStatements(db: Database, commentId: number, body: string, now: number) {
  return [
    db.prepare({
      sql: `INSERT INTO micropost_versions (comment_id, body, edited_at, replaced_at)
         SELECT id, body, edited_at, ?3 FROM comments WHERE id = ?1 AND is_deleted = 0 AND body != ?2`,
      binds: [commentId, body, now],
    }),
    db.prepare({
      sql: "UPDATE comments SET body = ?2, edited_at = ?3, updated_at = ?3 WHERE id = ?1 AND is_deleted = 0 AND body != ?2",
      binds: [commentId, body, now],
    }),
  ];
}

/**
 * The statements that delete a comment, for its author and for staff removing a reported one
 * (admin/reports). Whether it is removed or kept as a placeholder (it has replies, which keep their
 * place) is decided inside the batch, on the row as it is then; the counters move only if this
 * batch is the one that deletes it. `guard` is SQL that must hold for any of them to act.
 */
export function commentDeleteStatements(
  db: Database,
  row: { id: number; micropostId: number; parentId: number | null; depth: number },
  guard = "1",
): D1PreparedStatement[] {
  const alive = "EXISTS (SELECT 1 FROM comments WHERE id = ?1 AND is_deleted = 0)";
  const leaf = "(SELECT total_replies FROM comments WHERE id = ?1) = 0";
  return [
    db.prepare({
      sql: `UPDATE microposts SET total_comments = total_comments - 1,
           total_top_comments = total_top_comments - (CASE WHEN ?3 = 0 AND ${leaf} THEN 1 ELSE 0 END)
         WHERE id = ?2 AND ${alive} AND ${guard}`,
      binds: [row.id, row.micropostId, row.depth],
    }),
    db.prepare({
      sql: `UPDATE comments SET total_replies = total_replies - 1 WHERE id = ?2 AND ${alive} AND ${leaf} AND ${guard}`,
      binds: [row.id, row.parentId],
    }),
    db.prepare({
      sql: `UPDATE comments SET is_deleted = 1, body = '', updated_at = ?2
         WHERE id = ?1 AND is_deleted = 0 AND total_replies > 0 AND ${guard}`,
      binds: [row.id, Date.now()],
    }),
    db.prepare({
      sql: `DELETE FROM comments WHERE id = ?1 AND is_deleted = 0 AND total_replies = 0 AND ${guard}`,
      binds: [row.id],
    }),
  ];
}
