import { and, eq, inArray } from "drizzle-orm";
import type { Community } from "#shared/schemas/communities.ts";
import type { CommentItem, PersonItem, PostItem } from "#shared/schemas/search.ts";
import type { Db } from "#worker/db/client.ts";
import { follows, users } from "#worker/db/schema/index.ts";
import { ownerColumns, toOwner } from "../accounts/user-json";
import {
  COMMUNITY_SQL,
  type CommunitySqlRow,
  type MembershipSqlRow,
  OWNER_SQL,
  type OwnerSqlRow,
  toCommunity,
} from "../communities/serialize";
import {
  COMMENT_SQL,
  type CommentSqlRow,
  loadFeedItems,
  ownerMap,
  POST_SQL,
  type PostSqlRow,
  toComment,
} from "../posts/items";
import { idList, Reader } from "../posts/reader";

// Turning ids found by a search (or a profile's list) into what lists show, in the order asked.
// Posts and communities go through the posts feature's own loaders, so a post looks the same in a
// search, on a profile and in the feed. Every statement is a lookup by key for one page.

function inOrder<T>(ids: number[], byId: Map<number, T>): T[] {
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item];
  });
}

async function postItemMap(
  reader: Reader,
  ids: number[],
  viewerId: number | null,
): Promise<Map<number, PostItem>> {
  if (ids.length === 0) return new Map();
  const rows = await reader.all<PostSqlRow>({
    sql: `SELECT ${POST_SQL} FROM microposts m WHERE m.id IN (${idList(ids)})`,
  });
  const items = await loadFeedItems(reader, viewerId, rows);
  // loadFeedItems keeps the order of the rows it is given and drops none that have an owner and a community.
  const byId = new Map<number, PostItem>();
  const byPublicId = new Map(items.map((item) => [item.micropost.public_id, item]));
  for (const row of rows) {
    const item = byPublicId.get(row.public_id);
    if (item) byId.set(row.id, item);
  }
  return byId;
}

/** Posts by id, as the feed shows them. */
export async function loadPostItems(db: Db, ids: number[], viewerId: number | null): Promise<PostItem[]> {
  return inOrder(ids, await postItemMap(new Reader(db.$client), ids, viewerId));
}

/** Comments by id, each with its author and the post it belongs to. */
export async function loadCommentItems(
  db: Db,
  ids: number[],
  viewerId: number | null,
): Promise<CommentItem[]> {
  if (ids.length === 0) return [];
  const reader = new Reader(db.$client);
  type Row = CommentSqlRow & { parent_public_id: string | null };
  const [rows, authors] = await reader.batch<[Row, OwnerSqlRow]>([
    {
      sql: `SELECT ${COMMENT_SQL}, (SELECT p.public_id FROM comments p WHERE p.id = c.parent_id) AS parent_public_id
            FROM comments c WHERE c.id IN (${idList(ids)})`,
    },
    {
      sql: `SELECT ${OWNER_SQL} FROM users u WHERE u.id IN (SELECT owner_id FROM comments WHERE id IN (${idList(ids)}))`,
    },
  ]);
  const owners = ownerMap(authors);
  const posts = await postItemMap(reader, [...new Set(rows.map((r) => r.micropost_id))], viewerId);
  const byId = new Map<number, CommentItem>();
  for (const row of rows) {
    const post = posts.get(row.micropost_id);
    const owner = owners.get(row.owner_id);
    if (!post || !owner) continue;
    byId.set(row.id, {
      owner,
      community: post.community,
      micropost: post.micropost,
      comment: toComment(row, {
        owner,
        viewerId,
        postPublicId: post.micropost.public_id,
        postAddress: post.micropost.link,
        parentPublicId: row.parent_public_id,
      }),
    });
  }
  return inOrder(ids, byId);
}

/** Communities by id, with the viewer's membership. */
export async function loadCommunityItems(
  db: Db,
  ids: number[],
  viewerId: number | null,
): Promise<Array<{ community: Community }>> {
  if (ids.length === 0) return [];
  const reader = new Reader(db.$client);
  const [rows, memberships] = await reader.batch<[CommunitySqlRow, MembershipSqlRow]>([
    { sql: `SELECT ${COMMUNITY_SQL} FROM communities c WHERE c.id IN (${idList(ids)})` },
    {
      sql: `SELECT community_id, role, created_at FROM community_members WHERE user_id = ?1 AND community_id IN (${idList(ids)})`,
      binds: [viewerId ?? 0],
    },
  ]);
  const membership = new Map(memberships.map((m) => [m.community_id, m]));
  const byId = new Map(rows.map((r) => [r.id, { community: toCommunity(r, membership.get(r.id)) }]));
  return inOrder(ids, byId);
}

/** People by id, with whether the viewer follows each. */
export async function loadPersonItems(db: Db, ids: number[], viewerId: number | null): Promise<PersonItem[]> {
  if (ids.length === 0) return [];
  const [rows, followed] = await db.batch([
    db
      .select({ id: users.id, ...ownerColumns })
      .from(users)
      .where(inArray(users.id, ids)),
    db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId ?? 0), inArray(follows.followeeId, ids))),
  ]);
  const following = new Set(followed.map((f) => f.id));
  const byId = new Map(rows.map((r) => [r.id, { owner: toOwner(r), is_following: following.has(r.id) }]));
  return inOrder(ids, byId);
}
