import { eq } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import type { PostType } from "#shared/enums.ts";
import {
  type CreatedPost,
  type Draft,
  type FeedItem,
  isBlankBody,
  POST_MSG,
  type Post,
  type VoteResult,
} from "#shared/schemas/posts.ts";
import type { Database } from "#worker/db/database.ts";
import { microposts } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId, slugify } from "#worker/lib/ids.ts";
import { deleteStoredFiles, storeUpload } from "#worker/lib/media.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";
import { HOUR } from "#worker/lib/time.ts";
import { toMembership } from "../communities/community-json";
import {
  communitiesStatement,
  communityMap,
  findCommunity,
  joinStatements,
  membershipMap,
  membershipsStatement,
} from "../communities/service";
import { notify } from "../notifications/service";
import { assertCanReach } from "../people/service";
import { fileMap, filesStatement, loadFeedItems } from "./feed-items";
import { toSafeHtml } from "./html";
import { notifyMentions, saveEditedBody, withMentionLinks } from "./mentions";
import { type PostRow, postLink } from "./post-json";

/** Posts and drafts one person may create in an hour: generous for people, a wall for scripts. */
const POSTS_PER_HOUR = 100;

export interface PostInput {
  title: string;
  body: string;
  community_name: string;
  post_type: PostType;
}

interface Person {
  id: number;
  username: string;
}

/** The columns of a post, for `FROM microposts m`. */
const POST_COLUMNS = columnsOf(microposts, "m");

/** Staff, verified users and verified businesses are verified: their posts are in the VERIFIED feed. */
async function isVerified({ db }: Deps, userId: number): Promise<boolean> {
  const row = await db.first<{ verified: number }>({
    sql: "SELECT (is_staff OR is_verified_user OR is_verified_business) AS verified FROM users WHERE id = ?1",
    binds: [userId],
  });
  return Boolean(row?.verified);
}

/** The body as stored: sanitised, @names linked. A text post whose body sanitises to nothing is refused. */
async function storedBody(deps: Deps, body: string, type: PostType, required: boolean): Promise<string> {
  const html = body.trim() ? await withMentionLinks(deps, toSafeHtml(body)) : "";
  if (required && type === "TEXT" && isBlankBody(html)) fail(422, POST_MSG.bodyRequired, { field: "body" });
  return html;
}

async function storeMedia(deps: Deps, userId: number, file: File) {
  return storeUpload(deps, { file, ownerId: userId, field: "file", accept: "media", folder: "posts" });
}

/** A post, or a draft when `isDraft`. Posting in a community one has not joined joins it. */
export async function createPost(
  deps: Deps,
  user: Person,
  input: PostInput & { isDraft: boolean; file: File | null },
): Promise<CreatedPost> {
  const { db } = deps;
  const community = await findCommunity(deps, input.community_name);
  if (input.post_type === "MEDIA" && !input.file) fail(422, POST_MSG.fileRequired, { field: "file" });
  const body = await storedBody(deps, input.body, input.post_type, !input.isDraft);
  await hitRateLimit(db, `post:${user.id}`, { max: POSTS_PER_HOUR, windowMs: HOUR });
  const media =
    input.post_type === "MEDIA" && input.file ? await storeMedia(deps, user.id, input.file) : null;

  const id = publicId();
  const now = Date.now();
  const verified = await isVerified(deps, user.id);
  const published = !input.isDraft;
  await db.write([
    ...(published ? joinStatements(db, community.id, user.id, now) : []),
    db.prepare({
      sql: `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, post_type, is_draft,
           is_owner_verified, published_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)`,
      binds: [
        id,
        user.id,
        community.id,
        input.title,
        body,
        slugify(input.title),
        input.post_type,
        published ? 0 : 1,
        verified ? 1 : 0,
        published ? now : null,
        now,
      ],
    }),
    ...(media
      ? [
          db.prepare({
            sql: "INSERT INTO micropost_files (micropost_id, file, file_type) SELECT id, ?2, ?3 FROM microposts WHERE public_id = ?1",
            binds: [id, media.url, media.kind],
          }),
        ]
      : []),
    ...(published
      ? [
          db.prepare({
            sql: "UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1",
            binds: [community.id],
          }),
          db.prepare({
            sql: "UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1",
            binds: [user.id],
          }),
        ]
      : []),
  ]);
  const link = postLink(community.name, id, slugify(input.title));
  if (published)
    await notifyMentions(deps, { html: body, before: "", actorId: user.id, link, text: input.title });
  return { public_id: id, link: published ? link : draftLink(id) };
}

/** A published post with its owner, community and newest comment. */
export async function getPost(deps: Deps, viewerId: number | null, postPublicId: string): Promise<FeedItem> {
  const row = await deps.db.first({
    sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.public_id = ?1 AND m.is_draft = 0`,
    binds: [postPublicId],
  });
  if (!row) fail(404, "Post not found");
  const [item] = await loadFeedItems(deps, viewerId, [rowOf(microposts, row)]);
  if (!item) fail(404, "Post not found");
  return item;
}

async function ownPost(
  { db }: Deps,
  userId: number,
  postPublicId: string,
  drafts: "only" | "never" | "any",
): Promise<PostRow> {
  const raw = await db.first({
    sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.public_id = ?1`,
    binds: [postPublicId],
  });
  const row = raw && rowOf(microposts, raw);
  const wrongKind = row && ((drafts === "only" && !row.isDraft) || (drafts === "never" && row.isDraft));
  // Someone else's draft does not exist as far as the caller can tell.
  if (!row || wrongKind || (row.isDraft && row.ownerId !== userId))
    fail(404, drafts === "only" ? "Draft not found" : "Post not found");
  if (row.ownerId !== userId) fail(403, "Only the author can change this post");
  return row;
}

/** Edits a text post's body in place; only its author may, and a media post cannot be edited. */
export async function editPost(
  deps: Deps,
  user: Person,
  input: { public_id: string; body: string },
): Promise<Post> {
  const row = await ownPost(deps, user.id, input.public_id, "never");
  if (row.postType === "MEDIA") fail(403, "Media posts cannot be edited");
  const body = await storedBody(deps, input.body, "TEXT", true);
  return saveEditedBody(deps, {
    actorId: user.id,
    before: row.body,
    body,
    text: row.title,
    save: () =>
      deps.db.orm.update(microposts).set({ body, updatedAt: Date.now() }).where(eq(microposts.id, row.id)),
    load: async () => (await getPost(deps, user.id, input.public_id)).micropost,
  });
}

/** Deletes a post or a draft with its votes, comments and files; counters move with it. */
export async function deletePost(deps: Deps, user: Person, postPublicId: string): Promise<void> {
  const { db } = deps;
  const row = await ownPost(deps, user.id, postPublicId, "any");
  const files = await db.all<{ file: string }>({
    sql: "SELECT file FROM micropost_files WHERE micropost_id = ?1",
    binds: [row.id],
  });
  await db.write(postDeleteStatements(db, row));
  await deleteStoredFiles(
    deps,
    files.map((f) => f.file),
  );
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
    db.prepare({
      sql: `UPDATE communities SET total_microposts = total_microposts - 1 WHERE id = ?1 AND ${stillPublished} AND ${guard}`,
      binds: [row.communityId, row.id],
    }),
    db.prepare({
      sql: `UPDATE users SET total_microposts = total_microposts - 1 WHERE id = ?1 AND ${stillPublished} AND ${guard}`,
      binds: [row.ownerId, row.id],
    }),
    db.prepare({ sql: `DELETE FROM microposts WHERE id = ?1 AND ${guard}`, binds: [row.id] }),
  ];
}

/**
 * Toggles the caller's vote in one batch: the vote row and the count change together, and which way
 * they go is decided inside the transaction. Many toggles at once by the same person therefore
 * always leave the count equal to the number of vote rows.
 */
export async function toggleVote(deps: Deps, user: Person, postPublicId: string): Promise<VoteResult> {
  const { db } = deps;
  const raw = await db.first<{ community_name: string }>({
    sql: `SELECT ${POST_COLUMNS}, c.name AS community_name FROM microposts m
      JOIN communities c ON c.id = m.community_id WHERE m.public_id = ?1 AND m.is_draft = 0`,
    binds: [postPublicId],
  });
  if (!raw) fail(404, "Post not found");
  const post = rowOf(microposts, raw);
  await assertCanReach(deps, user.id, post.ownerId);
  const mine = "micropost_id = ?1 AND user_id = ?2";
  const results = await db.write([
    // A new vote goes in; an existing one is marked (created_at = -1) to be taken out below.
    db.prepare({
      sql: `INSERT INTO micropost_votes (micropost_id, user_id, created_at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM microposts WHERE id = ?1)
         ON CONFLICT (micropost_id, user_id) DO UPDATE SET created_at = -1`,
      binds: [post.id, user.id, Date.now()],
    }),
    db.prepare({
      sql: `UPDATE microposts SET total_votes = total_votes +
           (CASE WHEN (SELECT created_at FROM micropost_votes WHERE ${mine}) = -1 THEN -1 ELSE 1 END)
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine})`,
      binds: [post.id, user.id],
    }),
    db.prepare({
      sql: `DELETE FROM micropost_votes WHERE ${mine} AND created_at = -1`,
      binds: [post.id, user.id],
    }),
    db.prepare({
      sql: `SELECT total_votes, EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine}) AS user_voted
         FROM microposts WHERE id = ?1`,
      binds: [post.id, user.id],
    }),
  ]);
  const row = results[3]?.results[0] as { total_votes: number; user_voted: number } | undefined;
  if (!row) fail(404, "Post not found");
  const voted = Boolean(row.user_voted);
  if (voted) {
    await notify(deps, {
      userId: post.ownerId,
      kind: "UPVOTE",
      actorId: user.id,
      link: postLink(raw.community_name, postPublicId, post.slug),
      text: post.title,
    });
  }
  return { user_voted: voted, total_micropost_votes: row.total_votes };
}

// Drafts: visible to their owner alone; saved, updated, then published.

export function draftLink(draftPublicId: string): string {
  return `/post?draft=${draftPublicId}`;
}

async function toDrafts({ db }: Deps, userId: number, rows: PostRow[]): Promise<Draft[]> {
  if (rows.length === 0) return [];
  const communityIds = rows.map((r) => r.communityId);
  const media = rows.filter((r) => r.postType === "MEDIA").map((r) => r.id);
  const [communityRows, membershipRows, fileRows] = await db.batch<[object, object, object]>([
    communitiesStatement(communityIds),
    membershipsStatement(userId, communityIds),
    filesStatement(media),
  ]);
  const communities = communityMap(communityRows);
  const memberships = membershipMap(membershipRows);
  const files = fileMap(fileRows);
  return rows.map((row) => {
    const community = communities.get(row.communityId);
    return {
      public_id: row.publicId,
      title: row.title,
      body: row.body,
      post_type: row.postType,
      community: {
        name: community?.name ?? "",
        image: community?.image ?? null,
        user_membership: toMembership(memberships.get(row.communityId)),
      },
      // A draft holds one file at most: a new one replaces it.
      file: files.get(row.id)?.at(-1) ?? null,
      link: draftLink(row.publicId),
      created_at: new Date(row.createdAt).toISOString(),
      updated_at: new Date(row.updatedAt).toISOString(),
    };
  });
}

export async function listDrafts(
  deps: Deps,
  userId: number,
  q: { skip: number; limit: number },
): Promise<Page<Draft>> {
  const [rows, count] = await deps.db.batch<[object, { n: number }]>([
    {
      sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.owner_id = ?1 AND m.is_draft = 1
        ORDER BY m.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, q.limit, q.skip],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1", binds: [userId] },
  ]);
  const drafts = await toDrafts(
    deps,
    userId,
    rows.map((r) => rowOf(microposts, r)),
  );
  return toPage(drafts, count[0]?.n ?? 0, q.limit);
}

export async function countDrafts({ db }: Deps, userId: number): Promise<number> {
  const row = await db.first<{ n: number }>({
    sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1",
    binds: [userId],
  });
  return row?.n ?? 0;
}

export async function getDraft(deps: Deps, userId: number, draftPublicId: string): Promise<Draft> {
  const row = await ownPost(deps, userId, draftPublicId, "only");
  const [draft] = await toDrafts(deps, userId, [row]);
  return draft!;
}

/** Replaces what the draft holds with the form's fields (and its media file, when one is sent). */
async function applyDraftFields(
  deps: Deps,
  user: Person,
  row: PostRow,
  input: PostInput & { file: File | null },
  publishing: boolean,
): Promise<void> {
  const { db } = deps;
  const community = await findCommunity(deps, input.community_name);
  const body = await storedBody(deps, input.body, input.post_type, publishing);
  const oldFiles = await db.all<{ file: string }>({
    sql: "SELECT file FROM micropost_files WHERE micropost_id = ?1",
    binds: [row.id],
  });
  if (publishing && input.post_type === "MEDIA" && !input.file && oldFiles.length === 0)
    fail(422, POST_MSG.fileRequired, { field: "file" });
  const media =
    input.post_type === "MEDIA" && input.file ? await storeMedia(deps, user.id, input.file) : null;
  const dropFiles = media !== null || input.post_type === "TEXT";
  await db.write([
    db.prepare({
      sql: `UPDATE microposts SET title = ?1, body = ?2, slug = ?3, post_type = ?4, community_id = ?5, updated_at = ?6
         WHERE id = ?7 AND is_draft = 1`,
      binds: [input.title, body, slugify(input.title), input.post_type, community.id, Date.now(), row.id],
    }),
    ...(dropFiles
      ? [db.prepare({ sql: "DELETE FROM micropost_files WHERE micropost_id = ?1", binds: [row.id] })]
      : []),
    ...(media
      ? [
          db.prepare({
            sql: "INSERT INTO micropost_files (micropost_id, file, file_type) VALUES (?1, ?2, ?3)",
            binds: [row.id, media.url, media.kind],
          }),
        ]
      : []),
  ]);
  if (dropFiles)
    await deleteStoredFiles(
      deps,
      oldFiles.map((f) => f.file),
    );
}

export async function updateDraft(
  deps: Deps,
  user: Person,
  draftPublicId: string,
  input: PostInput & { file: File | null },
): Promise<Draft> {
  const row = await ownPost(deps, user.id, draftPublicId, "only");
  await applyDraftFields(deps, user, row, input, false);
  return getDraft(deps, user.id, draftPublicId);
}

/**
 * Publishes a draft, with the form's fields when they are sent (the create-post screen sends what is
 * on screen), else as saved. It must then pass every rule of a post.
 */
export async function publishDraft(
  deps: Deps,
  user: Person,
  draftPublicId: string,
  input: (PostInput & { file: File | null }) | null,
): Promise<CreatedPost> {
  const { db } = deps;
  let row = await ownPost(deps, user.id, draftPublicId, "only");
  if (input) {
    await applyDraftFields(deps, user, row, input, true);
    row = await ownPost(deps, user.id, draftPublicId, "only");
  } else {
    if (!row.title.trim()) fail(422, POST_MSG.titleRequired, { field: "title" });
    if (row.postType === "TEXT" && isBlankBody(row.body)) fail(422, POST_MSG.bodyRequired, { field: "body" });
    if (row.postType === "MEDIA") {
      const files = await db.all({
        sql: "SELECT 1 FROM micropost_files WHERE micropost_id = ?1",
        binds: [row.id],
      });
      if (files.length === 0) fail(422, POST_MSG.fileRequired, { field: "file" });
    }
  }
  const community = await db.first<{ id: number; name: string }>({
    sql: "SELECT id, name FROM communities WHERE id = ?1",
    binds: [row.communityId],
  });
  if (!community) fail(404, "The draft's community no longer exists");
  const now = Date.now();
  const verified = await isVerified(deps, user.id);
  const stillDraft = "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 1)";
  await db.write([
    ...joinStatements(db, community.id, user.id, now),
    db.prepare({
      sql: `UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1 AND ${stillDraft}`,
      binds: [community.id, row.id],
    }),
    db.prepare({
      sql: `UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1 AND ${stillDraft}`,
      binds: [user.id, row.id],
    }),
    db.prepare({
      sql: `UPDATE microposts SET is_draft = 0, published_at = ?1, updated_at = ?1, is_owner_verified = ?3
         WHERE id = ?2 AND is_draft = 1`,
      binds: [now, row.id, verified ? 1 : 0],
    }),
  ]);
  const link = postLink(community.name, row.publicId, row.slug);
  await notifyMentions(deps, { html: row.body, before: "", actorId: user.id, link, text: row.title });
  return { public_id: row.publicId, link };
}
