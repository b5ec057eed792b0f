import { and, eq, isNull } from "drizzle-orm";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { Owner } from "#shared/schemas/user.ts";
import { users } from "#worker/db/schema/index.ts";
import { type RowOf, rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { iso } from "#worker/lib/time.ts";

// A person as others see them (a post's owner, a member, a follower, who caused a notification):
// the columns it is made of and the one function that shapes it, so a new field or a privacy rule
// changes here for every feature. The full profile and `me` build on it in lib/user-json.ts.

/** The columns `toOwner` reads: select only these where a list shows people. */
export const ownerColumns = {
  username: users.username,
  profileName: users.profileName,
  profileImage: users.profileImage,
  status: users.status,
  createdAt: users.createdAt,
  isStaff: users.isStaff,
  isVerifiedUser: users.isVerifiedUser,
  isVerifiedBusiness: users.isVerifiedBusiness,
};
export type OwnerRow = RowOf<typeof ownerColumns>;

/** The owner columns with the id, for plain-SQL lists that look owners up by id. */
export const ownerWithId = { id: users.id, ...ownerColumns };

/** The public fields of a person: never the e-mail, settings or anything only they may see. */
export function toOwner(row: OwnerRow): Owner {
  return {
    username: row.username,
    profile_name: row.profileName,
    profile_image: row.profileImage,
    status: row.status,
    created_at: iso(row.createdAt),
    is_staff: row.isStaff,
    is_verified_user: row.isVerifiedUser,
    is_verified_business: row.isVerifiedBusiness,
  };
}

export function ownerMap(rows: object[]): Map<number, Owner> {
  return new Map(
    rows.map((raw) => {
      const row = rowOf(ownerWithId, raw);
      return [row.id, toOwner(row)];
    }),
  );
}

/**
 * A person by username, or a 404: one who has not deleted their account, unless `staff` ask (the
 * jobs of deleted accounts stay in the admin list, closed).
 */
export async function findOwnerId(deps: Deps, username: string, { staff = false } = {}): Promise<number> {
  const row = await deps.db.orm
    .select({ id: users.id })
    .from(users)
    .where(staff ? eq(users.username, username) : and(eq(users.username, username), isNull(users.deletedAt)))
    .get();
  if (!row) fail(404, PEOPLE_MSG.userNotFound);
  return row.id;
}
