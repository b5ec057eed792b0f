import type { Community, JoinResult, Member, Membership } from "#shared/schemas/communities.ts";
import { paletteOf } from "#shared/schemas/reactions.ts";
import type { Owner } from "#shared/schemas/user.ts";
import { communities, communityMembers } from "#worker/db/schema/index.ts";
import type { RowOf } from "#worker/db/sql.ts";
import { iso } from "#worker/lib/time.ts";

// A community row and a membership row as the API shows them, wherever they appear: the community
// pages, the feed's items, drafts, search results.

export type CommunityRow = typeof communities.$inferSelect;

/**
 * A community's columns as a list shows it (the feed's items, drafts, search): all but its rules,
 * which only its own page shows and which can run to kilobytes.
 */
export const listedCommunityColumns = {
  id: communities.id,
  name: communities.name,
  displayName: communities.displayName,
  description: communities.description,
  image: communities.image,
  cover: communities.cover,
  reactionPalette: communities.reactionPalette,
  isVerified: communities.isVerified,
  ownerId: communities.ownerId,
  totalMembers: communities.totalMembers,
  totalMicroposts: communities.totalMicroposts,
  createdAt: communities.createdAt,
};
export type ListedCommunityRow = RowOf<typeof listedCommunityColumns>;

/** The columns `toMembership` reads: the viewer's membership of a community. */
export const membershipColumns = {
  communityId: communityMembers.communityId,
  role: communityMembers.role,
  createdAt: communityMembers.createdAt,
};
export type MembershipRow = RowOf<typeof membershipColumns>;

export function toMembership(row: MembershipRow | null | undefined): Membership | null {
  return row ? { role: row.role, created_at: iso(row.createdAt) } : null;
}

export function toCommunity(
  row: ListedCommunityRow,
  membership: MembershipRow | null | undefined,
): Community {
  return {
    name: row.name,
    display_name: row.displayName,
    description: row.description,
    image: row.image,
    cover: row.cover,
    is_verified: row.isVerified,
    created_at: iso(row.createdAt),
    total_members: row.totalMembers,
    total_microposts: row.totalMicroposts,
    user_membership: toMembership(membership),
    // Its owner's own palette (docs/decisions/166); the default eight are left out of every payload.
    ...(row.reactionPalette ? { reaction_palette: paletteOf(row.reactionPalette) } : {}),
  };
}

/** The community as its own read shows it (`GET /api/v1/community`, its page's first screen): with its rules. */
export function toCommunityWithRules(
  row: CommunityRow,
  membership: MembershipRow | null | undefined,
): Community {
  return { ...toCommunity(row, membership), rules: readRules(row.rules) };
}

/** The stored rules; unreadable ones are none. */
function readRules(stored: string): Array<{ title: string; description: string }> {
  try {
    const list = JSON.parse(stored) as unknown;
    return Array.isArray(list) ? (list as Array<{ title: string; description: string }>) : [];
  } catch {
    return [];
  }
}

/** The caller's membership after joining, with the community's new count of members. */
export function toJoinResult(
  name: string,
  row: { role: JoinResult["role"]; created_at: number; total_members: number },
): JoinResult {
  return { name, role: row.role, created_at: iso(row.created_at), total_members: row.total_members };
}

/** A member of a community as its members page lists them. */
export function toMember(row: { role: Member["role"]; createdAt: number }, owner: Owner): Member {
  return { owner, role: row.role, created_at: iso(row.createdAt) };
}
