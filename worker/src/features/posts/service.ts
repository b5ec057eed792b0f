import { type Page, toPage } from "#shared/api.ts";
import type { MediaKind, PostType } from "#shared/enums.ts";
import {
  type CreatedPost,
  type Draft,
  type FeedItem,
  isBlankBody,
  type Micropost,
  POST_MSG,
  type VoteResult,
} from "#shared/schemas/posts.ts";
import type { Db } from "#worker/db/client.ts";
import type { Bindings } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId, slugify } from "#worker/lib/ids.ts";
import { hitRateLimit } from "#worker/middleware/rate-limit.ts";
import {
  COMMUNITY_SQL,
  type CommunitySqlRow,
  type MembershipSqlRow,
  toMembership,
} from "../communities/serialize";
import { notify } from "../notifications/service";
import { assertCanReach } from "../people/service";
import { toSafeHtml } from "./html";
import { loadFeedItems, POST_SQL, type PostSqlRow, postLink } from "./items";
import { deleteStoredFiles, storeUpload } from "./media";
import { notifyMentions, withMentionLinks } from "./mentions";
import { idList, type Reader } from "./reader";

const HOUR = 60 * 60 * 1000;
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

export async function findCommunity(reader: Reader, name: string): Promise<CommunitySqlRow> {
  const community = await reader.first<CommunitySqlRow>({
    sql: `SELECT ${COMMUNITY_SQL} FROM communities c WHERE lower(c.name) = lower(?1)`,
    binds: [name],
  });
  if (!community) fail(404, `The community c/${name} does not exist`);
  return community;
}

/**
 * Statements that make the user a member unless they are one; the count moves only when the row is
 * new (checked in the same transaction, so two joins at once count once).
 */
export function joinStatements(d1: D1Database, communityId: number, userId: number, now: number) {
  return [
    d1
      .prepare(
        `UPDATE communities SET total_members = total_members + 1 WHERE id = ?1
         AND NOT EXISTS (SELECT 1 FROM community_members WHERE community_id = ?1 AND user_id = ?2)`,
      )
      .bind(communityId, userId),
    d1
      .prepare(
        `INSERT INTO community_members (community_id, user_id, role, created_at) VALUES (?1, ?2, 'MEMBER', ?3)
         ON CONFLICT DO NOTHING`,
      )
      .bind(communityId, userId, now),
  ];
}

/** Staff, verified users and verified businesses are "verified" (part 2 §6). */
async function isVerified(reader: Reader, userId: number): Promise<boolean> {
  const row = await reader.first<{ verified: number }>({
    sql: "SELECT (is_staff OR is_verified_user OR is_verified_business) AS verified FROM users WHERE id = ?1",
    binds: [userId],
  });
  return Boolean(row?.verified);
}

/** The body as stored: sanitised, @names linked. A text post whose body sanitises to nothing is refused. */
async function storedBody(reader: Reader, body: string, type: PostType, required: boolean): Promise<string> {
  const html = body.trim() ? await withMentionLinks(reader, toSafeHtml(body)) : "";
  if (required && type === "TEXT" && isBlankBody(html)) fail(422, `body: ${POST_MSG.bodyRequired}`);
  return html;
}

async function storeMedia(env: Bindings, db: Db, userId: number, file: File) {
  return storeUpload(env, db, { file, ownerId: userId, field: "file", accept: "media", folder: "posts" });
}

/** A post, or a draft when `isDraft`. Posting in a community one has not joined joins it. */
export async function createPost(
  env: Bindings,
  reader: Reader,
  db: Db,
  user: Person,
  input: PostInput & { isDraft: boolean; file: File | null },
): Promise<CreatedPost> {
  const community = await findCommunity(reader, input.community_name);
  if (input.post_type === "MEDIA" && !input.file) fail(422, `file: ${POST_MSG.fileRequired}`);
  const body = await storedBody(reader, input.body, input.post_type, !input.isDraft);
  await hitRateLimit(reader, `post:${user.id}`, { max: POSTS_PER_HOUR, windowMs: HOUR });
  const media =
    input.post_type === "MEDIA" && input.file ? await storeMedia(env, db, user.id, input.file) : null;

  const id = publicId();
  const now = Date.now();
  const verified = await isVerified(reader, user.id);
  const d1 = reader.d1;
  const published = !input.isDraft;
  await d1.batch([
    ...(published ? joinStatements(d1, community.id, user.id, now) : []),
    d1
      .prepare(
        `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, post_type, is_draft,
           is_owner_verified, published_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)`,
      )
      .bind(
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
      ),
    ...(media
      ? [
          d1
            .prepare(
              "INSERT INTO micropost_files (micropost_id, file, file_type) SELECT id, ?2, ?3 FROM microposts WHERE public_id = ?1",
            )
            .bind(id, media.url, media.kind),
        ]
      : []),
    ...(published
      ? [
          d1
            .prepare("UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1")
            .bind(community.id),
          d1.prepare("UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1").bind(user.id),
        ]
      : []),
  ]);
  const link = postLink(community.name, id, slugify(input.title));
  if (published)
    await notifyMentions(reader, db, { html: body, before: "", actorId: user.id, link, text: input.title });
  return { public_id: id, link: published ? link : draftLink(id) };
}

/** A published post with its owner, community and newest comment. */
export async function getPost(
  reader: Reader,
  viewerId: number | null,
  postPublicId: string,
): Promise<FeedItem> {
  const row = await reader.first<PostSqlRow>({
    sql: `SELECT ${POST_SQL} FROM microposts m WHERE m.public_id = ?1 AND m.is_draft = 0`,
    binds: [postPublicId],
  });
  if (!row) fail(404, "Post not found");
  const [item] = await loadFeedItems(reader, viewerId, [row]);
  if (!item) fail(404, "Post not found");
  return item;
}

async function ownPost(
  reader: Reader,
  userId: number,
  postPublicId: string,
  drafts: "only" | "never" | "any",
) {
  const row = await reader.first<PostSqlRow>({
    sql: `SELECT ${POST_SQL} FROM microposts m WHERE m.public_id = ?1`,
    binds: [postPublicId],
  });
  const wrongKind = row && ((drafts === "only" && !row.is_draft) || (drafts === "never" && row.is_draft));
  // Someone else's draft does not exist as far as the caller can tell.
  if (!row || wrongKind || (row.is_draft && row.owner_id !== userId))
    fail(404, drafts === "only" ? "Draft not found" : "Post not found");
  if (row.owner_id !== userId) fail(403, "Only the author can change this post");
  return row;
}

/** Edits a text post's body in place (part 2 §2); media posts cannot be edited (part 2 §6). */
export async function editPost(
  reader: Reader,
  db: Db,
  user: Person,
  input: { public_id: string; body: string },
): Promise<Micropost> {
  const row = await ownPost(reader, user.id, input.public_id, "never");
  if (row.post_type === "MEDIA") fail(403, "Media posts cannot be edited");
  const body = await storedBody(reader, input.body, "TEXT", true);
  await reader.d1
    .prepare("UPDATE microposts SET body = ?1, updated_at = ?2 WHERE id = ?3")
    .bind(body, Date.now(), row.id)
    .run();
  const item = await getPost(reader, user.id, input.public_id);
  await notifyMentions(reader, db, {
    html: body,
    before: row.body,
    actorId: user.id,
    link: item.micropost.link,
    text: row.title,
  });
  return item.micropost;
}

/** Deletes a post or a draft with its votes, comments and files; counters move with it. */
export async function deletePost(
  env: Bindings,
  reader: Reader,
  user: Person,
  postPublicId: string,
): Promise<void> {
  const row = await ownPost(reader, user.id, postPublicId, "any");
  const files = await reader.all<{ file: string }>({
    sql: "SELECT file FROM micropost_files WHERE micropost_id = ?1",
    binds: [row.id],
  });
  const d1 = reader.d1;
  const stillPublished = "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 0)";
  await d1.batch([
    d1
      .prepare(
        `UPDATE communities SET total_microposts = total_microposts - 1 WHERE id = ?1 AND ${stillPublished}`,
      )
      .bind(row.community_id, row.id),
    d1
      .prepare(`UPDATE users SET total_microposts = total_microposts - 1 WHERE id = ?1 AND ${stillPublished}`)
      .bind(row.owner_id, row.id),
    d1.prepare("DELETE FROM microposts WHERE id = ?1").bind(row.id),
  ]);
  await deleteStoredFiles(
    env,
    files.map((f) => f.file),
  );
}

/**
 * Toggles the caller's vote in one batch: the vote row and the count change together, and which way
 * they go is decided inside the transaction. Many toggles at once by the same person therefore
 * always leave the count equal to the number of vote rows.
 */
export async function toggleVote(
  reader: Reader,
  db: Db,
  user: Person,
  postPublicId: string,
): Promise<VoteResult> {
  const post = await reader.first<{
    id: number;
    owner_id: number;
    title: string;
    link_community: string;
    slug: string;
  }>({
    sql: `SELECT m.id, m.owner_id, m.title, m.slug, c.name AS link_community FROM microposts m
      JOIN communities c ON c.id = m.community_id WHERE m.public_id = ?1 AND m.is_draft = 0`,
    binds: [postPublicId],
  });
  if (!post) fail(404, "Post not found");
  await assertCanReach(db, user.id, post.owner_id);
  const d1 = reader.d1;
  const mine = "micropost_id = ?1 AND user_id = ?2";
  const results = await d1.batch([
    // A new vote goes in; an existing one is marked (created_at = -1) to be taken out below.
    d1
      .prepare(
        `INSERT INTO micropost_votes (micropost_id, user_id, created_at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM microposts WHERE id = ?1)
         ON CONFLICT (micropost_id, user_id) DO UPDATE SET created_at = -1`,
      )
      .bind(post.id, user.id, Date.now()),
    d1
      .prepare(
        `UPDATE microposts SET total_votes = total_votes +
           (CASE WHEN (SELECT created_at FROM micropost_votes WHERE ${mine}) = -1 THEN -1 ELSE 1 END)
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine})`,
      )
      .bind(post.id, user.id),
    d1.prepare(`DELETE FROM micropost_votes WHERE ${mine} AND created_at = -1`).bind(post.id, user.id),
    d1
      .prepare(
        `SELECT total_votes, EXISTS (SELECT 1 FROM micropost_votes WHERE ${mine}) AS user_voted
         FROM microposts WHERE id = ?1`,
      )
      .bind(post.id, user.id),
  ]);
  const row = results[3]?.results[0] as { total_votes: number; user_voted: number } | undefined;
  if (!row) fail(404, "Post not found");
  const voted = Boolean(row.user_voted);
  if (voted) {
    await notify(db, {
      userId: post.owner_id,
      kind: "UPVOTE",
      actorId: user.id,
      link: postLink(post.link_community, postPublicId, post.slug),
      text: post.title,
    });
  }
  return { user_voted: voted, total_micropost_votes: row.total_votes };
}

// Drafts (part 2 §3, §4): visible to their owner alone; saved, updated, then published.

export function draftLink(draftPublicId: string): string {
  return `/post?draft=${draftPublicId}`;
}

async function toDrafts(reader: Reader, userId: number, rows: PostSqlRow[]): Promise<Draft[]> {
  if (rows.length === 0) return [];
  const communityIds = idList(rows.map((r) => r.community_id));
  const media = rows.filter((r) => r.post_type === "MEDIA").map((r) => r.id);
  const [communities, memberships, files] = await reader.batch<
    [CommunitySqlRow, MembershipSqlRow, { micropost_id: number; file: string; file_type: MediaKind }]
  >([
    { sql: `SELECT ${COMMUNITY_SQL} FROM communities c WHERE c.id IN (${communityIds})` },
    {
      sql: `SELECT community_id, role, created_at FROM community_members WHERE user_id = ?1 AND community_id IN (${communityIds})`,
      binds: [userId],
    },
    {
      sql: `SELECT micropost_id, file, file_type FROM micropost_files WHERE micropost_id IN (${idList(media)})`,
    },
  ]);
  const communityById = new Map(communities.map((c) => [c.id, c]));
  const membershipById = new Map(memberships.map((m) => [m.community_id, m]));
  const fileById = new Map(files.map((f) => [f.micropost_id, { file: f.file, file_type: f.file_type }]));
  return rows.map((row) => {
    const community = communityById.get(row.community_id);
    return {
      public_id: row.public_id,
      title: row.title,
      body: row.body,
      post_type: row.post_type,
      community: {
        name: community?.name ?? "",
        image: community?.image ?? null,
        user_membership: toMembership(membershipById.get(row.community_id)),
      },
      file: fileById.get(row.id) ?? null,
      link: draftLink(row.public_id),
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  });
}

export async function listDrafts(
  reader: Reader,
  userId: number,
  q: { skip: number; limit: number },
): Promise<Page<Draft>> {
  const [rows, count] = await reader.batch<[PostSqlRow, { n: number }]>([
    {
      sql: `SELECT ${POST_SQL} FROM microposts m WHERE m.owner_id = ?1 AND m.is_draft = 1
        ORDER BY m.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, q.limit, q.skip],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1", binds: [userId] },
  ]);
  return toPage(await toDrafts(reader, userId, rows), count[0]?.n ?? 0, q.limit);
}

export async function countDrafts(reader: Reader, userId: number): Promise<number> {
  const row = await reader.first<{ n: number }>({
    sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1",
    binds: [userId],
  });
  return row?.n ?? 0;
}

export async function getDraft(reader: Reader, userId: number, draftPublicId: string): Promise<Draft> {
  const row = await ownPost(reader, userId, draftPublicId, "only");
  const [draft] = await toDrafts(reader, userId, [row]);
  return draft!;
}

/** Replaces what the draft holds with the form's fields (and its media file, when one is sent). */
async function applyDraftFields(
  env: Bindings,
  reader: Reader,
  db: Db,
  user: Person,
  row: PostSqlRow,
  input: PostInput & { file: File | null },
  publishing: boolean,
): Promise<void> {
  const community = await findCommunity(reader, input.community_name);
  const body = await storedBody(reader, input.body, input.post_type, publishing);
  const oldFiles = await reader.all<{ file: string }>({
    sql: "SELECT file FROM micropost_files WHERE micropost_id = ?1",
    binds: [row.id],
  });
  if (publishing && input.post_type === "MEDIA" && !input.file && oldFiles.length === 0)
    fail(422, `file: ${POST_MSG.fileRequired}`);
  const media =
    input.post_type === "MEDIA" && input.file ? await storeMedia(env, db, user.id, input.file) : null;
  const d1 = reader.d1;
  const dropFiles = media !== null || input.post_type === "TEXT";
  await d1.batch([
    d1
      .prepare(
        `UPDATE microposts SET title = ?1, body = ?2, slug = ?3, post_type = ?4, community_id = ?5, updated_at = ?6
         WHERE id = ?7 AND is_draft = 1`,
      )
      .bind(input.title, body, slugify(input.title), input.post_type, community.id, Date.now(), row.id),
    ...(dropFiles ? [d1.prepare("DELETE FROM micropost_files WHERE micropost_id = ?1").bind(row.id)] : []),
    ...(media
      ? [
          d1
            .prepare("INSERT INTO micropost_files (micropost_id, file, file_type) VALUES (?1, ?2, ?3)")
            .bind(row.id, media.url, media.kind),
        ]
      : []),
  ]);
  if (dropFiles)
    await deleteStoredFiles(
      env,
      oldFiles.map((f) => f.file),
    );
}

export async function updateDraft(
  env: Bindings,
  reader: Reader,
  db: Db,
  user: Person,
  draftPublicId: string,
  input: PostInput & { file: File | null },
): Promise<Draft> {
  const row = await ownPost(reader, user.id, draftPublicId, "only");
  await applyDraftFields(env, reader, db, user, row, input, false);
  return getDraft(reader, user.id, draftPublicId);
}

/**
 * Publishes a draft, with the form's fields when they are sent (the create-post screen sends what is
 * on screen), else as saved. It must then pass every rule of a post.
 */
export async function publishDraft(
  env: Bindings,
  reader: Reader,
  db: Db,
  user: Person,
  draftPublicId: string,
  input: (PostInput & { file: File | null }) | null,
): Promise<CreatedPost> {
  let row = await ownPost(reader, user.id, draftPublicId, "only");
  if (input) {
    await applyDraftFields(env, reader, db, user, row, input, true);
    row = await ownPost(reader, user.id, draftPublicId, "only");
  } else {
    if (!row.title.trim()) fail(422, `title: ${POST_MSG.titleRequired}`);
    if (row.post_type === "TEXT" && isBlankBody(row.body)) fail(422, `body: ${POST_MSG.bodyRequired}`);
    if (row.post_type === "MEDIA") {
      const files = await reader.all({
        sql: "SELECT 1 FROM micropost_files WHERE micropost_id = ?1",
        binds: [row.id],
      });
      if (files.length === 0) fail(422, `file: ${POST_MSG.fileRequired}`);
    }
  }
  const community = await reader.first<{ id: number; name: string }>({
    sql: "SELECT id, name FROM communities WHERE id = ?1",
    binds: [row.community_id],
  });
  if (!community) fail(404, "The draft's community no longer exists");
  const now = Date.now();
  const verified = await isVerified(reader, user.id);
  const d1 = reader.d1;
  const stillDraft = "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 1)";
  await d1.batch([
    ...joinStatements(d1, community.id, user.id, now),
    d1
      .prepare(
        `UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1 AND ${stillDraft}`,
      )
      .bind(community.id, row.id),
    d1
      .prepare(`UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1 AND ${stillDraft}`)
      .bind(user.id, row.id),
    d1
      .prepare(
        `UPDATE microposts SET is_draft = 0, published_at = ?1, updated_at = ?1, is_owner_verified = ?3
         WHERE id = ?2 AND is_draft = 1`,
      )
      .bind(now, row.id, verified ? 1 : 0),
  ]);
  const link = postLink(community.name, row.public_id, row.slug);
  await notifyMentions(reader, db, { html: row.body, before: "", actorId: user.id, link, text: row.title });
  return { public_id: row.public_id, link };
}
