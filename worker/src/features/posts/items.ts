import type { MediaKind, PostType } from "#shared/enums.ts";
import type { Comment, FeedItem, MediaFile, Micropost } from "#shared/schemas/posts.ts";
import type { Owner } from "#shared/schemas/user.ts";
import {
  COMMUNITY_SQL,
  type CommunitySqlRow,
  type MembershipSqlRow,
  OWNER_SQL,
  type OwnerSqlRow,
  ownerFromSql,
  toCommunity,
} from "../communities/serialize";
import { idList, type Reader, type Statement } from "./reader";

const iso = (ms: number) => new Date(ms).toISOString();

/** The columns of a post, for `SELECT ${POST_SQL} FROM microposts m`. */
export const POST_SQL =
  "m.id, m.public_id, m.owner_id, m.community_id, m.title, m.body, m.slug, m.post_type, m.is_draft, m.is_pinned, m.total_votes, m.total_comments, m.total_top_comments, m.published_at, m.created_at, m.updated_at";

export interface PostSqlRow {
  id: number;
  public_id: string;
  owner_id: number;
  community_id: number;
  title: string;
  body: string;
  slug: string;
  post_type: PostType;
  is_draft: number;
  is_pinned: number;
  total_votes: number;
  total_comments: number;
  total_top_comments: number;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A post's own address (DESIGN.md): /c/{community}/p/{public_id}/{slug}. */
export function postLink(communityName: string, publicId: string, slug: string): string {
  return `/c/${encodeURIComponent(communityName)}/p/${publicId}/${slug}`;
}

export function toMicropost(
  row: PostSqlRow,
  communityName: string,
  files: MediaFile[],
  voted: boolean,
  viewerId: number | null,
): Micropost {
  return {
    public_id: row.public_id,
    title: row.title,
    body: row.body,
    link: postLink(communityName, row.public_id, row.slug),
    slug: row.slug,
    post_type: row.post_type,
    user_file_list: files,
    is_pinned: Boolean(row.is_pinned),
    depth: 0,
    total_micropost_votes: row.total_votes,
    total_micropost_comments: row.total_comments,
    user_voted: voted,
    user_is_owner: viewerId !== null && viewerId === row.owner_id,
    published_at: row.published_at === null ? null : iso(row.published_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The columns of a comment, for `SELECT ${COMMENT_SQL} FROM comments c`. */
export const COMMENT_SQL =
  "c.id, c.public_id, c.micropost_id, c.parent_id, c.owner_id, c.body, c.depth, c.total_replies, c.is_deleted, c.created_at, c.updated_at";

export interface CommentSqlRow {
  id: number;
  public_id: string;
  micropost_id: number;
  parent_id: number | null;
  owner_id: number;
  body: string;
  depth: number;
  total_replies: number;
  is_deleted: number;
  created_at: number;
  updated_at: number;
}

/** A comment of the post at `postAddress`; a deleted one keeps its place but shows nothing of its own. */
export function toComment(
  row: CommentSqlRow,
  input: {
    owner: Owner | null;
    viewerId: number | null;
    postPublicId: string;
    postAddress: string;
    parentPublicId: string | null;
  },
): Comment {
  const deleted = Boolean(row.is_deleted);
  return {
    public_id: row.public_id,
    micropost_public_id: input.postPublicId,
    parent_public_id: input.parentPublicId,
    body: deleted ? "" : row.body,
    owner: deleted ? null : input.owner,
    depth: row.depth,
    total_replies: row.total_replies,
    is_deleted: deleted,
    user_is_owner: !deleted && input.viewerId !== null && input.viewerId === row.owner_id,
    link: `${input.postAddress}?comment=${row.public_id}`,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    replies: [],
  };
}

/** Owners of these ids, by id. One statement for the whole page. */
export function ownersStatement(ids: Iterable<number>): Statement {
  return { sql: `SELECT ${OWNER_SQL} FROM users u WHERE u.id IN (${idList(ids)})` };
}

export function ownerMap(rows: OwnerSqlRow[]): Map<number, Owner> {
  return new Map(rows.map((r) => [r.id, ownerFromSql(r)]));
}

/** The newest comment of each post, with its author: the feed's `comment_list`. */
const PREVIEW_SQL = `SELECT ${COMMENT_SQL}, ${OWNER_SQL.replace(/u\.(\w+)/g, "u.$1 AS o_$1")}
  FROM json_each(?1) j
  JOIN comments c ON c.id = (
    SELECT x.id FROM comments x
    WHERE x.micropost_id = j.value AND x.depth = 0 AND x.is_deleted = 0
    ORDER BY x.id DESC LIMIT 1)
  JOIN users u ON u.id = c.owner_id`;

type PreviewRow = CommentSqlRow & { [K in keyof OwnerSqlRow as `o_${K}`]: OwnerSqlRow[K] };

/**
 * Turns a page of post rows into feed items in one round trip: owners, communities, the viewer's
 * memberships and votes, media files and each post's newest comment. Every statement is a lookup by
 * key for the posts of this page, so the cost follows the page and never the database.
 */
export async function loadFeedItems(
  reader: Reader,
  viewerId: number | null,
  posts: PostSqlRow[],
): Promise<FeedItem[]> {
  if (posts.length === 0) return [];
  const postIds = posts.map((p) => p.id);
  const communityIds = posts.map((p) => p.community_id);
  const mediaIds = posts.filter((p) => p.post_type === "MEDIA").map((p) => p.id);
  const withComments = posts.filter((p) => p.total_top_comments > 0).map((p) => p.id);

  const statements: Statement[] = [
    ownersStatement(posts.map((p) => p.owner_id)),
    { sql: `SELECT ${COMMUNITY_SQL} FROM communities c WHERE c.id IN (${idList(communityIds)})` },
  ];
  const at = { memberships: -1, votes: -1, files: -1, previews: -1 };
  if (viewerId !== null) {
    at.memberships =
      statements.push({
        sql: `SELECT community_id, role, created_at FROM community_members WHERE user_id = ?1 AND community_id IN (${idList(communityIds)})`,
        binds: [viewerId],
      }) - 1;
    at.votes =
      statements.push({
        sql: `SELECT micropost_id FROM micropost_votes WHERE micropost_id IN (${idList(postIds)}) AND user_id = ?1`,
        binds: [viewerId],
      }) - 1;
  }
  if (mediaIds.length) {
    at.files =
      statements.push({
        sql: `SELECT micropost_id, file, file_type FROM micropost_files WHERE micropost_id IN (${idList(mediaIds)}) ORDER BY id`,
      }) - 1;
  }
  if (withComments.length) {
    at.previews = statements.push({ sql: PREVIEW_SQL, binds: [JSON.stringify(withComments)] }) - 1;
  }

  const results = (await reader.batch(statements)) as unknown[][];
  const owners = ownerMap(results[0] as OwnerSqlRow[]);
  const communities = new Map((results[1] as CommunitySqlRow[]).map((c) => [c.id, c]));
  const memberships = new Map(
    at.memberships < 0 ? [] : (results[at.memberships] as MembershipSqlRow[]).map((m) => [m.community_id, m]),
  );
  const voted = new Set(
    at.votes < 0 ? [] : (results[at.votes] as Array<{ micropost_id: number }>).map((v) => v.micropost_id),
  );
  const files = new Map<number, MediaFile[]>();
  if (at.files >= 0) {
    for (const f of results[at.files] as Array<{
      micropost_id: number;
      file: string;
      file_type: MediaKind;
    }>) {
      const list = files.get(f.micropost_id) ?? [];
      list.push({ file: f.file, file_type: f.file_type });
      files.set(f.micropost_id, list);
    }
  }
  const previews = new Map<number, PreviewRow>(
    at.previews < 0 ? [] : (results[at.previews] as PreviewRow[]).map((r) => [r.micropost_id, r]),
  );

  return posts.flatMap((post) => {
    const owner = owners.get(post.owner_id);
    const community = communities.get(post.community_id);
    if (!owner || !community) return [];
    const micropost = toMicropost(
      post,
      community.name,
      files.get(post.id) ?? [],
      voted.has(post.id),
      viewerId,
    );
    const preview = previews.get(post.id);
    const commentOwner = preview
      ? ownerFromSql({
          id: preview.o_id,
          username: preview.o_username,
          profile_name: preview.o_profile_name,
          profile_image: preview.o_profile_image,
          status: preview.o_status,
          created_at: preview.o_created_at,
          is_staff: preview.o_is_staff,
          is_verified_user: preview.o_is_verified_user,
          is_verified_business: preview.o_is_verified_business,
        })
      : null;
    return [
      {
        owner,
        community: toCommunity(community, memberships.get(community.id)),
        micropost,
        comment_list: preview
          ? [
              toComment(preview, {
                owner: commentOwner,
                viewerId,
                postPublicId: post.public_id,
                postAddress: micropost.link,
                parentPublicId: null,
              }),
            ]
          : [],
      },
    ];
  });
}
