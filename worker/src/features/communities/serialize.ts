import type { CommunityRole } from "#shared/enums.ts";
import type { Community, Membership } from "#shared/schemas/communities.ts";
import type { Owner } from "#shared/schemas/user.ts";
import { toOwner } from "../accounts/user-json";

// Rows read with plain SQL (see posts/reader.ts) come back with SQLite's types: booleans as 0/1.
// These turn them into the API's shapes, through the accounts serialiser for people.

const iso = (ms: number) => new Date(ms).toISOString();

/** The columns of a community, for `SELECT ${COMMUNITY_SQL} FROM communities c`. */
export const COMMUNITY_SQL =
  "c.id, c.name, c.display_name, c.description, c.image, c.is_verified, c.owner_id, c.created_at, c.total_members, c.total_microposts";

export interface CommunitySqlRow {
  id: number;
  name: string;
  display_name: string | null;
  description: string | null;
  image: string | null;
  is_verified: number;
  owner_id: number | null;
  created_at: number;
  total_members: number;
  total_microposts: number;
}

export interface MembershipSqlRow {
  community_id: number;
  role: CommunityRole;
  created_at: number;
}

export function toMembership(row: MembershipSqlRow | null | undefined): Membership | null {
  return row ? { role: row.role, created_at: iso(row.created_at) } : null;
}

export function toCommunity(
  row: CommunitySqlRow,
  membership: MembershipSqlRow | null | undefined,
): Community {
  return {
    name: row.name,
    display_name: row.display_name,
    description: row.description,
    image: row.image,
    is_verified: Boolean(row.is_verified),
    created_at: iso(row.created_at),
    total_members: row.total_members,
    total_microposts: row.total_microposts,
    user_membership: toMembership(membership),
  };
}

/** The columns of a person, for `SELECT ${OWNER_SQL} FROM users u`. */
export const OWNER_SQL =
  "u.id, u.username, u.profile_name, u.profile_image, u.status, u.created_at, u.is_staff, u.is_verified_user, u.is_verified_business";

export interface OwnerSqlRow {
  id: number;
  username: string;
  profile_name: string | null;
  profile_image: string | null;
  status: Owner["status"];
  created_at: number;
  is_staff: number;
  is_verified_user: number;
  is_verified_business: number;
}

export function ownerFromSql(row: OwnerSqlRow): Owner {
  return toOwner({
    username: row.username,
    profileName: row.profile_name,
    profileImage: row.profile_image,
    status: row.status,
    createdAt: row.created_at,
    isStaff: Boolean(row.is_staff),
    isVerifiedUser: Boolean(row.is_verified_user),
    isVerifiedBusiness: Boolean(row.is_verified_business),
  });
}
