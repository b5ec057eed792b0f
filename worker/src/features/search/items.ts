import { and, eq, inArray } from "drizzle-orm";
import type {
  CommentItem,
  CommunityCard,
  MicropostCard,
  PersonItem,
  PostItem,
} from "../../../../shared/src/schemas/search";
import type { Db } from "../../db/client";
import {
  comments,
  communities,
  communityMembers,
  follows,
  micropostFiles,
  microposts,
  micropostVotes,
  users,
} from "../../db/schema";
import { ownerColumns, toOwner } from "../accounts/serialize";

// Turning ids found by a search (or a profile's list) into what lists show. Each kind is loaded in
// one batch of primary-key lookups, whatever the page size, and comes back in the order asked.

const iso = (ms: number) => new Date(ms).toISOString();

type CommunityRow = typeof communities.$inferSelect;
type MicropostRow = typeof microposts.$inferSelect;

export const communityColumns = {
  id: communities.id,
  name: communities.name,
  displayName: communities.displayName,
  description: communities.description,
  image: communities.image,
  isVerified: communities.isVerified,
  createdAt: communities.createdAt,
  totalMembers: communities.totalMembers,
};

export function toCommunityCard(
  row: Pick<CommunityRow, keyof typeof communityColumns>,
  role: string | null,
): CommunityCard {
  return {
    name: row.name,
    display_name: row.displayName,
    description: row.description,
    image: row.image,
    is_verified: row.isVerified,
    created_at: iso(row.createdAt),
    total_members: row.totalMembers,
    user_membership: role ? { role } : null,
  };
}

/** A post's own address (DESIGN.md): /c/{community}/p/{public_id}/{slug}. */
export function postLink(communityName: string, publicId: string, slug: string): string {
  return `/c/${communityName}/p/${publicId}/${slug}`;
}

export function toMicropostCard(
  row: MicropostRow,
  communityName: string,
  files: Array<{ file: string; fileType: "IMAGE" | "VIDEO" }>,
  voted: boolean,
): MicropostCard {
  return {
    public_id: row.publicId,
    title: row.title,
    body: row.body,
    link: postLink(communityName, row.publicId, row.slug),
    post_type: row.postType,
    user_file_list: files.map((f) => ({ file: f.file, file_type: f.fileType })),
    is_pinned: row.isPinned,
    total_micropost_votes: row.totalVotes,
    total_micropost_comments: row.totalComments,
    user_voted: voted,
    published_at: row.publishedAt === null ? null : iso(row.publishedAt),
    updated_at: iso(row.updatedAt),
    created_at: iso(row.createdAt),
  };
}

function inOrder<T>(ids: number[], byId: Map<number, T>): T[] {
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item];
  });
}

/** Posts by id with their owner, community, files and the viewer's vote and membership. */
export async function loadPostItems(db: Db, ids: number[], viewerId: number | null): Promise<PostItem[]> {
  return inOrder(ids, await loadPostItemMap(db, ids, viewerId));
}

async function loadPostItemMap(
  db: Db,
  ids: number[],
  viewerId: number | null,
): Promise<Map<number, PostItem>> {
  if (ids.length === 0) return new Map();
  // Separate lookups rather than one join: D1 folds same-named columns of a join together.
  const postOwners = db
    .select({ id: microposts.ownerId })
    .from(microposts)
    .where(inArray(microposts.id, ids));
  const postCommunities = db
    .select({ id: microposts.communityId })
    .from(microposts)
    .where(inArray(microposts.id, ids));
  const [posts, owners, communityRows, files, votes, memberships] = await db.batch([
    db.select().from(microposts).where(inArray(microposts.id, ids)),
    db
      .select({ id: users.id, ...ownerColumns })
      .from(users)
      .where(inArray(users.id, postOwners)),
    db.select(communityColumns).from(communities).where(inArray(communities.id, postCommunities)),
    db
      .select({
        micropostId: micropostFiles.micropostId,
        file: micropostFiles.file,
        fileType: micropostFiles.fileType,
      })
      .from(micropostFiles)
      .where(inArray(micropostFiles.micropostId, ids)),
    db
      .select({ micropostId: micropostVotes.micropostId })
      .from(micropostVotes)
      .where(and(eq(micropostVotes.userId, viewerId ?? 0), inArray(micropostVotes.micropostId, ids))),
    db
      .select({ communityId: communityMembers.communityId, role: communityMembers.role })
      .from(communityMembers)
      .where(
        and(
          eq(communityMembers.userId, viewerId ?? 0),
          inArray(communityMembers.communityId, postCommunities),
        ),
      ),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const communityById = new Map(communityRows.map((c) => [c.id, c]));
  const voted = new Set(votes.map((v) => v.micropostId));
  const roles = new Map(memberships.map((m) => [m.communityId, m.role]));
  const byId = new Map<number, PostItem>();
  for (const post of posts) {
    const owner = ownerById.get(post.ownerId);
    const community = communityById.get(post.communityId);
    if (!owner || !community) continue;
    byId.set(post.id, {
      owner: toOwner(owner),
      community: toCommunityCard(community, roles.get(community.id) ?? null),
      micropost: toMicropostCard(
        post,
        community.name,
        files.filter((f) => f.micropostId === post.id),
        voted.has(post.id),
      ),
    });
  }
  return byId;
}

/** Comments by id, each with its post (as a post item) and the comment's own link. */
export async function loadCommentItems(
  db: Db,
  ids: number[],
  viewerId: number | null,
): Promise<CommentItem[]> {
  if (ids.length === 0) return [];
  const [rows, owners] = await db.batch([
    db.select().from(comments).where(inArray(comments.id, ids)),
    db
      .select({ id: users.id, ...ownerColumns })
      .from(users)
      .where(
        inArray(
          users.id,
          db.select({ id: comments.ownerId }).from(comments).where(inArray(comments.id, ids)),
        ),
      ),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const postById = await loadPostItemMap(db, [...new Set(rows.map((r) => r.micropostId))], viewerId);
  const byId = new Map<number, CommentItem>();
  for (const comment of rows) {
    const post = postById.get(comment.micropostId);
    const owner = ownerById.get(comment.ownerId);
    if (!post || !owner) continue;
    byId.set(comment.id, {
      ...post,
      owner: toOwner(owner),
      comment: {
        public_id: comment.publicId,
        body: comment.body,
        depth: comment.depth,
        created_at: iso(comment.createdAt),
        link: `${post.micropost.link}?comment_public_id=${comment.publicId}`,
      },
    });
  }
  return inOrder(ids, byId);
}

/** Communities by id with the viewer's membership. */
export async function loadCommunityItems(
  db: Db,
  ids: number[],
  viewerId: number | null,
): Promise<Array<{ community: CommunityCard }>> {
  if (ids.length === 0) return [];
  const [rows, memberships] = await db.batch([
    db.select(communityColumns).from(communities).where(inArray(communities.id, ids)),
    db
      .select({ communityId: communityMembers.communityId, role: communityMembers.role })
      .from(communityMembers)
      .where(and(eq(communityMembers.userId, viewerId ?? 0), inArray(communityMembers.communityId, ids))),
  ]);
  const roles = new Map(memberships.map((m) => [m.communityId, m.role]));
  const byId = new Map(rows.map((r) => [r.id, { community: toCommunityCard(r, roles.get(r.id) ?? null) }]));
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
