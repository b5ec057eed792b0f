import type { Reaction } from "#shared/schemas/reactions.ts";
import type { Owner } from "#shared/schemas/user.ts";
import type { Database } from "#worker/db/database.ts";
import { comments, microposts } from "#worker/db/schema/index.ts";
import { idList, jsonObjectOf, rowOf, type Statement } from "#worker/db/sql.ts";
import { ownersStatement } from "#worker/lib/owner-queries.ts";
import { ownerMap, ownerWithId } from "#worker/lib/owners.ts";
import { reactionLookupSql, reactionLookupText, reactionMap } from "#worker/lib/reaction-queries.ts";
import { window } from "./lists";
import { type Mentioned, mentionedMap, usersByNamesStatement } from "./new-posts";
import { COMMENT_COLUMNS, type CommentRow, PARENT_PUBLIC_ID, type PostWithCommunity, VISIBLE } from "./rows";

// Comments

/** A comment's notification goes in only with the comment (?7, its public id). */
export const COMMENT_IS_IN = "EXISTS (SELECT 1 FROM comments WHERE public_id = ?7)";

/** Replies shown under one comment before "See more replies" leads to its own thread. */
const REPLIES_PER_COMMENT = 10;

type CommentWithParent = CommentRow & { parentPublicId: string | null };

/**
 * A level's elements as rows `x`, in order: the page is one array of comments, each level below an
 * array of arrays (one per parent). `level` may be a column of the same row (correlated) or a
 * subquery. `json_each` reads just the elements there are: a thousand-row `VALUES` list of slots,
 * inlined at each use, made the statement 6 KB longer and took 90–140 ms to prepare, and a slot
 * bounded by the level's length had to scan all thousand (ADR 233).
 */
const elementsOf = (level: string, nested: boolean) =>
  nested
    ? `(SELECT e.value AS x FROM json_each(${level}) a, json_each(a.value) e)`
    : `(SELECT e.value AS x FROM json_each(${level}) e)`;

/** Comments whose replies are loaded in one level of one page; the rest show "More comments". */
const PARENTS_PER_LEVEL = 100;

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
  /** The reactions of the focused comment and of every comment in `rows`, as the viewer sees them. */
  reactions: Map<string, Reaction[]>;
}

/**
 * Level `n + 1` of a tree from level `n` (a JSON column of the row before): for the first
 * PARENTS_PER_LEVEL comments of level `n` (in its order) that have replies and sit above `deepest`,
 * their first REPLIES_PER_COMMENT replies, oldest first, as one array per parent. Each parent's
 * replies are a correlated subquery with its own LIMIT, so the index is read for the replies
 * returned (and one entry past them when a parent has fewer than ten).
 */
function nextLevel(level: string, nested: boolean, deepest: string): string {
  return `(SELECT jsonb_group_array(json(kids)) FROM (
      SELECT (SELECT json_group_array(json(e)) FROM (
          SELECT ${COMMENT_JSON} AS e FROM comments c WHERE c.parent_id = p.id
          ORDER BY c.id LIMIT ${REPLIES_PER_COMMENT})) AS kids
      FROM (SELECT x ->> '$.id' AS id
            FROM ${elementsOf(level, nested)}
            WHERE x ->> '$.totalReplies' > 0 AND x ->> '$.depth' < ${deepest}
            LIMIT ${PARENTS_PER_LEVEL}) p))`;
}

/**
 * A post's comments as a list shows them, in one statement: the post with its community's name,
 * the focused comment (with its parent's public id) when `focusPublicId` is given, the page (top-level
 * comments newest first, or the focused comment's replies oldest first, from the cursor's id), up
 * to three levels of replies below it down to `deepest` (3 for the whole post, two below the page
 * in a single thread), and the authors of all of them once each.
 *
 * Each level is built as JSON from the one before, inside a chain of one-row steps, and read back
 * as rows with `json_each`, so every comment is read from its index once and no level is read again.
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
    viewerId: number | null;
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
      `st${n} AS (SELECT *, ${nextLevel(`l${n - 1}`, n > 1, deepest)} AS l${n} FROM st${n - 1} LIMIT 1 OFFSET 0)`,
    );
  }
  // Every author once: of the focused comment and of each comment not deleted, at every level.
  const authorsOf = (level: string, nested: boolean) =>
    `SELECT x ->> '$.ownerId' AS o, x ->> '$.isDeleted' AS d FROM ${elementsOf(level, nested)}`;
  steps.push(
    `st AS MATERIALIZED (SELECT *, (SELECT json_group_array(DISTINCT o) FROM (
         SELECT focus ->> '$.ownerId' AS o, focus ->> '$.isDeleted' AS d
         UNION ALL ${authorsOf("l0", false)} UNION ALL ${authorsOf("l1", true)}
         UNION ALL ${authorsOf("l2", true)} UNION ALL ${authorsOf("l3", true)}) WHERE o IS NOT NULL AND d = 0) AS authors
       FROM st${REPLY_LEVELS})`,
  );
  // The comments' reactions as the viewer sees them (docs/decisions/140), one object each.
  // Every comment's id, the focused one's included, read from the levels.
  // The viewer's id is bound after the page's values, so one text serves every viewer (docs/decisions/234).
  const binds = [
    q.postPublicId,
    q.focusPublicId,
    ...(values ?? []),
    ...(q.viewerId === null ? [] : [q.viewerId]),
  ];
  const idsOf = (n: number) => `SELECT x ->> '$.id' FROM ${elementsOf(`l${n}`, n > 0)}`;
  const reactions = reactionLookupText(
    "COMMENT",
    `SELECT focus ->> '$.id' UNION ALL ${idsOf(0)} UNION ALL ${idsOf(1)} UNION ALL ${idsOf(2)} UNION ALL ${idsOf(3)}`,
    q.viewerId === null ? null : `?${binds.length}`,
  );
  // One row, with or without the post: each level as one JSON array, the authors and the reactions as
  // arrays too; a signed-in viewer's token check folds in as its own column (docs/decisions/234).
  const rider = await db.foldRider(binds.length);
  const sql = `WITH ${steps.join(",\n")}
    SELECT ${rider ? `${rider.column}, ` : ""}post, focus, json(l0) AS l0, json(l1) AS l1, json(l2) AS l2, json(l3) AS l3,
      (SELECT json_group_array(${jsonObjectOf(ownerWithId, "u")})
        FROM json_each(authors) a CROSS JOIN users u ON u.id = a.value) AS owners,
      (SELECT json_group_array(json_object('target_id', target_id, 'message_id', message_id, 'emoji', emoji,
        'total', total, 'reacted', reacted, 'first_at', first_at)) FROM (${reactions})) AS reactions
    FROM (SELECT 1) AS one LEFT JOIN st ON 1`;
  const [rows] = await db.batch<
    [
      Record<"l0" | "l1" | "l2" | "l3" | "owners" | "reactions", string> & {
        post: string | null;
        focus: string | null;
        rider?: string;
      },
    ]
  >([{ sql, binds: [...binds, ...(rider?.binds ?? [])], isList: true }], rider ?? undefined);
  const [row] = rows;
  // The token check's verdict comes first: a refused token reads nothing of what the row holds.
  rider?.settle(row);
  const tree: CommentTree = {
    post: null,
    focus: null,
    rows: [],
    pageLength: 0,
    owners: new Map(),
    reactions: new Map(),
  };
  // No post (or none the viewer may see): the row is there, for the token check, with no post in it.
  if (!row || row.post === null) return tree;
  const post = JSON.parse(row.post) as Record<string, unknown>;
  tree.post = { ...rowOf(microposts, post), communityName: post.communityName as string };
  if (row.focus !== null) {
    const focus = JSON.parse(row.focus) as Record<string, unknown>;
    tree.focus = { ...rowOf(comments, focus), parentPublicId: (focus.parentPublicId as string) ?? null };
  }
  const topLevel = JSON.parse(row.l0) as object[];
  tree.pageLength = topLevel.length;
  tree.rows = topLevel.map((c) => rowOf(comments, c));
  for (const level of [row.l1, row.l2, row.l3]) {
    for (const replies of JSON.parse(level) as object[][]) {
      for (const c of replies) tree.rows.push(rowOf(comments, c));
    }
  }
  tree.owners = ownerMap(JSON.parse(row.owners) as object[]);
  const reactionRows = JSON.parse(row.reactions) as Array<{
    target_id: number;
    first_at: number;
    emoji: string;
  }>;
  // In the order `reactionLookupSql` gives on its own (an aggregate promises none).
  reactionRows.sort(
    (a, b) =>
      a.target_id - b.target_id ||
      a.first_at - b.first_at ||
      (a.emoji < b.emoji ? -1 : a.emoji > b.emoji ? 1 : 0),
  );
  tree.reactions = reactionMap(reactionRows);
  return tree;
}

export type CommentInPost = CommentWithParent & {
  postPublicId: string;
  postSlug: string;
  communityName: string;
};

/**
 * A comment read back as it is shown, in the batch of the write that changed it: its row with its
 * post's address, its author and its reactions as `viewerId` sees them (`shownCommentOf`).
 */
export function shownCommentStatements(
  db: Database,
  comment: { publicId: string; id: number; ownerId: number },
  viewerId: number,
): D1PreparedStatement[] {
  return [
    db.prepare(commentInPostStatement(comment.publicId)),
    db.prepare(ownersStatement([comment.ownerId])),
    db.prepare({ sql: reactionLookupSql("COMMENT", idList([comment.id]), viewerId) }),
  ];
}

/** What `shownCommentStatements` read: the row (null once it is gone), its author and its reactions. */
export function shownCommentOf(results: D1Result[]): {
  row: CommentInPost | null;
  owners: Map<number, Owner>;
  reactions: Map<string, Reaction[]>;
} {
  return {
    row: toCommentInPost(results[0]?.results[0] as object | undefined),
    owners: ownerMap((results[1]?.results ?? []) as object[]),
    reactions: reactionMap((results[2]?.results ?? []) as object[]),
  };
}

/** A comment by its public id, and the people a new body for it names with @ that exist (an edit's first read). */
export async function commentToEdit(
  db: Database,
  commentPublicId: string,
  mentions: string[],
): Promise<{ row: CommentRow | null; mentioned: Mentioned }> {
  const named = usersByNamesStatement(mentions);
  const [[raw], people = []] = await db.batch<[object, { id: number; username: string }]>([
    commentByPublicId(commentPublicId),
    ...(named ? [named] : []),
  ]);
  return { row: raw ? rowOf(comments, raw) : null, mentioned: mentionedMap(people) };
}

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

/** A comment by its public id. */
const commentByPublicId = (commentPublicId: string): Statement => ({
  sql: `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.public_id = ?1`,
  binds: [commentPublicId],
});

/** A comment by its public id. */
export async function findComment(db: Database, commentPublicId: string): Promise<CommentRow | null> {
  const raw = await db.first(commentByPublicId(commentPublicId));
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
