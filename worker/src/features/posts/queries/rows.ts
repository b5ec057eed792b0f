import { comments, microposts } from "#worker/db/schema/index.ts";
import { columnsOf, keysOf, rowOf } from "#worker/db/sql.ts";
import type { PostRow } from "#worker/lib/post-json.ts";
import { visiblePostSql } from "#worker/lib/post-visibility-queries.ts";

// The rows and columns every piece of the posts feature's queries shares (the row types are
// lib/post-json.ts's, which turns them into JSON).

export type { CommentRow, PostRow } from "#worker/lib/post-json.ts";

export type PostWithCommunity = PostRow & { communityName: string };

/** The columns of a post, for `FROM microposts m`. */
export const POST_COLUMNS = columnsOf(microposts, "m");
/** The names POST_COLUMNS answers its columns under, in their order. */
export const POST_KEYS = keysOf(microposts);
/** The columns of a comment, for `FROM comments c`. */
export const COMMENT_COLUMNS = columnsOf(comments, "c");
/** The parent's public id beside a comment's columns. */
export const PARENT_PUBLIC_ID =
  "(SELECT p.public_id FROM comments p WHERE p.id = c.parent_id) AS parent_public_id";
/** D1 accepts at most five terms in one compound SELECT; larger unions are nested. */
export const COMPOUND_MAX = 5;

export const toPosts = (rows: object[]): PostRow[] => rows.map((raw) => rowOf(microposts, raw));
/** The one rule of who sees a post (lib/post-visibility-queries.ts), for `FROM microposts m`. */
export const VISIBLE = visiblePostSql("m");
