import { and, asc, count, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import type { AdminSearchType } from "#shared/enums.ts";
import {
  ADMIN_MSG,
  type AdminAccount,
  type AdminSearchResult,
  type AdminSettableStatus,
  type AdminUser,
  type AdminUserDetail,
  type UserStats,
} from "#shared/schemas/admin.ts";
import { admins, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { DAY, iso } from "#worker/lib/time.ts";
import { auditStatement } from "../audit/service";
import { toAdmin } from "../auth/service";
import {
  type AdminUserRow,
  adminUserById,
  adminUserRows,
  liveUserId,
  newUsersStatements,
  setStatusStatement,
  setTrustLevelStatement,
  userDetail,
  userSearchStatements,
  userStatsStatement,
} from "./queries";

export { setStatusStatement } from "./queries";

function toAdminUser(r: AdminUserRow): AdminUser {
  return {
    username: r.username,
    email: r.email,
    profile_name: r.profileName,
    profile_image: r.profileImage,
    status: r.status,
    is_staff: r.isStaff,
    is_verified_user: r.isVerifiedUser,
    is_verified_business: r.isVerifiedBusiness,
    newsletter: r.newsletter,
    total_followers: r.totalFollowers,
    total_following: r.totalFollowing,
    total_microposts: r.totalMicroposts,
    created_at: iso(r.createdAt),
  };
}

/** The home page's four totals, from the counters the users triggers keep (migration 0060). */
export async function userStats({ db }: Deps): Promise<UserStats> {
  const rows = await db.all<{ key: string; value: number }>(userStatsStatement());
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? 0;
  return {
    total_users: value("users"),
    total_unpaid_users: value("unpaid_users"),
    total_paid_users: value("paid_users"),
    total_paid_businesses: value("paid_businesses"),
  };
}

/** People who joined since midnight UTC `days` days ago (0: today), newest first. */
export async function newUsers(
  { db }: Deps,
  input: { days: number; skip: number; limit: number },
  now = Date.now(),
): Promise<Page<AdminUser>> {
  const since = now - (now % DAY) - input.days * DAY;
  const [rows, total] = await db.batch<[object, { n: number }]>(newUsersStatements(since, input));
  return toPage(adminUserRows(rows).map(toAdminUser), total[0]?.n ?? 0, input.limit);
}

/**
 * The upper bound of a prefix range: `x >= q AND x < next(q)` seeks a unique index where
 * `LIKE 'q%'` would scan the table (usernames and e-mails are stored lowercase).
 */
function prefixEnd(q: string): string {
  return `${q}\u{10FFFF}`;
}

/** `GET .../search`: users (by username or e-mail prefix) or admins (by username prefix). */
export async function searchPeople(
  deps: Deps,
  input: { q: string; type: AdminSearchType; skip: number; limit: number },
): Promise<AdminSearchResult> {
  if (input.type === "admins") {
    return { search_type: "admins", ...(await listAdmins(deps, input)) };
  }
  const { db } = deps;
  const [rows, total] = await db.batch<[object, { n: number }]>(
    userSearchStatements(input.q, prefixEnd(input.q), input),
  );
  return {
    search_type: "users",
    ...toPage(adminUserRows(rows).map(toAdminUser), total[0]?.n ?? 0, input.limit),
  };
}

/** `GET .../admin/list` and admin search: staff accounts by username (a small table). */
export async function listAdmins(
  { db }: Deps,
  input: { q?: string; skip: number; limit: number },
): Promise<Page<AdminAccount>> {
  const q = (input.q ?? "").toLowerCase();
  // Admin usernames keep their case; the table is small enough to compare lowercased.
  const name = sql`lower(${admins.username})`;
  const where: SQL | undefined = q ? and(gte(name, q), lt(name, prefixEnd(q))) : undefined;
  const [rows, total] = await db.orm.batch([
    db.orm
      .select()
      .from(admins)
      .where(where)
      .orderBy(asc(admins.username))
      .limit(input.limit)
      .offset(input.skip),
    db.orm.select({ n: count() }).from(admins).where(where),
  ]);
  return toPage(rows.map(toAdmin), total[0]?.n ?? 0, input.limit);
}

/** One admin, for the admin profile page. */
export async function getAdminAccount({ db }: Deps, username: string): Promise<AdminAccount> {
  // Through a batch: the request's staff check rides in the same round trip (docs/decisions/156).
  const [[row]] = await db.orm.batch([db.orm.select().from(admins).where(eq(admins.username, username))]);
  if (!row) fail(404, ADMIN_MSG.adminNotFound);
  return toAdmin(row);
}

/** One person by username, deleted accounts too (their tombstone). */
export async function getUser({ db }: Deps, username: string): Promise<AdminUserDetail> {
  const row = await userDetail(db, username);
  if (!row) fail(404, ADMIN_MSG.usernameNotFound);
  return {
    ...toAdminUser(row),
    total_reports: row.totalReports,
    deleted_at: row.deletedAt === null ? null : iso(row.deletedAt),
    trust_level: row.trustLevel,
    trust_level_manual: row.trustLevelManual,
  };
}

/** `PATCH .../user/status`: the person with that e-mail gets the status; audited in the same batch. */
export async function setUserStatus(
  deps: Deps,
  admin: AuthAdmin,
  input: { email: string; user_status: AdminSettableStatus },
): Promise<AdminUser> {
  const { db } = deps;
  const row = await db.orm
    .select({ id: users.id, username: users.username, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
    .get();
  if (!row) fail(404, ADMIN_MSG.userNotFound);
  await db.write([
    setStatusStatement(deps, row.id, input.user_status),
    auditStatement(
      db,
      admin,
      { action: "USER_STATUS", target: `user:${row.username}`, detail: input.user_status },
      "changed",
    ),
  ]);
  const updated = await adminUserById(db, row.id);
  return toAdminUser(updated!);
}

/** `PATCH .../user/trust-level`: staff fix a person's level by hand (automatic updates then stop); audited. */
export async function setTrustLevel(
  { db }: Deps,
  admin: AuthAdmin,
  input: { username: string; trust_level: number },
): Promise<{ username: string; trust_level: number; manual: boolean }> {
  const userId = await liveUserId(db, input.username);
  if (userId === null) fail(404, ADMIN_MSG.usernameNotFound);
  await db.write([
    setTrustLevelStatement(db, userId, input.trust_level, Date.now()),
    auditStatement(
      db,
      admin,
      { action: "USER_TRUST_LEVEL", target: `user:${input.username}`, detail: String(input.trust_level) },
      "changed",
    ),
  ]);
  return { username: input.username, trust_level: input.trust_level, manual: true };
}
