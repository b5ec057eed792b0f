import { COMMENT_MORE_DEPTH, COMMENT_REPLY_MAX_DEPTH } from "#shared/constants.ts";
import { COMMUNITY_MOD_MSG } from "#shared/schemas/community-moderation.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { Comment, CommentCreate, CursorPage } from "#shared/schemas/posts.ts";
import { htmlToText } from "#shared/schemas/posts.ts";
import { decodeCursor, encodeCursor } from "#worker/db/sql.ts";
import { allTold, type Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { refuseIfBanned } from "#worker/lib/community-bans.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { type ActiveMute, mutedBy } from "#worker/lib/mute-match.ts";
import { activeMutes } from "#worker/lib/mutes.ts";
import { ownersStatement } from "#worker/lib/owner-queries.ts";
import { ownerMap } from "#worker/lib/owners.ts";
import { findMentions, toSafeHtml } from "#worker/lib/post-html.ts";
import { postLink, toComment, toCommentTree } from "#worker/lib/post-json.ts";
import { HOUR } from "#worker/lib/time.ts";
import { actionCounters, trustAfterContribution } from "#worker/lib/trust.ts";
import { linkedWith, mentionsTold, saveEditedBody } from "./mentions";
import type { CommentRow } from "./queries";
import * as queries from "./queries";

// The rules of comments: who may comment, reply, edit and delete, and how deep a page nests. The
// SQL is in queries.ts, the JSON in json.ts.

/** Comments a person may write in an hour, whatever their level's day allows. */
const COMMENTS_PER_HOUR = 300;

export interface CommentPage extends CursorPage<Comment> {
  /** In the single-comment view: the comment whose replies `list` holds. Null for the whole post. */
  parent: Comment | null;
}

/**
 * `GET /api/v1/micropost/comment/list`. Without `comment_public_id`: a page of the post's top-level
 * comments, newest first, each with its replies down to depth 3 (deeper ones show "More comments").
 * With it: that comment as `parent` and a page of its replies, oldest first, nested two levels more.
 * Each level asks only the first hundred comments known to have replies for at most ten replies
 * each; all of it is one statement (`commentTree`), which reads each comment it returns once.
 */
export async function listComments(
  deps: Deps,
  viewerId: number | null,
  q: { post_public_id: string; comment_public_id?: string; skip: number; limit: number; cursor?: string },
): Promise<CommentPage> {
  const tag = q.comment_public_id ? "a" : "r";
  const values = decodeCursor(q.cursor, tag, 1);
  // One statement: the post, the focused comment, the page, its levels of replies, their authors
  // and their reactions.
  const { post, focus, rows, pageLength, owners, reactions } = await queries.commentTree(deps.db, {
    postPublicId: q.post_public_id,
    focusPublicId: q.comment_public_id ?? null,
    limit: q.limit,
    skip: q.skip,
    values,
    moreDepth: COMMENT_MORE_DEPTH,
    viewerId,
  });
  if (!post) fail(404, "Post not found");
  if (q.comment_public_id && !focus) fail(404, "Comment not found");
  const address = postLink(post.communityName, post.publicId, post.slug);
  const page = rows.slice(0, pageLength);

  const total = focus ? focus.totalReplies : post.totalTopComments;
  const last = page.at(-1);
  // The viewer's phrases came with that round trip (the token check rode in it).
  const mutes = await activeMutes(deps, viewerId, "COMMENTS");
  const context = { owners, viewerId, postPublicId: post.publicId, postAddress: address, reactions };
  const list = toCommentTree(rows, page.length, {
    ...context,
    extraPublicIds: focus ? new Map([[focus.id, focus.publicId]]) : undefined,
  });
  const hidden = markMuted(list, mutes);
  return {
    list,
    ...(hidden > 0 ? { hidden_by_mutes: hidden } : {}),
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor: last && page.length === q.limit ? encodeCursor(tag, [last.id]) : null,
    parent: focus
      ? toComment(focus, {
          owner: owners.get(focus.ownerId) ?? null,
          viewerId,
          postPublicId: post.publicId,
          postAddress: address,
          parentPublicId: focus.parentPublicId,
          reactions,
        })
      : null,
  };
}

/**
 * Comments stay in their place in a discussion (replies hang from them), so a muted one is marked
 * with the phrase instead of left out; the viewer can still open it. Answers how many were marked
 * (the page's `hidden_by_mutes`, docs/decisions/170).
 */
function markMuted(list: Comment[], mutes: ActiveMute[]): number {
  if (mutes.length === 0) return 0;
  let marked = 0;
  const mark = (comment: Comment) => {
    const phrase = comment.is_deleted ? null : mutedBy(htmlToText(comment.body), mutes);
    if (phrase !== null) {
      comment.muted_by = phrase;
      marked++;
    }
    comment.replies.forEach(mark);
  };
  list.forEach(mark);
  return marked;
}

/** A comment as `shownCommentStatements` read it back after a write, as `viewerId` sees it. */
function shownComment(read: ReturnType<typeof queries.shownCommentOf>, viewerId: number): Comment {
  const { row, owners, reactions } = read;
  if (!row) fail(404, "Comment not found");
  return toComment(row, {
    owner: owners.get(row.ownerId) ?? null,
    viewerId,
    postPublicId: row.postPublicId,
    postAddress: postLink(row.communityName, row.postPublicId, row.postSlug),
    parentPublicId: row.parentPublicId,
    reactions,
  });
}

/** A notification's text: the comment's first words. */
function excerpt(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, " ").trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

/**
 * A comment or a reply, in two round trips: the caller's limits (COMMENTS_PER_HOUR and the day's
 * allowance by level) counted with the read of the post and its author's blocks, the parent and its
 * author's blocks when replying, and the people it names (`readForComment`); then one batch with the row, every
 * counter it moves (the post's comments, the parent's replies), the comment read back as it is
 * answered, and the notifications of the parent's and the post's authors. Nothing in the batch is
 * written unless the post and the parent still exist in it.
 */
export async function createComment(
  deps: Deps,
  user: Pick<AuthUser, "id" | "username" | "trust">,
  input: CommentCreate,
): Promise<Comment> {
  const { db } = deps;
  // The hour's limit and the day's allowance by level move with the post's read.
  const rate = { key: `comment:${user.id}`, rule: { max: COMMENTS_PER_HOUR, windowMs: HOUR } };
  const limits = await actionCounters(deps, user, rate, "comment");
  const safe = toSafeHtml(input.body);
  const {
    found,
    parent: replied,
    mentioned,
  } = await queries.readForComment(
    db,
    {
      postPublicId: input.parent_micropost_public_id,
      actorId: user.id,
      parentPublicId: input.parent_micropost_comment_public_id,
      mentions: findMentions(safe),
    },
    limits,
  );
  if (!found) fail(404, "Post not found");
  // Someone blocked by the post's author (or blocking them) cannot comment there.
  if (found.blocking) fail(403, PEOPLE_MSG.blockedByThem);
  if (found.blocked) fail(403, PEOPLE_MSG.blockedByYou);
  refuseIfBanned(found.banEnds);
  const { post } = found;
  if (post.lockedAt !== null) fail(403, COMMUNITY_MOD_MSG.locked);
  let parent: CommentRow | null = null;
  if (input.parent_micropost_comment_public_id) {
    if (!replied) fail(404, "Comment not found");
    parent = replied.row;
    if (parent.isDeleted) fail(409, "This comment was deleted; reply to another one");
    // One who blocked the other, or was blocked, cannot reach them by a reply either.
    if (replied.blocking) fail(403, PEOPLE_MSG.blockedByThem);
    if (replied.blocked) fail(403, PEOPLE_MSG.blockedByYou);
    if (parent.depth >= COMMENT_REPLY_MAX_DEPTH)
      fail(422, `Replies are allowed only to comments below depth ${COMMENT_REPLY_MAX_DEPTH}`, {
        field: "parent_micropost_comment_public_id",
      });
  }

  const body = linkedWith(safe, mentioned);
  const id = publicId();
  const now = Date.now();
  const link = `${postLink(post.communityName, post.publicId, post.slug)}?comment=${id}`;
  const text = excerpt(body);
  const insert = queries.insertCommentStatements(db, {
    publicId: id,
    postId: post.id,
    parent,
    ownerId: user.id,
    body,
    now,
  });
  const readBack = [db.prepare(queries.commentInPostStatement(id)), db.prepare(ownersStatement([user.id]))];
  // Whoever hears of it (the parent's and the post's authors, the people it names) is told in the
  // same batch.
  const onlyIf = { sql: queries.COMMENT_IS_IN, binds: [id] };
  const told = allTold([
    deps.events.commentWritten({
      actorId: user.id,
      postOwnerId: post.ownerId,
      parentOwnerId: parent ? parent.ownerId : null,
      link,
      text,
      now,
      onlyIf,
    }),
    await mentionsTold(deps, {
      html: body,
      before: "",
      actorId: user.id,
      link,
      text,
      known: mentioned,
      now,
      onlyIf,
    }),
  ]);
  const results = await db.write([
    ...insert,
    ...readBack,
    ...told.statements,
    ...trustAfterContribution(db, user),
  ]);
  const row = queries.toCommentInPost(results[insert.length]?.results[0] as object | undefined);
  if (!row) fail(404, "Post not found");
  const owners = ownerMap((results[insert.length + 1]?.results ?? []) as object[]);
  const comment = toComment(row, {
    owner: owners.get(row.ownerId) ?? null,
    viewerId: user.id,
    postPublicId: row.postPublicId,
    postAddress: postLink(row.communityName, row.postPublicId, row.postSlug),
    parentPublicId: row.parentPublicId,
  });
  // Tabs showing the post see its new comment count, and the authors' tabs their notification (after the answer).
  await deps.live.postActivity(input.parent_micropost_public_id, user.id);
  const at = insert.length + readBack.length;
  await told.after(results.slice(at, at + told.statements.length));
  return comment;
}

/** The comment, when it is there and `userId` wrote it: 404, or 403 for someone else's. */
function ownedBy(row: CommentRow | null, userId: number): CommentRow {
  if (!row || row.isDeleted) fail(404, "Comment not found");
  if (row.ownerId !== userId) fail(403, "Only the author can change this comment");
  return row;
}

async function ownComment({ db }: Deps, userId: number, commentPublicId: string): Promise<CommentRow> {
  return ownedBy(await queries.findComment(db, commentPublicId), userId);
}

/**
 * An edit of one's comment: the comment and the people the new body names are read in the first
 * round trip (the token check riding in it), the edit allowance counted in the next, and the new
 * body stored with the comment read back as it is shown in one batch; people named for the first
 * time hear of it after (`saveEditedBody`).
 */
export async function editComment(
  deps: Deps,
  user: Pick<AuthUser, "id" | "trust">,
  input: { public_id: string; body: string },
): Promise<Comment> {
  const { db } = deps;
  const safe = toSafeHtml(input.body);
  const read = await queries.commentToEdit(db, input.public_id, findMentions(safe));
  const row = ownedBy(read.row, user.id);
  const body = linkedWith(safe, read.mentioned);
  return saveEditedBody(deps, {
    user,
    actorId: user.id,
    before: row.body,
    body,
    known: read.mentioned,
    text: excerpt(body),
    save: async () => {
      const edit = queries.editCommentStatements(db, row.id, body, Date.now());
      const shown = queries.shownCommentStatements(db, row, user.id);
      const results = await db.write([...edit, ...shown]);
      return shownComment(queries.shownCommentOf(results.slice(edit.length)), user.id);
    },
  });
}

/**
 * A comment with replies becomes a placeholder so the replies keep their place; one without is
 * removed. Counters move only if this batch is the one that deleted it (two deletes at once count once).
 */
export async function deleteComment(
  deps: Deps,
  user: { id: number },
  commentPublicId: string,
): Promise<void> {
  const row = await ownComment(deps, user.id, commentPublicId);
  await deps.db.write(queries.commentDeleteStatements(deps.db, row));
}
