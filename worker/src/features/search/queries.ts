import { comments } from "#worker/db/schema/index.ts";
import { columnsOf, type Statement } from "#worker/db/sql.ts";
import type { PostsWhere } from "#worker/deps.ts";
import { listedCommunityColumns, membershipColumns } from "#worker/lib/community-json.ts";
import { ownerWithId } from "#worker/lib/owners.ts";
import { visiblePostIdSql } from "#worker/lib/post-visibility-queries.ts";

// The statements of a search's answer. Each one repeats the search as a WITH (fts.ts `searchSql`),
// so the page and everything its results show go to the database in one batch.

/** One search as SQL: `with` defines `found` and `hits`, `result` reads them, `binds` are its words. */
export interface HitsSql {
  with: string;
  result: string;
  binds: unknown[];
}

/** A viewer's id inlined into SQL: an integer from their verified token, never client input. */
const inline = (id: number) => String(Math.trunc(id));

/**
 * ` AND <column> NOT IN (…)`: leaves out people the viewer blocked and people who blocked the
 * viewer (usually nobody); nothing for someone signed out.
 */
function notBlocked(column: string, viewerId: number | null): string {
  if (viewerId === null) return "";
  const v = inline(viewerId);
  return ` AND ${column} NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ${v} UNION SELECT blocker_id FROM blocks WHERE blocked_id = ${v})`;
}

/** The plan's row and the page's ids (fts.ts `toFoundIds` reads them). */
export function hitsStatement(h: HitsSql): Statement {
  return { sql: `${h.with} ${h.result}`, binds: h.binds };
}

/** The posts of the page whose authors are not blocked, for deps.ts `PostReads.itemsWhere`. */
export function hitPosts(h: HitsSql, viewerId: number | null): PostsWhere {
  return {
    with: h.with,
    where: `m.id IN (SELECT id FROM hits)${notBlocked("m.owner_id", viewerId)}`,
    binds: h.binds,
  };
}

/**
 * For a page of comments: the comments whose authors are not blocked and whose post is visible
 * (with their parent's public id), their authors, and the posts they belong to (for deps.ts
 * `PostReads.itemsWhere`, which reads visible posts only).
 */
export function hitCommentStatements(
  h: HitsSql,
  viewerId: number | null,
): { comments: Statement; authors: Statement; posts: PostsWhere } {
  const inPage = "SELECT id FROM hits";
  return {
    comments: {
      sql: `${h.with} SELECT ${columnsOf(comments, "c")}, (SELECT p.public_id FROM comments p WHERE p.id = c.parent_id) AS parent_public_id
        FROM comments c WHERE c.id IN (${inPage}) AND ${visiblePostIdSql("c.micropost_id")}${notBlocked("c.owner_id", viewerId)}`,
      binds: h.binds,
    },
    authors: {
      sql: `${h.with} SELECT ${columnsOf(ownerWithId, "u")} FROM users u
        WHERE u.id IN (SELECT owner_id FROM comments WHERE id IN (${inPage}))`,
      binds: h.binds,
    },
    posts: {
      with: h.with,
      where: `m.id IN (SELECT micropost_id FROM comments WHERE id IN (${inPage}))`,
      binds: h.binds,
    },
  };
}

/** The page's communities and, for a signed-in viewer, their memberships of them. */
export function hitCommunityStatements(h: HitsSql, viewerId: number | null): Statement[] {
  const statements: Statement[] = [
    {
      sql: `${h.with} SELECT ${columnsOf(listedCommunityColumns, "c")} FROM communities c WHERE c.id IN (SELECT id FROM hits)`,
      binds: h.binds,
    },
  ];
  if (viewerId !== null)
    statements.push({
      sql: `${h.with} SELECT ${columnsOf(membershipColumns, "cm")} FROM community_members cm
        WHERE cm.user_id = ${inline(viewerId)} AND cm.community_id IN (SELECT id FROM hits)`,
      binds: h.binds,
    });
  return statements;
}

/** The page's people who are not blocked and, for a signed-in viewer, which of them they follow. */
export function hitPersonStatements(h: HitsSql, viewerId: number | null): Statement[] {
  const statements: Statement[] = [
    {
      sql: `${h.with} SELECT ${columnsOf(ownerWithId, "u")} FROM users u
        WHERE u.id IN (SELECT id FROM hits)${notBlocked("u.id", viewerId)}`,
      binds: h.binds,
    },
  ];
  if (viewerId !== null)
    statements.push({
      sql: `${h.with} SELECT followee_id AS id FROM follows
        WHERE follower_id = ${inline(viewerId)} AND followee_id IN (SELECT id FROM hits)`,
      binds: h.binds,
    });
  return statements;
}

/**
 * "Find More" (no text): a page of communities, biggest first, their count and the viewer's
 * memberships of the page (repeating it as a WITH).
 */
export function browseCommunityStatements(
  viewerId: number | null,
  page: { skip: number; limit: number },
): Statement[] {
  const pageSql = `SELECT ${columnsOf(listedCommunityColumns, "c")} FROM communities c
    ORDER BY c.total_members DESC, c.id DESC LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.skip)}`;
  const statements: Statement[] = [{ sql: pageSql }, { sql: "SELECT count(*) AS n FROM communities" }];
  if (viewerId !== null)
    statements.push({
      sql: `WITH page AS (${pageSql}) SELECT ${columnsOf(membershipColumns, "cm")} FROM community_members cm
        WHERE cm.user_id = ${inline(viewerId)} AND cm.community_id IN (SELECT "id" FROM page)`,
    });
  return statements;
}
