import type { FeedItem, MediaFile } from "#shared/schemas/posts.ts";
import { comments, micropostFiles, microposts } from "#worker/db/schema/index.ts";
import { columnsOf, idList, rowOf, type Statement } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { ownerMap, ownersStatement, ownerWithId, toOwner } from "#worker/lib/owners.ts";
import { toCommunity } from "../communities/community-json";
import {
  communitiesStatement,
  communityMap,
  membershipMap,
  membershipsStatement,
} from "../communities/service";
import { type PostRow, toComment, toMicropost } from "./post-json";

// Feed items (a post with its owner, its community, the viewer's vote and membership, its media and
// its newest comment) for a page of posts: the feed, a community's and a person's posts, one post,
// search results.

const fileColumns = {
  micropostId: micropostFiles.micropostId,
  file: micropostFiles.file,
  fileType: micropostFiles.fileType,
};

/** The media files of these posts, for `fileMap`. */
export function filesStatement(postIds: Iterable<number>): Statement {
  return {
    sql: `SELECT ${columnsOf(fileColumns, "f")} FROM micropost_files f WHERE f.micropost_id IN (${idList(postIds)}) ORDER BY f.id`,
  };
}

/** Each post's files, in the order they were added. */
export function fileMap(rows: object[]): Map<number, MediaFile[]> {
  const files = new Map<number, MediaFile[]>();
  for (const raw of rows) {
    const row = rowOf(fileColumns, raw);
    const list = files.get(row.micropostId) ?? [];
    list.push({ file: row.file, file_type: row.fileType });
    files.set(row.micropostId, list);
  }
  return files;
}

/** The newest comment of each post, with its author (`o_` columns): the feed's `comment_list`. */
const PREVIEW_SQL = `SELECT ${columnsOf(comments, "c")}, ${columnsOf(ownerWithId, "u", "o_")}
  FROM json_each(?1) j
  JOIN comments c ON c.id = (
    SELECT x.id FROM comments x
    WHERE x.micropost_id = j.value AND x.depth = 0 AND x.is_deleted = 0
    ORDER BY x.id DESC LIMIT 1)
  JOIN users u ON u.id = c.owner_id`;

/**
 * Turns a page of post rows into feed items in one round trip: owners, communities, the viewer's
 * memberships and votes, media files and each post's newest comment. Every statement is a lookup by
 * key for the posts of this page, so the cost follows the page and never the database.
 */
export async function loadFeedItems(
  { db }: Deps,
  viewerId: number | null,
  posts: PostRow[],
): Promise<FeedItem[]> {
  if (posts.length === 0) return [];
  const postIds = posts.map((p) => p.id);
  const communityIds = posts.map((p) => p.communityId);
  const mediaIds = posts.filter((p) => p.postType === "MEDIA").map((p) => p.id);
  const withComments = posts.filter((p) => p.totalTopComments > 0).map((p) => p.id);

  const statements: Statement[] = [
    ownersStatement(posts.map((p) => p.ownerId)),
    communitiesStatement(communityIds),
  ];
  const at = { memberships: -1, votes: -1, files: -1, previews: -1 };
  if (viewerId !== null) {
    at.memberships = statements.push(membershipsStatement(viewerId, communityIds)) - 1;
    at.votes =
      statements.push({
        sql: `SELECT micropost_id FROM micropost_votes WHERE micropost_id IN (${idList(postIds)}) AND user_id = ?1`,
        binds: [viewerId],
      }) - 1;
  }
  if (mediaIds.length) at.files = statements.push(filesStatement(mediaIds)) - 1;
  if (withComments.length) {
    at.previews = statements.push({ sql: PREVIEW_SQL, binds: [JSON.stringify(withComments)] }) - 1;
  }

  const results = (await db.batch(statements)) as object[][];
  const owners = ownerMap(results[0]!);
  const communities = communityMap(results[1]!);
  const memberships = membershipMap(at.memberships < 0 ? [] : results[at.memberships]!);
  const voted = new Set(
    at.votes < 0 ? [] : (results[at.votes] as Array<{ micropost_id: number }>).map((v) => v.micropost_id),
  );
  const files = fileMap(at.files < 0 ? [] : results[at.files]!);
  const previews = new Map(
    (at.previews < 0 ? [] : results[at.previews]!).map((raw) => {
      const comment = rowOf(comments, raw);
      return [comment.micropostId, { comment, owner: toOwner(rowOf(ownerWithId, raw, "o_")) }];
    }),
  );

  return posts.flatMap((post) => {
    const owner = owners.get(post.ownerId);
    const community = communities.get(post.communityId);
    if (!owner || !community) return [];
    const micropost = toMicropost(
      post,
      community.name,
      files.get(post.id) ?? [],
      voted.has(post.id),
      viewerId,
    );
    const preview = previews.get(post.id);
    return [
      {
        owner,
        community: toCommunity(community, memberships.get(community.id)),
        micropost,
        comment_list: preview
          ? [
              toComment(preview.comment, {
                owner: preview.owner,
                viewerId,
                postPublicId: post.publicId,
                postAddress: micropost.link,
                parentPublicId: null,
              }),
            ]
          : [],
      },
    ];
  });
}

/** Posts by id, as the feed shows them, keyed by id (a post that lost its owner or community is left out). */
export async function loadPostItemMap(
  deps: Deps,
  ids: number[],
  viewerId: number | null,
): Promise<Map<number, FeedItem>> {
  if (ids.length === 0) return new Map();
  const raw = await deps.db.all({
    sql: `SELECT ${columnsOf(microposts, "m")} FROM microposts m WHERE m.id IN (${idList(ids)})`,
  });
  const rows = raw.map((r) => rowOf(microposts, r));
  const items = await loadFeedItems(deps, viewerId, rows);
  const byPublicId = new Map(items.map((item) => [item.micropost.public_id, item]));
  const byId = new Map<number, FeedItem>();
  for (const row of rows) {
    const item = byPublicId.get(row.publicId);
    if (item) byId.set(row.id, item);
  }
  return byId;
}

/** Posts by id (search results, a person's posts), in the order asked, as the feed shows them. */
export async function loadPostItems(deps: Deps, ids: number[], viewerId: number | null): Promise<FeedItem[]> {
  const byId = await loadPostItemMap(deps, ids, viewerId);
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}
