import { eq, sql } from "drizzle-orm";
import { ACCOUNTS_MSG, type Admin } from "#shared/schemas/accounts.ts";
import { admins } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { SignedIn } from "#worker/features/accounts/service.ts";
import { LIMITS, limitKey } from "#worker/lib/account-limits.ts";
import { fail } from "#worker/lib/errors.ts";
import { hashPassword, UNUSABLE_HASH, verifyPassword } from "#worker/lib/password.ts";
import { checkRateLimit, clearRateLimit, hitRateLimit } from "#worker/lib/rate-limits.ts";
import { SESSION_OVER } from "#worker/lib/sessions.ts";
import { iso } from "#worker/lib/time.ts";

// Staff accounts live in their own table and sign admin-kind tokens: a user token, even a staff
// user's, never opens /api/admin/private (ADR 005).

type AdminRow = typeof admins.$inferSelect;

export function toAdmin(row: AdminRow): Admin {
  return {
    username: row.username,
    email: row.email,
    profile_image: row.profileImage,
    use_night_mode: row.useNightMode,
    role: "ADMIN",
    created_at: iso(row.createdAt),
  };
}

export async function adminLogIn(
  { db }: Deps,
  input: { username: string; password: string; address: string },
): Promise<SignedIn> {
  // Counted like the users' login: per (username, address) and per address, so nobody can lock
  // staff out by typing wrong passwords for their names.
  const addressKey = limitKey.adminLoginAddress(input.address);
  const pairKey = limitKey.adminLoginPair(input.username, input.address);
  await checkRateLimit(db, addressKey, LIMITS.loginFailuresPerAddress);
  await checkRateLimit(db, pairKey, LIMITS.loginFailuresPerPair);
  const row = await db.orm.select().from(admins).where(eq(admins.username, input.username)).get();
  const ok = await verifyPassword(input.password, row?.passwordHash ?? UNUSABLE_HASH);
  if (!row || !ok) {
    await hitRateLimit(db, addressKey, LIMITS.loginFailuresPerAddress);
    await hitRateLimit(db, pairKey, LIMITS.loginFailuresPerPair);
    fail(401, ACCOUNTS_MSG.wrongCredentials);
  }
  await clearRateLimit(db, pairKey);
  return { id: row.id, tokenVersion: row.tokenVersion };
}

export async function getAdmin({ db }: Deps, adminId: number): Promise<Admin> {
  // Through a batch: the request's staff check rides in the same round trip (docs/decisions/156).
  const [[row]] = await db.orm.batch([db.orm.select().from(admins).where(eq(admins.id, adminId))]);
  if (!row) fail(401, SESSION_OVER);
  return toAdmin(row);
}

/** New password, confirmed by the old one; every older admin token stops working. */
export async function updateAdminPassword(
  { db }: Deps,
  input: { adminId: number; oldPassword: string; newPassword: string },
): Promise<void> {
  if (input.oldPassword === input.newPassword)
    fail(422, ACCOUNTS_MSG.samePassword, { field: "new_password" });
  const key = limitKey.adminPasswordAccount(input.adminId);
  await checkRateLimit(db, key, LIMITS.passwordFailuresPerAccount);
  const row = await db.orm.select().from(admins).where(eq(admins.id, input.adminId)).get();
  if (!row) fail(401, SESSION_OVER);
  if (!(await verifyPassword(input.oldPassword, row.passwordHash))) {
    await hitRateLimit(db, key, LIMITS.passwordFailuresPerAccount);
    fail(403, ACCOUNTS_MSG.wrongPassword);
  }
  await db.orm
    .update(admins)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      tokenVersion: sql`${admins.tokenVersion} + 1`,
    })
    .where(eq(admins.id, row.id));
}

/** The admin site's night mode (its only boolean setting) flipped; answers the new value. */
export async function toggleAdminNightMode({ db }: Deps, adminId: number): Promise<boolean> {
  const row = await db.orm
    .update(admins)
    .set({ useNightMode: sql`NOT ${admins.useNightMode}` })
    .where(eq(admins.id, adminId))
    .returning({ value: admins.useNightMode })
    .get();
  if (!row) fail(401, SESSION_OVER);
  return row.value;
}
