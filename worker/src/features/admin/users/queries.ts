import { type SQL, sql } from "drizzle-orm";
import type { AdminSettableStatus } from "#shared/schemas/admin.ts";
import type { Database } from "#worker/db/database.ts";
import { reports, siteCounters, users } from "#worker/db/schema/index.ts";
import { type RowOf, rowOf, type Statement, selectOf, statement } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";

// The SQL of people as staff change them.

/**
 * Statements that set a person's status. Leaving ACTIVE raises the token version, so every token
 * they hold stops at once (ADR 005); a SUSPENDED person is refused at sign-in and by the auth
 * middleware, an UNCONFIRMED one must verify their e-mail again. Shared with the reports queue.
 */
export function setStatusStatement(
  { db }: Deps,
  userId: number,
  status: AdminSettableStatus,
  /** SQL that must also hold (the reports queue's "this resolution took effect"). */
  onlyIf = "1",
) {
  return db.prepare({
    sql: `UPDATE users SET status = ?1,
            token_version = token_version + (CASE WHEN ?1 <> 'ACTIVE' AND status <> ?1 THEN 1 ELSE 0 END),
            updated_at = ?2
          WHERE id = ?3 AND deleted_at IS NULL AND ${onlyIf}`,
    binds: [status, Date.now(), userId],
  });
}

/** Staff fix a person's level by hand: automatic updates then stop. */
export function setTrustLevelStatement(
  db: Database,
  userId: number,
  trustLevel: number,
  now: number,
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE users SET trust_level = ?1, trust_level_manual = 1, trust_level_at = ?2 WHERE id = ?3`,
    binds: [trustLevel, now, userId],
  });
}

/** A person as staff see them in lists. */
const adminUserColumns = {
  username: users.username,
  email: users.email,
  profileName: users.profileName,
  profileImage: users.profileImage,
  status: users.status,
  isStaff: users.isStaff,
  isVerifiedUser: users.isVerifiedUser,
  isVerifiedBusiness: users.isVerifiedBusiness,
  newsletter: users.newsletter,
  totalFollowers: users.totalFollowers,
  totalFollowing: users.totalFollowing,
  totalMicroposts: users.totalMicroposts,
  createdAt: users.createdAt,
};
export type AdminUserRow = RowOf<typeof adminUserColumns>;

const detailColumns = {
  ...adminUserColumns,
  deletedAt: users.deletedAt,
  trustLevel: users.trustLevel,
  trustLevelManual: users.trustLevelManual,
};
export type AdminUserDetailRow = RowOf<typeof detailColumns> & { totalReports: number };

/** Rows of a list of `adminUserColumns`. */
export function adminUserRows(rows: object[]): AdminUserRow[] {
  return rows.map((raw) => rowOf(adminUserColumns, raw));
}

/** The home page's four totals, kept by the users triggers (migration 0060). */
export function userStatsStatement(): Statement {
  return statement(sql`SELECT ${siteCounters.key} AS key, ${siteCounters.value} AS value FROM ${siteCounters}
    WHERE ${siteCounters.key} IN ('users', 'unpaid_users', 'paid_users', 'paid_businesses')`);
}

/** People who joined since `since` (not deleted), newest first, and their total. */
export function newUsersStatements(since: number, page: { skip: number; limit: number }): Statement[] {
  const where = sql`${users.createdAt} >= ${since} AND ${users.deletedAt} IS NULL`;
  return [
    statement(
      sql`SELECT ${selectOf(adminUserColumns)} FROM ${users} WHERE ${where}
        ORDER BY ${users.createdAt} DESC, ${users.id} DESC LIMIT ${page.limit} OFFSET ${page.skip}`,
      { isList: true },
    ),
    statement(sql`SELECT count(*) AS n FROM ${users} WHERE ${where}`),
  ];
}

/**
 * People whose username or e-mail starts with `q` (between `q` and `end`: the prefix range seeks
 * both unique indexes), by username; everyone newest first when `q` is empty. The page and its total.
 */
export function userSearchStatements(
  q: string,
  end: string,
  page: { skip: number; limit: number },
): Statement[] {
  const match: SQL = q
    ? sql`${users.id} IN (SELECT ${users.id} FROM ${users} WHERE ${users.username} >= ${q} AND ${users.username} < ${end}
        UNION SELECT ${users.id} FROM ${users} WHERE ${users.email} >= ${q} AND ${users.email} < ${end})`
    : sql`1`;
  const order = q ? sql`${users.username}` : sql`${users.createdAt} DESC, ${users.id} DESC`;
  return [
    statement(
      sql`SELECT ${selectOf(adminUserColumns)} FROM ${users} WHERE ${match} AND ${users.deletedAt} IS NULL
        ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.skip}`,
      { isList: true },
    ),
    statement(sql`SELECT count(*) AS n FROM ${users} WHERE ${match} AND ${users.deletedAt} IS NULL`),
  ];
}

/** One person by username, deleted accounts too, with the reports against them. */
export async function userDetail(db: Database, username: string): Promise<AdminUserDetailRow | null> {
  const raw = await db.first<{ totalReports: number }>(
    statement(sql`SELECT ${selectOf(detailColumns)},
        (SELECT count(*) FROM ${reports} WHERE ${reports.reportedUserId} = ${users.id}) AS "totalReports"
      FROM ${users} WHERE ${users.username} = ${username}`),
  );
  return raw ? { ...rowOf(detailColumns, raw), totalReports: raw.totalReports } : null;
}

/** One person by id, as staff see them in lists. */
export async function adminUserById(db: Database, id: number): Promise<AdminUserRow | null> {
  const raw = await db.first<object>(
    statement(sql`SELECT ${selectOf(adminUserColumns)} FROM ${users} WHERE ${users.id} = ${id}`),
  );
  return raw ? rowOf(adminUserColumns, raw) : null;
}

/** The id of a person by username, unless they deleted their account. */
export async function liveUserId(db: Database, username: string): Promise<number | null> {
  const row = await db.first<{ id: number }>(
    statement(
      sql`SELECT ${users.id} AS id FROM ${users} WHERE ${users.username} = ${username} AND ${users.deletedAt} IS NULL`,
    ),
  );
  return row?.id ?? null;
}
