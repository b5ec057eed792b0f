import { COMMENT_MORE_DEPTH, COMMENT_REPLY_MAX_DEPTH } from "#shared/constants.ts";
import type { Comment, CommentCreate, CursorPage } from "#shared/schemas/posts.ts";
import { htmlToText } from "#shared/schemas/posts.ts";
import type { Owner } from "#shared/schemas/user.ts";
import type { Db } from "#worker/db/client.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import type { OwnerSqlRow } from "../communities/serialize";
import { notify } from "../notifications/service";
import { assertCanReach } from "../people/service";
import { toSafeHtml } from "./html";
import { COMMENT_SQL, type CommentSqlRow, ownerMap, ownersStatement, postLink, toComment } from "./items";
import { notifyMentions, withMentionLinks } from "./mentions";
import { decodeCursor, encodeCursor, type Reader } from "./reader";

/** Replies shown under one comment before "See more replies" leads to its own thread. */
export const REPLIES_PER_COMMENT = 10;
/** Comments whose replies are loaded in one level of one page; the rest show "More comments". */
const PARENTS_PER_LEVEL = 100;
const COMPOUND_MAX = 5;

export interface CommentPage extends CursorPage<Comment> {
  /** In the single-comment view: the comment whose replies `list` holds. Null for the whole post. */
  parent: Comment | null;
}

interface PostRef {
  id: number;
  public_id: string;
  slug: string;
  owner_id: number;
  title: string;
  total_top_comments: number;
  community_name: string;
}

async function findPost(reader: Reader, postPublicId: string): Promise<PostRef> {
  const post = await reader.first<PostRef>({
    sql: `SELECT m.id, m.public_id, m.slug, m.owner_id, m.title, m.total_top_comments, c.name AS community_name
      FROM microposts m JOIN communities c ON c.id = m.community_id
      WHERE m.public_id = ?1 AND m.is_draft = 0`,
    binds: [postPublicId],
  });
  if (!post) fail(404, "Post not found");
  return post;
}

type FocusRow = CommentSqlRow & { parent_public_id: string | null };

/** Replies of these comments, at most REPLIES_PER_COMMENT each, oldest first. */
function repliesStatement(parentIds: number[]) {
  const arms = parentIds.map(
    (id) =>
      `SELECT * FROM (SELECT ${COMMENT_SQL} FROM comments c WHERE c.parent_id = ${id} ORDER BY c.id LIMIT ${REPLIES_PER_COMMENT})`,
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
  reader: Reader,
  viewerId: number | null,
  q: { post_public_id: string; comment_public_id?: string; skip: number; limit: number; cursor?: string },
): Promise<CommentPage> {
  const post = await findPost(reader, q.post_public_id);
  const address = postLink(post.community_name, post.public_id, post.slug);

  let focus: FocusRow | null = null;
  if (q.comment_public_id) {
    focus = await reader.first<FocusRow>({
      sql: `SELECT ${COMMENT_SQL}, (SELECT p.public_id FROM comments p WHERE p.id = c.parent_id) AS parent_public_id
        FROM comments c WHERE c.public_id = ?1 AND c.micropost_id = ?2`,
      binds: [q.comment_public_id, post.id],
    });
    if (!focus) fail(404, "Comment not found");
  }

  const tag = focus ? "a" : "r";
  const values = decodeCursor(q.cursor, tag, 1);
  const window = values ? ` LIMIT ${q.limit}` : ` LIMIT ${q.limit} OFFSET ${q.skip}`;
  const page = await reader.all<CommentSqlRow>(
    focus
      ? {
          sql: `SELECT ${COMMENT_SQL} FROM comments c WHERE c.parent_id = ?1${values ? " AND c.id > ?2" : ""}
            ORDER BY c.id${window}`,
          binds: [focus.id, ...(values ?? [])],
          isList: true,
        }
      : {
          sql: `SELECT ${COMMENT_SQL} FROM comments c WHERE c.micropost_id = ?1 AND c.depth = 0${values ? " AND c.id < ?2" : ""}
            ORDER BY c.id DESC${window}`,
          binds: [post.id, ...(values ?? [])],
          isList: true,
        },
  );

  // Deeper levels: the whole-post view nests to depth 3; a single thread two levels below its list.
  const deepest = focus ? Math.max(COMMENT_MORE_DEPTH, focus.depth + 3) : COMMENT_MORE_DEPTH;
  const rows: CommentSqlRow[] = [...page];
  let level = page;
  while (level.length) {
    const parents = level
      .filter((c) => c.total_replies > 0 && c.depth + 1 <= deepest)
      .slice(0, PARENTS_PER_LEVEL)
      .map((c) => c.id);
    if (parents.length === 0) break;
    level = await reader.all<CommentSqlRow>(repliesStatement(parents));
    rows.push(...level);
  }

  const ownerIds = rows.filter((r) => !r.is_deleted).map((r) => r.owner_id);
  if (focus && !focus.is_deleted) ownerIds.push(focus.owner_id);
  const owners = ownerIds.length
    ? ownerMap(await reader.all<OwnerSqlRow>(ownersStatement(ownerIds)))
    : new Map<number, Owner>();

  const publicIds = new Map(rows.map((r) => [r.id, r.public_id]));
  if (focus) publicIds.set(focus.id, focus.public_id);
  const byId = new Map<number, Comment>();
  for (const row of rows) {
    byId.set(
      row.id,
      toComment(row, {
        owner: owners.get(row.owner_id) ?? null,
        viewerId,
        postPublicId: post.public_id,
        postAddress: address,
        parentPublicId: row.parent_id === null ? null : (publicIds.get(row.parent_id) ?? null),
      }),
    );
  }
  for (const row of rows.slice(page.length)) {
    if (row.parent_id !== null) byId.get(row.parent_id)?.replies.push(byId.get(row.id)!);
  }

  const total = focus ? focus.total_replies : post.total_top_comments;
  const last = page.at(-1);
  return {
    list: page.map((r) => byId.get(r.id)!),
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor: last && page.length === q.limit ? encodeCursor(tag, [last.id]) : null,
    parent: focus
      ? toComment(focus, {
          owner: owners.get(focus.owner_id) ?? null,
          viewerId,
          postPublicId: post.public_id,
          postAddress: address,
          parentPublicId: focus.parent_public_id,
        })
      : null,
  };
}

async function loadOne(reader: Reader, publicIdOfComment: string, viewerId: number): Promise<Comment> {
  const row = await reader.first<FocusRow & { post_public_id: string; slug: string; community_name: string }>(
    {
      sql: `SELECT ${COMMENT_SQL}, (SELECT p.public_id FROM comments p WHERE p.id = c.parent_id) AS parent_public_id,
        m.public_id AS post_public_id, m.slug, k.name AS community_name
      FROM comments c JOIN microposts m ON m.id = c.micropost_id JOIN communities k ON k.id = m.community_id
      WHERE c.public_id = ?1`,
      binds: [publicIdOfComment],
    },
  );
  if (!row) fail(404, "Comment not found");
  const owners = ownerMap(await reader.all<OwnerSqlRow>(ownersStatement([row.owner_id])));
  return toComment(row, {
    owner: owners.get(row.owner_id) ?? null,
    viewerId,
    postPublicId: row.post_public_id,
    postAddress: postLink(row.community_name, row.post_public_id, row.slug),
    parentPublicId: row.parent_public_id,
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
  reader: Reader,
  db: Db,
  user: { id: number; username: string },
  input: CommentCreate,
): Promise<Comment> {
  const post = await findPost(reader, input.parent_micropost_public_id);
  // Someone blocked by the post's author (or blocking them) cannot comment there (part 2 §6).
  await assertCanReach(db, user.id, post.owner_id);
  let parent: {
    id: number;
    depth: number;
    root_id: number | null;
    owner_id: number;
    is_deleted: number;
  } | null = null;
  if (input.parent_micropost_comment_public_id) {
    parent = await reader.first({
      sql: "SELECT id, depth, root_id, owner_id, is_deleted FROM comments WHERE public_id = ?1 AND micropost_id = ?2",
      binds: [input.parent_micropost_comment_public_id, post.id],
    });
    if (!parent) fail(404, "Comment not found");
    if (parent.is_deleted) fail(409, "This comment was deleted; reply to another one");
    await assertCanReach(db, user.id, parent.owner_id);
    if (parent.depth >= COMMENT_REPLY_MAX_DEPTH)
      fail(
        422,
        `parent_micropost_comment_public_id: Replies are allowed only to comments below depth ${COMMENT_REPLY_MAX_DEPTH}`,
      );
  }

  const body = await withMentionLinks(reader, toSafeHtml(input.body));
  const id = publicId();
  const now = Date.now();
  const depth = parent ? parent.depth + 1 : 0;
  // The counters move only if the row went in (the post or the parent may be gone by now).
  const inserted = "EXISTS (SELECT 1 FROM comments WHERE public_id = ?1)";
  const d1 = reader.d1;
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO comments (public_id, micropost_id, parent_id, root_id, owner_id, body, depth, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8
         WHERE EXISTS (SELECT 1 FROM microposts WHERE id = ?2)
           AND (?3 IS NULL OR EXISTS (SELECT 1 FROM comments WHERE id = ?3 AND is_deleted = 0))`,
      )
      .bind(
        id,
        post.id,
        parent?.id ?? null,
        parent ? (parent.root_id ?? parent.id) : null,
        user.id,
        body,
        depth,
        now,
      ),
    d1.prepare("UPDATE comments SET root_id = id WHERE public_id = ?1 AND root_id IS NULL").bind(id),
    d1
      .prepare(
        `UPDATE microposts SET total_comments = total_comments + 1, total_top_comments = total_top_comments + ?3
         WHERE id = ?2 AND ${inserted}`,
      )
      .bind(id, post.id, depth === 0 ? 1 : 0),
    d1
      .prepare(`UPDATE comments SET total_replies = total_replies + 1 WHERE id = ?2 AND ${inserted}`)
      .bind(id, parent?.id ?? null),
  ]);
  const comment = await loadOne(reader, id, user.id).catch(() => fail(404, "Post not found"));

  const link = comment.link;
  const text = excerpt(body);
  if (parent) await notify(db, { userId: parent.owner_id, kind: "REPLY", actorId: user.id, link, text });
  if (!parent || parent.owner_id !== post.owner_id)
    await notify(db, { userId: post.owner_id, kind: "COMMENT", actorId: user.id, link, text });
  await notifyMentions(reader, db, { html: body, before: "", actorId: user.id, link, text });
  return comment;
}

async function ownComment(reader: Reader, userId: number, commentPublicId: string) {
  const row = await reader.first<{
    id: number;
    owner_id: number;
    micropost_id: number;
    parent_id: number | null;
    depth: number;
    total_replies: number;
    is_deleted: number;
    body: string;
  }>({
    sql: "SELECT id, owner_id, micropost_id, parent_id, depth, total_replies, is_deleted, body FROM comments WHERE public_id = ?1",
    binds: [commentPublicId],
  });
  if (!row || row.is_deleted) fail(404, "Comment not found");
  if (row.owner_id !== userId) fail(403, "Only the author can change this comment");
  return row;
}

export async function editComment(
  reader: Reader,
  db: Db,
  user: { id: number },
  input: { public_id: string; body: string },
): Promise<Comment> {
  const row = await ownComment(reader, user.id, input.public_id);
  const body = await withMentionLinks(reader, toSafeHtml(input.body));
  await reader.d1
    .prepare("UPDATE comments SET body = ?1, updated_at = ?2 WHERE id = ?3 AND is_deleted = 0")
    .bind(body, Date.now(), row.id)
    .run();
  const comment = await loadOne(reader, input.public_id, user.id);
  await notifyMentions(reader, db, {
    html: body,
    before: row.body,
    actorId: user.id,
    link: comment.link,
    text: excerpt(body),
  });
  return comment;
}

/**
 * A comment with replies becomes a placeholder so the replies keep their place; one without is
 * removed. Counters move only if this batch is the one that deleted it (two deletes at once count once).
 */
export async function deleteComment(
  reader: Reader,
  user: { id: number },
  commentPublicId: string,
): Promise<void> {
  const row = await ownComment(reader, user.id, commentPublicId);
  // Whether it is removed or kept as a placeholder is decided inside the batch, on the row as it is
  // then; the counters move only if this batch is the one that deletes it.
  const alive = "EXISTS (SELECT 1 FROM comments WHERE id = ?1 AND is_deleted = 0)";
  const leaf = "(SELECT total_replies FROM comments WHERE id = ?1) = 0";
  const d1 = reader.d1;
  await d1.batch([
    d1
      .prepare(
        `UPDATE microposts SET total_comments = total_comments - 1,
           total_top_comments = total_top_comments - (CASE WHEN ?3 = 0 AND ${leaf} THEN 1 ELSE 0 END)
         WHERE id = ?2 AND ${alive}`,
      )
      .bind(row.id, row.micropost_id, row.depth),
    d1
      .prepare(`UPDATE comments SET total_replies = total_replies - 1 WHERE id = ?2 AND ${alive} AND ${leaf}`)
      .bind(row.id, row.parent_id),
    d1
      .prepare(
        "UPDATE comments SET is_deleted = 1, body = '', updated_at = ?2 WHERE id = ?1 AND is_deleted = 0 AND total_replies > 0",
      )
      .bind(row.id, Date.now()),
    d1.prepare("DELETE FROM comments WHERE id = ?1 AND is_deleted = 0 AND total_replies = 0").bind(row.id),
  ]);
}
