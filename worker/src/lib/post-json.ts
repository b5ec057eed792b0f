import type { Flair } from "#shared/schemas/community-moderation.ts";
import type { PostVersion } from "#shared/schemas/post-versions.ts";
import type { Comment, Draft, FeedItem, MediaFile, Post } from "#shared/schemas/posts.ts";
import type { Reaction } from "#shared/schemas/reactions.ts";
import type { Owner } from "#shared/schemas/user.ts";
import type { comments, microposts, micropostVersions } from "#worker/db/schema/index.ts";
import { type ListedCommunityRow, type MembershipRow, toCommunity, toMembership } from "./community-json";
import { reactionKey } from "./reaction-queries";
import { iso } from "./time";

// Posts, drafts, comments and feed items as the API shows them, wherever they appear: the feed, a
// post's page, drafts, profiles, search results, staff's screens. Rows in (the posts feature's
// queries), JSON out; nothing here reads the database or decides who may see what. Below the
// features, since the posts feature, search and staff's screens all show posts.

export type PostRow = typeof microposts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type VersionRow = typeof micropostVersions.$inferSelect;

/** Everything a page of feed items shows beside its posts, keyed by post, community or person id. */
export interface PostLookups {
  owners: Map<number, Owner>;
  communities: Map<number, ListedCommunityRow>;
  memberships: Map<number, MembershipRow>;
  voted: Set<number>;
  bookmarked: Set<number>;
  files: Map<number, MediaFile[]>;
  previews: Map<number, { comment: CommentRow; owner: Owner }>;
  flairs: Map<number, Flair>;
  /** Each post's reactions as the viewer sees them, by `reactionKey`. */
  reactions: Map<string, Reaction[]>;
}

/** What a page of drafts shows beside its rows: communities, the owner's memberships, files. */
export interface DraftLookups {
  communities: Map<number, ListedCommunityRow>;
  memberships: Map<number, MembershipRow>;
  files: Map<number, MediaFile[]>;
}

/** A post's own address: /c/{community}/p/{public_id}/{slug}. The SPA has a page at each. */
export function postLink(communityName: string, publicId: string, slug: string): string {
  return `/c/${encodeURIComponent(communityName)}/p/${publicId}/${slug}`;
}

/** A draft's address: the create-post screen, opened on it. */
export function draftLink(draftPublicId: string): string {
  return `/post?draft=${draftPublicId}`;
}

function toPost(
  row: PostRow,
  communityName: string,
  files: MediaFile[],
  voted: boolean,
  viewerId: number | null,
  bookmarked = false,
  flair: Flair | null = null,
  reactions: Reaction[] = [],
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
    is_locked: row.lockedAt !== null,
    flair,
    depth: 0,
    total_micropost_votes: row.totalVotes,
    total_micropost_comments: row.totalComments,
    user_voted: voted,
    user_bookmarked: bookmarked,
    user_is_owner: viewerId !== null && viewerId === row.ownerId,
    published_at: row.publishedAt === null ? null : iso(row.publishedAt),
    edited_at: row.editedAt === null ? null : iso(row.editedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    reactions,
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
    reactions?: Map<string, Reaction[]>;
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
    edited_at: deleted || row.editedAt === null ? null : iso(row.editedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    replies: [],
    reactions: deleted ? [] : (input.reactions?.get(reactionKey(row.id)) ?? []),
  };
}

/**
 * Feed items (a post with its owner, its community, the viewer's vote and membership, its media
 * and its newest comment), in the order of `posts`. A post that lost its owner or community is
 * left out.
 */
export function toFeedItems(posts: PostRow[], lookups: PostLookups, viewerId: number | null): FeedItem[] {
  return posts.flatMap((post) => {
    const owner = lookups.owners.get(post.ownerId);
    const community = lookups.communities.get(post.communityId);
    if (!owner || !community) return [];
    const micropost = toPost(
      post,
      community.name,
      lookups.files.get(post.id) ?? [],
      lookups.voted.has(post.id),
      viewerId,
      lookups.bookmarked.has(post.id),
      post.flairId === null ? null : (lookups.flairs.get(post.flairId) ?? null),
      lookups.reactions.get(reactionKey(post.id)) ?? [],
    );
    const preview = lookups.previews.get(post.id);
    return [
      {
        owner,
        community: toCommunity(community, lookups.memberships.get(community.id)),
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

export function toDrafts(rows: PostRow[], lookups: DraftLookups): Draft[] {
  return rows.map((row) => {
    const community = lookups.communities.get(row.communityId);
    return {
      public_id: row.publicId,
      title: row.title,
      body: row.body,
      post_type: row.postType,
      community: {
        name: community?.name ?? "",
        image: community?.image ?? null,
        user_membership: toMembership(lookups.memberships.get(row.communityId)),
      },
      // A draft holds one file at most: a new one replaces it.
      file: lookups.files.get(row.id)?.at(-1) ?? null,
      link: draftLink(row.publicId),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    };
  });
}

/**
 * A page of comments with their replies nested: `rows` holds the page's comments first
 * (`pageLength` of them), then the replies of each level. A reply's parent is in `rows` or is
 * `extraPublicIds`'s (the focused comment of a single thread).
 */
export function toCommentTree(
  rows: CommentRow[],
  pageLength: number,
  context: {
    owners: Map<number, Owner>;
    viewerId: number | null;
    postPublicId: string;
    postAddress: string;
    extraPublicIds?: Map<number, string>;
    reactions?: Map<string, Reaction[]>;
  },
): Comment[] {
  const publicIds = new Map(rows.map((r) => [r.id, r.publicId]));
  for (const [id, publicId] of context.extraPublicIds ?? []) publicIds.set(id, publicId);
  const byId = new Map<number, Comment>();
  for (const row of rows) {
    byId.set(
      row.id,
      toComment(row, {
        owner: context.owners.get(row.ownerId) ?? null,
        viewerId: context.viewerId,
        postPublicId: context.postPublicId,
        postAddress: context.postAddress,
        parentPublicId: row.parentId === null ? null : (publicIds.get(row.parentId) ?? null),
        reactions: context.reactions,
      }),
    );
  }
  for (const row of rows.slice(pageLength)) {
    if (row.parentId !== null) byId.get(row.parentId)?.replies.push(byId.get(row.id)!);
  }
  return rows.slice(0, pageLength).map((r) => byId.get(r.id)!);
}

/**
 * A history page: the current text first (when `current` is given, on the first page), then the
 * versions edits replaced, newest first. A post's versions carry its title; a comment's do not.
 */
export function toVersions(
  current: { title?: string; body: string; editedAt: number | null } | null,
  rows: VersionRow[],
): PostVersion[] {
  const withTitle = (title: string | null | undefined) => (title === undefined ? {} : { title });
  const first: PostVersion[] = current
    ? [
        {
          id: null,
          ...withTitle(current.title),
          body: current.body,
          edited_at: current.editedAt === null ? null : iso(current.editedAt),
          redacted: false,
        },
      ]
    : [];
  return [
    ...first,
    ...rows.map((row) => ({
      id: row.id,
      ...withTitle(row.micropostId === null ? undefined : row.title),
      body: row.body,
      edited_at: row.editedAt === null ? null : iso(row.editedAt),
      redacted: row.redactedAt !== null,
    })),
  ];
}
