import { and, eq } from "drizzle-orm";
import { COMMENT_MORE_DEPTH, COMMENT_REPLY_MAX_DEPTH } from "#shared/constants.ts";
import type { Comment, CommentCreate, CursorPage } from "#shared/schemas/posts.ts";
import { htmlToText } from "#shared/schemas/posts.ts";
import type { Owner } from "#shared/schemas/user.ts";
import type { Database } from "#worker/db/database.ts";
import { comments, microposts } from "#worker/db/schema/index.ts";
import { columnsOf, decodeCursor, encodeCursor, rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { ownerMap, ownersStatement } from "#worker/lib/owners.ts";
import { notify } from "../notifications/service";
import { assertCanReach } from "../people/service";
import { toSafeHtml } from "./html";
import { notifyMentions, saveEditedBody, withMentionLinks } from "./mentions";
import { type CommentRow, type PostRow, postLink, toComment } from "./post-json";

/** Replies shown under one comment before "See more replies" leads to its own thread. */
export const REPLIES_PER_COMMENT = 10;
/** Comments whose replies are loaded in one level of one page; the rest show "More comments". */
const PARENTS_PER_LEVEL = 100;
const COMPOUND_MAX = 5;

/** The columns of a comment, for `FROM comments c`. */
const COMMENT_COLUMNS = columnsOf(comments, "c");
/** The parent's public id beside a comment's columns. */
const PARENT_PUBLIC_ID = "(SELECT p.public_id FROM comments p WHERE p.id = c.parent_id) AS parent_public_id";

const toComments = (rows: object[]): CommentRow[] => rows.map((raw) => rowOf(comments, raw));

export interface CommentPage extends CursorPage<Comment> {
  /** In the single-comment view: the comment whose replies `list` holds. Null for the whole post. */
  parent: Comment | null;
}

/** A published post, with its community's name for its address. */
async function findPost({ db }: Deps, postPublicId: string): Promise<PostRow & { communityName: string }> {
  const raw = await db.first<{ community_name: string }>({
    sql: `SELECT ${columnsOf(microposts, "m")}, c.name AS community_name
      FROM microposts m JOIN communities c ON c.id = m.community_id
      WHERE m.public_id = ?1 AND m.is_draft = 0`,
    binds: [postPublicId],
  });
  if (!raw) fail(404, "Post not found");
  return { ...rowOf(microposts, raw), communityName: raw.community_name };
}

type FocusRow = CommentRow & { parentPublicId: string | null };

function toFocus(raw: { parent_public_id: string | null }): FocusRow {
  return { ...rowOf(comments, raw), parentPublicId: raw.parent_public_id };
}

/** Replies of these comments, at most REPLIES_PER_COMMENT each, oldest first. */
function repliesStatement(parentIds: number[]) {
  const arms = parentIds.map(
    (id) =>
      `SELECT * FROM (SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.parent_id = ${id} ORDER BY c.id LIMIT ${REPLIES_PER_COMMENT})`,
  );
  // D1 allows five terms per compound SELECT, so longer unions are nested.
  const nest = (terms: string[]): string => {
    if (terms.length <= COMPOUND_MAX) return terms.join(" UNION ALL ");
    const size = Math.ceil(terms.length / COMPOUND_MAX);
    const groups: string[] = [];
    for (let i = 0; i < terms.length; i += size)
      groups.push(`SELECT * FROM (${nest(terms.slice(i, i + size))})`);
    return groups.join(" UNION ALL ");
  };
  return { sql: nest(arms), isList: true };
}

/**
 * `GET /api/v1/micropost/comment/list`. Without `comment_public_id`: a page of the post's top-level
 * comments, newest first, each with its replies down to depth 3 (deeper ones show "More comments").
 * With it: that comment as `parent` and a page of its replies, oldest first, nested two levels more.
 * Only comments known to have replies are asked for them, so every statement reads what it returns.
 */
export async function listComments(
  deps: Deps,
  viewerId: number | null,
  q: { post_public_id: string; comment_public_id?: string; skip: number; limit: number; cursor?: string },
): Promise<CommentPage> {
  const { db } = deps;
  const post = await findPost(deps, q.post_public_id);
  const address = postLink(post.communityName, post.publicId, post.slug);

  let focus: FocusRow | null = null;
  if (q.comment_public_id) {
    const raw = await db.first<{ parent_public_id: string | null }>({
      sql: `SELECT ${COMMENT_COLUMNS}, ${PARENT_PUBLIC_ID} FROM comments c WHERE c.public_id = ?1 AND c.micropost_id = ?2`,
      binds: [q.comment_public_id, post.id],
    });
    if (!raw) fail(404, "Comment not found");
    focus = toFocus(raw);
  }

  const tag = focus ? "a" : "r";
  const values = decodeCursor(q.cursor, tag, 1);
  const window = values ? ` LIMIT ${q.limit}` : ` LIMIT ${q.limit} OFFSET ${q.skip}`;
  const page = toComments(
    await db.all(
      focus
        ? {
            sql: `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.parent_id = ?1${values ? " AND c.id > ?2" : ""}
            ORDER BY c.id${window}`,
            binds: [focus.id, ...(values ?? [])],
            isList: true,
          }
        : {
            sql: `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.micropost_id = ?1 AND c.depth = 0${values ? " AND c.id < ?2" : ""}
            ORDER BY c.id DESC${window}`,
            binds: [post.id, ...(values ?? [])],
            isList: true,
          },
    ),
  );

  // Deeper levels: the whole-post view nests to depth 3; a single thread two levels below its list.
  const deepest = focus ? Math.max(COMMENT_MORE_DEPTH, focus.depth + 3) : COMMENT_MORE_DEPTH;
  const rows: CommentRow[] = [...page];
  let level = page;
  while (level.length) {
    const parents = level
      .filter((c) => c.totalReplies > 0 && c.depth + 1 <= deepest)
      .slice(0, PARENTS_PER_LEVEL)
      .map((c) => c.id);
    if (parents.length === 0) break;
    level = toComments(await db.all(repliesStatement(parents)));
    rows.push(...level);
  }

  const ownerIds = rows.filter((r) => !r.isDeleted).map((r) => r.ownerId);
  if (focus && !focus.isDeleted) ownerIds.push(focus.ownerId);
  const owners = ownerIds.length
    ? ownerMap(await db.all(ownersStatement(ownerIds)))
    : new Map<number, Owner>();

  const publicIds = new Map(rows.map((r) => [r.id, r.publicId]));
  if (focus) publicIds.set(focus.id, focus.publicId);
  const byId = new Map<number, Comment>();
  for (const row of rows) {
    byId.set(
      row.id,
      toComment(row, {
        owner: owners.get(row.ownerId) ?? null,
        viewerId,
        postPublicId: post.publicId,
        postAddress: address,
        parentPublicId: row.parentId === null ? null : (publicIds.get(row.parentId) ?? null),
      }),
    );
  }
  for (const row of rows.slice(page.length)) {
    if (row.parentId !== null) byId.get(row.parentId)?.replies.push(byId.get(row.id)!);
  }

  const total = focus ? focus.totalReplies : post.totalTopComments;
  const last = page.at(-1);
  return {
    list: page.map((r) => byId.get(r.id)!),
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
        })
      : null,
  };
}

async function loadOne({ db }: Deps, publicIdOfComment: string, viewerId: number): Promise<Comment> {
  const raw = await db.first<{
    parent_public_id: string | null;
    post_public_id: string;
    post_slug: string;
    community_name: string;
  }>({
    sql: `SELECT ${COMMENT_COLUMNS}, ${PARENT_PUBLIC_ID},
        m.public_id AS post_public_id, m.slug AS post_slug, k.name AS community_name
      FROM comments c JOIN microposts m ON m.id = c.micropost_id JOIN communities k ON k.id = m.community_id
      WHERE c.public_id = ?1`,
    binds: [publicIdOfComment],
  });
  if (!raw) fail(404, "Comment not found");
  const row = rowOf(comments, raw);
  const owners = ownerMap(await db.all(ownersStatement([row.ownerId])));
  return toComment(row, {
    owner: owners.get(row.ownerId) ?? null,
    viewerId,
    postPublicId: raw.post_public_id,
    postAddress: postLink(raw.community_name, raw.post_public_id, raw.post_slug),
    parentPublicId: raw.parent_public_id,
  });
}

function excerpt(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, " ").trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

/**
 * A comment or a reply. Its row and every counter it moves (the post's comments, the parent's
 * replies) are written in one batch, and only if the post and the parent still exist.
 */
export async function createComment(
  deps: Deps,
  user: { id: number; username: string },
  input: CommentCreate,
): Promise<Comment> {
  const { db } = deps;
  const post = await findPost(deps, input.parent_micropost_public_id);
  // Someone blocked by the post's author (or blocking them) cannot comment there.
  await assertCanReach(deps, user.id, post.ownerId);
  let parent: CommentRow | null = null;
  if (input.parent_micropost_comment_public_id) {
    const raw = await db.first({
      sql: `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.public_id = ?1 AND c.micropost_id = ?2`,
      binds: [input.parent_micropost_comment_public_id, post.id],
    });
    if (!raw) fail(404, "Comment not found");
    parent = rowOf(comments, raw);
    if (parent.isDeleted) fail(409, "This comment was deleted; reply to another one");
    await assertCanReach(deps, user.id, parent.ownerId);
    if (parent.depth >= COMMENT_REPLY_MAX_DEPTH)
      fail(422, `Replies are allowed only to comments below depth ${COMMENT_REPLY_MAX_DEPTH}`, {
        field: "parent_micropost_comment_public_id",
      });
  }

  const body = await withMentionLinks(deps, toSafeHtml(input.body));
  const id = publicId();
  const now = Date.now();
  const depth = parent ? parent.depth + 1 : 0;
  // The counters move only if the row went in (the post or the parent may be gone by now).
  const inserted = "EXISTS (SELECT 1 FROM comments WHERE public_id = ?1)";
  await db.write([
    db.prepare({
      sql: `INSERT INTO comments (public_id, micropost_id, parent_id, root_id, owner_id, body, depth, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8
         WHERE EXISTS (SELECT 1 FROM microposts WHERE id = ?2)
           AND (?3 IS NULL OR EXISTS (SELECT 1 FROM comments WHERE id = ?3 AND is_deleted = 0))`,
      binds: [
        id,
        post.id,
        parent?.id ?? null,
        parent ? (parent.rootId ?? parent.id) : null,
        user.id,
        body,
        depth,
        now,
      ],
    }),
    db.prepare({
      sql: "UPDATE comments SET root_id = id WHERE public_id = ?1 AND root_id IS NULL",
      binds: [id],
    }),
    db.prepare({
      sql: `UPDATE microposts SET total_comments = total_comments + 1, total_top_comments = total_top_comments + ?3
         WHERE id = ?2 AND ${inserted}`,
      binds: [id, post.id, depth === 0 ? 1 : 0],
    }),
    db.prepare({
      sql: `UPDATE comments SET total_replies = total_replies + 1 WHERE id = ?2 AND ${inserted}`,
      binds: [id, parent?.id ?? null],
    }),
  ]);
  const comment = await loadOne(deps, id, user.id).catch(() => fail(404, "Post not found"));

  const link = comment.link;
  const text = excerpt(body);
  if (parent) await notify(deps, { userId: parent.ownerId, kind: "REPLY", actorId: user.id, link, text });
  if (!parent || parent.ownerId !== post.ownerId)
    await notify(deps, { userId: post.ownerId, kind: "COMMENT", actorId: user.id, link, text });
  await notifyMentions(deps, { html: body, before: "", actorId: user.id, link, text });
  return comment;
}

async function ownComment({ db }: Deps, userId: number, commentPublicId: string): Promise<CommentRow> {
  const raw = await db.first({
    sql: `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.public_id = ?1`,
    binds: [commentPublicId],
  });
  const row = raw && rowOf(comments, raw);
  if (!row || row.isDeleted) fail(404, "Comment not found");
  if (row.ownerId !== userId) fail(403, "Only the author can change this comment");
  return row;
}

export async function editComment(
  deps: Deps,
  user: { id: number },
  input: { public_id: string; body: string },
): Promise<Comment> {
  const row = await ownComment(deps, user.id, input.public_id);
  const body = await withMentionLinks(deps, toSafeHtml(input.body));
  return saveEditedBody(deps, {
    actorId: user.id,
    before: row.body,
    body,
    text: excerpt(body),
    save: () =>
      deps.db.orm
        .update(comments)
        .set({ body, updatedAt: Date.now() })
        .where(and(eq(comments.id, row.id), eq(comments.isDeleted, false))),
    load: () => loadOne(deps, input.public_id, user.id),
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
  await deps.db.write(commentDeleteStatements(deps.db, row));
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
