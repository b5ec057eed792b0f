import type { Database } from "#worker/db/database.ts";
import { communities } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf } from "#worker/db/sql.ts";
import {
  type CommunityRow,
  type ListedCommunityRow,
  listedCommunityColumns,
  type MembershipRow,
  membershipColumns,
} from "./community-json";

// The community statements other features' batches carry (a post's page reads its communities and
// the viewer's memberships; posting in a community joins it): below the features, so none of them
// imports the communities feature for a statement.

/**
 * Statements that make the user a member unless they are one; the count moves only when the row is
 * new (checked in the same transaction, so two joins at once count once).
 */
export function joinStatements(db: Database, communityId: number, userId: number, now: number) {
  return [
    db.prepare({
      sql: `UPDATE communities SET total_members = total_members + 1 WHERE id = ?1
         AND NOT EXISTS (SELECT 1 FROM community_members WHERE community_id = ?1 AND user_id = ?2)`,
      binds: [communityId, userId],
    }),
    db.prepare({
      sql: `INSERT INTO community_members (community_id, user_id, role, created_at) VALUES (?1, ?2, 'MEMBER', ?3)
         ON CONFLICT DO NOTHING`,
      binds: [communityId, userId, now],
    }),
  ];
}

/** Communities rows as lists read them (`listedCommunityColumns`) by community id. */
export function communityMap(rows: object[]): Map<number, ListedCommunityRow> {
  return new Map(
    rows.map((raw) => {
      const row = rowOf(listedCommunityColumns, raw);
      return [row.id, row];
    }),
  );
}

/** The viewer's membership rows (`membershipColumns`) by community id. */
export function membershipMap(rows: object[]): Map<number, MembershipRow> {
  return new Map(
    rows.map((raw) => {
      const row = rowOf(membershipColumns, raw);
      return [row.communityId, row];
    }),
  );
}

/** The community of that name (names are unique in any case), or null. */
export async function communityByName(db: Database, name: string): Promise<CommunityRow | null> {
  const row = await db.first({
    sql: `SELECT ${columnsOf(communities, "c")} FROM communities c WHERE lower(c.name) = lower(?1)`,
    binds: [name],
  });
  return row ? rowOf(communities, row) : null;
}
