import { type Page, toPage } from "#shared/api.ts";
import type { PostType } from "#shared/enums.ts";
import type { BookmarkResult } from "#shared/schemas/bookmarks.ts";
import { COMMUNITY_MOD_MSG } from "#shared/schemas/community-moderation.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import {
  type CreatedPost,
  type Draft,
  type FeedItem,
  isBlankBody,
  POST_MSG,
  type Post,
  type VoteResult,
} from "#shared/schemas/posts.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { refuseIfBanned } from "#worker/lib/community-bans.ts";
import { joinStatements } from "#worker/lib/community-queries.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId, slugify } from "#worker/lib/ids.ts";
import { deleteStoredFiles, storeUpload } from "#worker/lib/media.ts";
import { findMentions, toSafeHtml } from "#worker/lib/post-html.ts";
import { draftLink, postLink, toDrafts, toFeedItems } from "#worker/lib/post-json.ts";
import { hitBurstLimit, hitCounters, rateCounter } from "#worker/lib/rate-limits.ts";
import { HOUR } from "#worker/lib/time.ts";
import { actionCounters, hitTrustLimit, trustAfterContribution } from "#worker/lib/trust.ts";
import { loadPostItems } from "./feed";
import { linkedWith, mentionsTold, saveEditedBody } from "./mentions";
import type { PostRow } from "./queries";
import * as queries from "./queries";

// The rules of posts, drafts and votes: who may do what, and what must hold. The SQL is in
// queries.ts, the JSON in json.ts.

/** Posts and drafts one person may create in an hour: generous for people, a wall for scripts. */
const POSTS_PER_HOUR = 100;
/** One vote a person makes counts in the edge's burst limiter for this many seconds. */
const VOTE_BURST_SECONDS = 60;

export interface PostInput {
  title: string;
  body: string;
  community_name: string;
  post_type: PostType;
  /** The media file's description; undefined when the form did not send one. */
  alt?: string | null;
  /** One of the community's flairs; null or undefined for none. */
  flair_id?: number | null;
}

interface Person {
  id: number;
  username: string;
}

async function storeMedia(deps: Deps, userId: number, file: File) {
  return storeUpload(deps, { file, ownerId: userId, field: "file", accept: "media", folder: "posts" });
}

/**
 * A post, or a draft when `isDraft`. Posting in a community one has not joined joins it. Its hourly
 * limit and (published) the daily allowance by trust level count in the round trip of its first
 * read; a post refused for its community or its fields, found without a read, counts toward neither.
 */
export async function createPost(
  deps: Deps,
  user: Person,
  input: PostInput & { isDraft: boolean; file: File | null },
): Promise<CreatedPost> {
  const { db } = deps;
  const safe = input.body.trim() ? toSafeHtml(input.body) : "";
  // Fields refused without a read: answered after the community's 404, as before, and counted
  // nowhere (linking @names never makes a body blank or not).
  const refusedField =
    input.post_type === "MEDIA" && !input.file
      ? ({ message: POST_MSG.fileRequired, field: "file" } as const)
      : !input.isDraft && input.post_type === "TEXT" && isBlankBody(safe)
        ? ({ message: POST_MSG.bodyRequired, field: "body" } as const)
        : null;
  const rate = { key: `post:${user.id}`, rule: { max: POSTS_PER_HOUR, windowMs: HOUR } };
  const onlyIf = queries.communityNamed(input.community_name);
  // A draft is not published, so it spends no post allowance; the file it keeps spends an upload
  // of the day's allowance by level, as the editor's pictures and chat pictures do.
  const limits = refusedField
    ? undefined
    : !input.isDraft
      ? await actionCounters(deps, user, rate, "post", { onlyIf })
      : input.post_type === "MEDIA"
        ? await actionCounters(deps, user, rate, "upload", { onlyIf })
        : rateCounter(db, rate.key, rate.rule, Date.now(), onlyIf);
  const flairId = input.flair_id ?? null;
  const { community, verified, mentioned, banEnds, flairCommunityId } = await queries.readForNewPost(
    db,
    { communityName: input.community_name, userId: user.id, mentions: findMentions(safe), flairId },
    limits,
  );
  if (!community) fail(404, `The community c/${input.community_name} does not exist`);
  if (!input.isDraft) refuseIfBanned(banEnds);
  if (refusedField) fail(422, refusedField.message, { field: refusedField.field });
  if (flairId !== null && flairCommunityId !== community.id)
    fail(422, COMMUNITY_MOD_MSG.flairOfOtherCommunity, { field: "flair_id" });
  const body = linkedWith(safe, mentioned);
  const stored =
    input.post_type === "MEDIA" && input.file ? await storeMedia(deps, user.id, input.file) : null;
  const media = stored ? { ...stored, alt: input.alt ?? null } : null;

  const id = publicId();
  const now = Date.now();
  const published = !input.isDraft;
  const link = postLink(community.name, id, slugify(input.title));
  // The people it names hear of it in the same batch, once it is published (docs/decisions/223).
  const told = published
    ? await mentionsTold(deps, {
        html: body,
        before: "",
        actorId: user.id,
        link,
        text: input.title,
        known: mentioned,
        now,
        onlyIf: { sql: queries.POST_PUBLISHED_NOW, binds: [id] },
      })
    : null;
  const results = await db.write([
    ...(published ? joinStatements(db, community.id, user.id, now) : []),
    ...queries.insertPostStatements(db, {
      publicId: id,
      ownerId: user.id,
      communityId: community.id,
      title: input.title,
      body,
      slug: slugify(input.title),
      postType: input.post_type,
      published,
      verified,
      now,
      media,
      flairId,
    }),
    ...(published ? trustAfterContribution(db, user, now) : []),
    ...(told?.statements ?? []),
  ]);
  if (told) await told.after(results.slice(results.length - told.statements.length));
  return { public_id: id, link: published ? link : draftLink(id) };
}

/** A published post with its owner, community and newest comment. */
export async function getPost(deps: Deps, viewerId: number | null, postPublicId: string): Promise<FeedItem> {
  // The post and all its item shows, in one round trip.
  const { posts, lookups } = await queries.pageWithLookups(
    deps.db,
    viewerId,
    queries.publishedPostStatement(postPublicId),
  );
  const [item] = toFeedItems(posts, lookups, viewerId);
  if (!item) fail(404, "Post not found");
  return item;
}

/** The caller's own post or draft from `row`, else the 404 or 403 the caller may see. */
function ownRow(row: PostRow | null, userId: number, drafts: "only" | "never" | "any"): PostRow {
  const wrongKind = row && ((drafts === "only" && !row.isDraft) || (drafts === "never" && row.isDraft));
  // Someone else's draft does not exist as far as the caller can tell; nor does a post staff hid
  // (it is kept unchanged for the appeal).
  if (!row || wrongKind || row.removedAt !== null || (row.isDraft && row.ownerId !== userId))
    fail(404, drafts === "only" ? "Draft not found" : "Post not found");
  if (row.ownerId !== userId) fail(403, "Only the author can change this post");
  return row;
}

async function ownPost(
  { db }: Deps,
  userId: number,
  postPublicId: string,
  drafts: "only" | "never" | "any",
): Promise<PostRow> {
  return ownRow(await queries.findAnyPost(db, postPublicId), userId, drafts);
}

/**
 * Edits a text post's body in place; only its author may, and a media post cannot be edited. The
 * post, the flair's community and the people the new body names are read in the first round trip
 * (the token check riding in it), the edit allowance counted in the next, and the body and flair
 * stored with the post read back as its item shows it and the commenters' notice checked, in one
 * batch; people named for the first time hear of it after (`saveEditedBody`).
 */
export async function editPost(
  deps: Deps,
  user: Person & Pick<AuthUser, "trust">,
  input: { public_id: string; body: string; flair_id?: number | null },
): Promise<Post> {
  const { db } = deps;
  const safe = input.body.trim() ? toSafeHtml(input.body) : "";
  const read = await queries.postToEdit(db, {
    postPublicId: input.public_id,
    mentions: findMentions(safe),
    flairId: input.flair_id,
  });
  const row = ownRow(read.row, user.id, "never");
  if (row.postType === "MEDIA") fail(403, "Media posts cannot be edited");
  const body = linkedWith(safe, read.mentioned);
  if (isBlankBody(body)) fail(422, POST_MSG.bodyRequired, { field: "body" });
  const flairId = input.flair_id;
  if (flairId !== undefined && flairId !== null && read.flairCommunityId !== row.communityId)
    fail(422, COMMUNITY_MOD_MSG.flairOfOtherCommunity, { field: "flair_id" });
  const flair = flairId === undefined ? [] : [queries.setFlairStatement(db, row.id, flairId)];
  const now = Date.now();
  return saveEditedBody(deps, {
    user,
    actorId: user.id,
    before: row.body,
    body,
    known: read.mentioned,
    text: row.title,
    save: async () => {
      const edit = [...queries.editPostStatements(db, row.id, body, now), ...flair];
      const shown = queries.shownPostStatement(db, user.id, input.public_id);
      const link = postLink(read.communityName, input.public_id, row.slug);
      const told = deps.events.postEdited({ postId: row.id, actorId: user.id, link, title: row.title, now });
      const results = await db.write([...edit, shown.statement, ...told.statements]);
      const { posts, lookups } = shown.read(results[edit.length]);
      const [item] = toFeedItems(posts, lookups, user.id);
      if (!item) fail(404, "Post not found");
      // The people who commented hear of the edit (once an hour), checked in the batch that made it.
      await told.after(results.slice(edit.length + 1));
      return item.micropost;
    },
  });
}

/** Deletes a post or a draft with its votes, comments and files; counters move with it. */
export async function deletePost(deps: Deps, user: Person, postPublicId: string): Promise<void> {
  const { db } = deps;
  const row = await ownPost(deps, user.id, postPublicId, "any");
  const results = await db.write(queries.postDeleteWithFilesStatements(db, row));
  await deleteStoredFiles(deps, queries.deletedFileLinks(results));
}

/**
 * Toggles the caller's vote in one round trip (the token check rides in it): the post with the
 * blocks and the caller's ban, the vote and its count (written only when the caller may vote on the
 * post, as SQL finds it), the author's notice's check (only when this batch put a vote in) and the
 * count read back (queries `toggleVoteStatements`: which way it goes is decided inside the batch).
 */
export async function toggleVote(deps: Deps, user: Person, postPublicId: string): Promise<VoteResult> {
  const { db } = deps;
  // A burst of votes is refused at the edge's counter, before any round trip (docs/decisions/091).
  await hitBurstLimit(deps.env.VOTE_LIMITER, `vote:${user.id}`, VOTE_BURST_SECONDS);
  const now = Date.now();
  let found: queries.PostForActor | null = null;
  const toggle = queries.toggleVoteStatements(db, postPublicId, user.id, now);
  const told = deps.events.postUpvoted({
    actorId: user.id,
    author: { sql: queries.VOTED_POST_AUTHOR, bind: postPublicId },
    post: () => ({
      link: found ? postLink(found.post.communityName, postPublicId, found.post.slug) : "",
      title: found?.post.title ?? "",
    }),
    now,
    onlyIf: { sql: queries.VOTE_IS_NEW, binds: [postPublicId] },
  });
  const results = await db.write([
    db.prepare(queries.postForActorStatement(postPublicId, user.id, now)),
    ...toggle,
    ...told.statements,
  ]);
  found = queries.postForActorOf(results[0]?.results[0] as queries.PostForActorRow | undefined);
  if (!found) fail(404, "Post not found");
  if (found.blocking) fail(403, PEOPLE_MSG.blockedByThem);
  if (found.blocked) fail(403, PEOPLE_MSG.blockedByYou);
  refuseIfBanned(found.banEnds);
  const row = queries.votedAfterToggle(results.slice(1));
  if (!row) fail(404, "Post not found");
  await deps.live.postActivity(postPublicId, user.id);
  await told.after(results.slice(1 + toggle.length));
  return { user_voted: Boolean(row.user_voted), total_micropost_votes: row.total_votes };
}

/** Saves or unsaves a published post for the caller (their Saved page). */
export async function toggleBookmark(
  deps: Deps,
  user: Person,
  postPublicId: string,
): Promise<BookmarkResult> {
  const saved = await queries.toggleBookmarkRow(deps.db, postPublicId, user.id);
  if (saved === undefined) fail(404, "Post not found");
  return { bookmarked: saved };
}

/** The caller's saved posts, newest saved first; a saved post that is gone is gone from the list. */
export async function listBookmarks(
  deps: Deps,
  userId: number,
  q: { skip: number; limit: number },
): Promise<Page<FeedItem>> {
  const { ids, total } = await queries.bookmarkPostIds(deps.db, userId, q);
  return toPage(await loadPostItems(deps, ids, userId), total, q.limit);
}

// Drafts: visible to their owner alone; saved, updated, then published.

export async function listDrafts(
  deps: Deps,
  userId: number,
  q: { skip: number; limit: number },
): Promise<Page<Draft>> {
  const { rows, lookups, total } = await queries.draftPage(deps.db, userId, q);
  return toPage(toDrafts(rows, lookups), total, q.limit);
}

export async function countDrafts({ db }: Deps, userId: number): Promise<number> {
  return queries.countDrafts(db, userId);
}

export async function getDraft(deps: Deps, userId: number, draftPublicId: string): Promise<Draft> {
  const found = await queries.anyPostWithDraftLookups(deps.db, userId, draftPublicId);
  const [draft] = toDrafts([ownRow(found.row, userId, "only")], found.lookups);
  return draft!;
}

/** Replaces what the draft holds with the form's fields (and its media file, when one is sent). */
/**
 * A draft's new fields as statements for its batch: the media file (when one is sent) stored first,
 * and the stored files it replaces (`dropped`, to delete once the batch has landed).
 */
async function draftFieldStatements(
  deps: Deps,
  user: Person,
  rowId: number,
  input: PostInput & { file: File | null },
  fields: { body: string; communityId: number; oldFiles: string[] },
): Promise<{ statements: D1PreparedStatement[]; dropped: string[] }> {
  const sendsFile = input.post_type === "MEDIA" && input.file !== null;
  // A new file spends an upload of the day's allowance by level (lib/trust.ts).
  if (sendsFile) await hitTrustLimit(deps, user, "upload");
  const stored = sendsFile && input.file ? await storeMedia(deps, user.id, input.file) : null;
  const media = stored ? { ...stored, alt: input.alt ?? null } : null;
  const dropFiles = media !== null || input.post_type === "TEXT";
  const statements = queries.updateDraftStatements(
    deps.db,
    rowId,
    {
      title: input.title,
      body: fields.body,
      slug: slugify(input.title),
      postType: input.post_type,
      communityId: fields.communityId,
    },
    { dropFiles, media, alt: input.alt },
  );
  return { statements, dropped: dropFiles ? fields.oldFiles : [] };
}

/**
 * Saves a draft's fields as sent (a draft's lighter rules). The draft, its community, the files it
 * holds and the people its body names are read in the first round trip (the token check riding in
 * it); a new media file spends an upload and is stored after that; then the fields are written and
 * the draft read back as its page shows it, in one batch.
 */
export async function updateDraft(
  deps: Deps,
  user: Person,
  draftPublicId: string,
  input: PostInput & { file: File | null },
): Promise<Draft> {
  const { db } = deps;
  const safe = input.body.trim() ? toSafeHtml(input.body) : "";
  const read = await queries.draftToSave(db, {
    postPublicId: draftPublicId,
    communityName: input.community_name,
    mentions: findMentions(safe),
  });
  const row = ownRow(read.row, user.id, "only");
  if (!read.community) fail(404, `The community c/${input.community_name} does not exist`);
  const { statements, dropped } = await draftFieldStatements(deps, user, row.id, input, {
    body: linkedWith(safe, read.mentioned),
    communityId: read.community.id,
    oldFiles: read.fileLinks,
  });
  const shown = queries.shownDraftStatements(db, user.id, draftPublicId);
  const results = await db.write([...statements, ...shown.statements]);
  await deleteStoredFiles(deps, dropped);
  const saved = shown.read(results.slice(statements.length));
  const [draft] = toDrafts([ownRow(saved.row, user.id, "only")], saved.lookups);
  return draft!;
}

/**
 * Publishes a draft, with the form's fields when they are sent (the create-post screen sends what is
 * on screen), else as saved. It must then pass every rule of a post. The daily allowance by trust
 * level counts in the round trip of the first read, only for a draft of the caller's own; the
 * fields, the join and the publishing are written in one batch.
 */
export async function publishDraft(
  deps: Deps,
  user: Person,
  draftPublicId: string,
  input: (PostInput & { file: File | null }) | null,
): Promise<CreatedPost> {
  const { db } = deps;
  const safe = input?.body.trim() ? toSafeHtml(input.body) : "";
  const limits = await actionCounters(deps, user, null, "post", {
    onlyIf: queries.ownDraftNamed(draftPublicId, user.id),
  });
  const read = await queries.readForPublish(
    db,
    {
      postPublicId: draftPublicId,
      userId: user.id,
      communityName: input?.community_name ?? null,
      mentions: input ? findMentions(safe) : [],
    },
    limits,
  );
  const row = ownRow(read.row, user.id, "only");
  let draft: { title: string; body: string; slug: string; community: { id: number; name: string } };
  let update: D1PreparedStatement[] = [];
  let dropped: string[] = [];
  if (input) {
    const community = read.community;
    if (!community) fail(404, `The community c/${input.community_name} does not exist`);
    const body = linkedWith(safe, read.mentioned);
    if (input.post_type === "TEXT" && isBlankBody(body)) fail(422, POST_MSG.bodyRequired, { field: "body" });
    if (input.post_type === "MEDIA" && !input.file && read.files.length === 0)
      fail(422, POST_MSG.fileRequired, { field: "file" });
    ({ statements: update, dropped } = await draftFieldStatements(deps, user, row.id, input, {
      body,
      communityId: community.id,
      oldFiles: read.files,
    }));
    draft = { title: input.title, body, slug: slugify(input.title), community };
  } else {
    if (!row.title.trim()) fail(422, POST_MSG.titleRequired, { field: "title" });
    if (row.postType === "TEXT" && isBlankBody(row.body)) fail(422, POST_MSG.bodyRequired, { field: "body" });
    if (row.postType === "MEDIA" && read.files.length === 0)
      fail(422, POST_MSG.fileRequired, { field: "file" });
    if (read.communityName === null) fail(404, "The draft's community no longer exists");
    draft = {
      title: row.title,
      body: row.body,
      slug: row.slug,
      community: { id: row.communityId, name: read.communityName },
    };
  }
  // A ban from the community refuses publishing there as it refuses a new post (read with the draft).
  refuseIfBanned(read.banEnds);

  const { community } = draft;
  const now = Date.now();
  const link = postLink(community.name, row.publicId, draft.slug);
  // The people it names hear of it in the same batch, once it is published (docs/decisions/223).
  const told = await mentionsTold(deps, {
    html: draft.body,
    before: "",
    actorId: user.id,
    link,
    text: draft.title,
    known: read.mentioned,
    now,
    onlyIf: { sql: queries.POST_PUBLISHED_NOW, binds: [row.publicId] },
  });
  const results = await db.write([
    ...update,
    ...joinStatements(db, community.id, user.id, now),
    ...queries.publishDraftStatements(db, {
      postId: row.id,
      communityId: community.id,
      userId: user.id,
      now,
      verified: read.verified,
    }),
    ...trustAfterContribution(db, user, now),
    ...told.statements,
  ]);
  await deleteStoredFiles(deps, dropped);
  await told.after(results.slice(results.length - told.statements.length));
  return { public_id: row.publicId, link };
}

/**
 * `POST /api/v1/private/user/file/upload`: a picture for the editor, within the hour's limit and the day's
 * upload allowance by level; answers where it is served from.
 */
export async function uploadEditorPicture(
  deps: Deps,
  user: Pick<AuthUser, "id" | "trust">,
  file: File,
): Promise<{ link: string }> {
  const rate = { key: `upload:${user.id}`, rule: { max: 100, windowMs: HOUR } };
  await hitCounters(deps.db, await actionCounters(deps, user, rate, "upload"));
  const stored = await storeUpload(deps, {
    file,
    ownerId: user.id,
    field: "file",
    accept: "image",
    folder: "editor",
  });
  return { link: stored.url };
}
