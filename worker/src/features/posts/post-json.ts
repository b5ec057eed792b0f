import type { Comment, MediaFile, Post } from "#shared/schemas/posts.ts";
import type { Owner } from "#shared/schemas/user.ts";
import type { comments, microposts } from "#worker/db/schema/index.ts";
import { iso } from "#worker/lib/time.ts";

// A post row and a comment row as the API shows them, wherever they appear: the feed, a post's
// page, drafts, profiles, search results.

export type PostRow = typeof microposts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

/** A post's own address: /c/{community}/p/{public_id}/{slug}. The SPA has a page at each. */
export function postLink(communityName: string, publicId: string, slug: string): string {
  return `/c/${encodeURIComponent(communityName)}/p/${publicId}/${slug}`;
}

export function toMicropost(
  row: PostRow,
  communityName: string,
  files: MediaFile[],
  voted: boolean,
  viewerId: number | null,
): Post {
  return {
    public_id: row.publicId,
    title: row.title,
    body: row.body,
    link: postLink(communityName, row.publicId, row.slug),
    slug: row.slug,
    post_type: row.postType,
    user_file_list: files,
    is_pinned: row.isPinned,
    depth: 0,
    total_micropost_votes: row.totalVotes,
    total_micropost_comments: row.totalComments,
    user_voted: voted,
    user_is_owner: viewerId !== null && viewerId === row.ownerId,
    published_at: row.publishedAt === null ? null : iso(row.publishedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** A comment of the post at `postAddress`; a deleted one keeps its place but shows nothing of its own. */
export function toComment(
  row: CommentRow,
  input: {
    owner: Owner | null;
    viewerId: number | null;
    postPublicId: string;
    postAddress: string;
    parentPublicId: string | null;
  },
): Comment {
  const deleted = row.isDeleted;
  return {
    public_id: row.publicId,
    micropost_public_id: input.postPublicId,
    parent_public_id: input.parentPublicId,
    body: deleted ? "" : row.body,
    owner: deleted ? null : input.owner,
    depth: row.depth,
    total_replies: row.totalReplies,
    is_deleted: deleted,
    user_is_owner: !deleted && input.viewerId !== null && input.viewerId === row.ownerId,
    link: `${input.postAddress}?comment=${row.publicId}`,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    replies: [],
  };
}
