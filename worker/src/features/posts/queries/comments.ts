import type { Reaction } from "#shared/schemas/reactions.ts";
import type { Owner } from "#shared/schemas/user.ts";
import type { Database } from "#worker/db/database.ts";
import { comments, microposts } from "#worker/db/schema/index.ts";
import { idList, jsonObjectOf, rowOf, type Statement } from "#worker/db/sql.ts";
import { ownersStatement } from "#worker/lib/owner-queries.ts";
import { ownerMap, ownerWithId } from "#worker/lib/owners.ts";
import { reactionLookupSql, reactionMap } from "#worker/lib/reaction-queries.ts";
import { window } from "./lists";
import { COMMENT_COLUMNS, type CommentRow, PARENT_PUBLIC_ID, type PostWithCommunity, VISIBLE } from "./rows";

// Comments

/** A comment's notification goes in only with the comment (?7, its public id). */
export const COMMENT_IS_IN = "EXISTS (SELECT 1 FROM comments WHERE public_id = ?7)";

/** Replies shown under one comment before "See more replies" leads to its own thread. */
const REPLIES_PER_COMMENT = 10;

type CommentWithParent = CommentRow & { parentPublicId: string | null };

/**
 * Slots 0 … 999 for reading a JSON array back as rows: `VALUES` runs as a co-routine, so a slot
 * costs no row read (a table or `json_each` would count one per element).
 */
const SLOT_COUNT = 1000;
const SLOTS = `VALUES ${Array.from({ length: SLOT_COUNT }, (_, i) => `(${i})`).join(",")}`;

/**
 * Element after element of a level, as `x`: the first `count` slots only (SQL, not correlated). A
 * LIMIT stops the slots' co-routine there; a `WHERE k < …` would run it through all thousand.
 */
const slotRead = (level: string, path: string, count: string) =>
  `(SELECT json_extract(${level}, ${path}) AS x FROM s LIMIT coalesce(${count}, 0))`;

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
  // The comments' reactions as the viewer sees them (docs/decisions/140), one row each in `j`.
  // Every comment's id, the focused one's included, read from the levels as the rows below are.
  const idsOf = (level: string, path: string) =>
    `SELECT x ->> '$.id' FROM ${slotRead(`(SELECT ${level} FROM st)`, path, `(SELECT ${slotsOf(level, path)} FROM st)`)}`;
  const reactions = reactionLookupSql(
    "COMMENT",
    `SELECT focus ->> '$.id' FROM st UNION ALL ${idsOf("l0", FLAT)} UNION ALL ${idsOf("l1", NESTED)}
       UNION ALL ${idsOf("l2", NESTED)} UNION ALL ${idsOf("l3", NESTED)}`,
    q.viewerId,
  );
  // A level's rows: slot k is element k of its array (a parent's array of replies may be short).
  // The page and the level below it stop at their largest size; deeper ones at their length.
  const level = (n: number, path: string, count: string) =>
    `SELECT 'c' AS kind, x AS j, ${n} AS level, NULL AS focus, NULL AS more
       FROM ${slotRead(`(SELECT l${n} FROM st)`, path, count)} WHERE x IS NOT NULL`;
  const pageSize = Math.min(q.limit, PARENTS_PER_LEVEL);
  const deeper = (n: number) => `(SELECT ${slotsOf(`l${n}`, NESTED)} FROM st)`;
  // Authors past the slots (more than a thousand on one page) come inside the post's row.
  const moreAuthors = `(SELECT json_group_array(${jsonObjectOf(ownerWithId, "u")})
       FROM json_each(CASE WHEN json_array_length(authors) > ${SLOT_COUNT} THEN authors END) a
       JOIN users u ON u.id = a.value WHERE a.key >= ${SLOT_COUNT})`;
  const sql = `WITH s(k) AS NOT MATERIALIZED (${SLOTS}), ${steps.join(",\n")}
    SELECT 'p' AS kind, post AS j, NULL AS level, focus, ${moreAuthors} AS more FROM st
    UNION ALL ${level(0, FLAT, String(q.limit))}
    UNION ALL SELECT * FROM (${level(1, NESTED, String(REPLIES_PER_COMMENT * pageSize))}
      UNION ALL ${level(2, NESTED, deeper(2))} UNION ALL ${level(3, NESTED, deeper(3))})
    UNION ALL SELECT 'o', ${jsonObjectOf(ownerWithId, "u")}, NULL, NULL, NULL
      FROM (SELECT x AS id FROM ${slotRead("(SELECT authors FROM st)", FLAT, "(SELECT json_array_length(authors) FROM st)")}) a
      CROSS JOIN users u ON u.id = a.id
    UNION ALL SELECT 'r', json_object('target_id', target_id, 'message_id', message_id, 'emoji', emoji,
        'total', total, 'reacted', reacted, 'first_at', first_at), NULL, NULL, NULL
      FROM (${reactions})`;
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
  const tree: CommentTree = {
    post: null,
    focus: null,
    rows: [],
    pageLength: 0,
    owners: new Map(),
    reactions: new Map(),
  };
  const ownerRows: object[] = [];
  const reactionRows: Array<{ target_id: number; first_at: number; emoji: string }> = [];
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
    } else if (row.kind === "r") reactionRows.push(value as (typeof reactionRows)[number]);
    else ownerRows.push(value);
  }
  tree.owners = ownerMap(ownerRows);
  // In the order `reactionLookupSql` gives on its own (a union keeps no order of its parts).
  reactionRows.sort(
    (a, b) =>
      a.target_id - b.target_id ||
      a.first_at - b.first_at ||
      (a.emoji < b.emoji ? -1 : a.emoji > b.emoji ? 1 : 0),
  );
  tree.reactions = reactionMap(reactionRows);
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
