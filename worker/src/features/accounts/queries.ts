import { and, eq, or } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import {
  blocks,
  communityMembers,
  emailChanges,
  follows,
  users,
  verificationCodes,
} from "#worker/db/schema/index.ts";
import { columnsOf, rowOf, statement } from "#worker/db/sql.ts";
import { UNUSABLE_HASH } from "#worker/lib/password.ts";
import { raiseTokenVersion } from "./sessions";

// The accounts' SQL: the statements that must land together in one batch.

/**
 * A new account and its first verification code, in one batch: the code's row finds the account
 * by its username.
 */
export function newAccountStatements(
  db: Database,
  account: typeof users.$inferInsert & { username: string },
  code: { codeHash: string; expiresAt: number; createdAt: number },
): D1PreparedStatement[] {
  return [
    db.prepare(statement(db.orm.insert(users).values(account))),
    db.prepare({
      sql: `INSERT INTO verification_codes (user_id, code_hash, expires_at, created_at)
            SELECT id, ?1, ?2, ?3 FROM users WHERE username = ?4`,
      binds: [code.codeHash, code.expiresAt, code.createdAt, account.username],
    }),
  ];
}

/**
 * The account moved to its new, proven e-mail while its sessions are those the change was asked
 * in (`tokenVersion`), every session ended, the change gone; `giveWay` is the waiting registration
 * that held the address, deleted first. The update answers the account's id, or nothing.
 */
export function emailMoveStatements(
  db: Database,
  move: { userId: number; newEmail: string; tokenVersion: number; giveWay: number | null },
): D1PreparedStatement[] {
  return [
    ...(move.giveWay !== null
      ? [db.prepare(statement(db.orm.delete(users).where(eq(users.id, move.giveWay))))]
      : []),
    db.prepare(
      statement(
        db.orm
          .update(users)
          .set({ email: move.newEmail, emailVerifiedAt: Date.now(), ...raiseTokenVersion })
          .where(and(eq(users.id, move.userId), eq(users.tokenVersion, move.tokenVersion)))
          .returning({ id: users.id }),
      ),
    ),
    db.prepare(statement(db.orm.delete(emailChanges).where(eq(emailChanges.userId, move.userId)))),
  ];
}

/**
 * A deleted account: personal data wiped, every token ended, follows and memberships gone with the
 * counters they feed (so no count drifts). The row stays as a tombstone keeping the username.
 */
export function accountDeletionStatements(db: Database, id: number): D1PreparedStatement[] {
  return [
    db.prepare({
      sql: `UPDATE users SET total_followers = total_followers - 1
            WHERE id IN (SELECT followee_id FROM follows WHERE follower_id = ?1)`,
      binds: [id],
    }),
    db.prepare({
      sql: `UPDATE users SET total_following = total_following - 1
            WHERE id IN (SELECT follower_id FROM follows WHERE followee_id = ?1)`,
      binds: [id],
    }),
    db.prepare(
      statement(db.orm.delete(follows).where(or(eq(follows.followerId, id), eq(follows.followeeId, id)))),
    ),
    db.prepare({
      sql: `UPDATE communities SET total_members = total_members - 1
            WHERE id IN (SELECT community_id FROM community_members WHERE user_id = ?1)`,
      binds: [id],
    }),
    db.prepare(statement(db.orm.delete(communityMembers).where(eq(communityMembers.userId, id)))),
    db.prepare(
      statement(db.orm.delete(blocks).where(or(eq(blocks.blockerId, id), eq(blocks.blockedId, id)))),
    ),
    db.prepare(statement(db.orm.delete(verificationCodes).where(eq(verificationCodes.userId, id)))),
    db.prepare(statement(db.orm.delete(emailChanges).where(eq(emailChanges.userId, id)))),
    db.prepare(
      statement(
        db.orm
          .update(users)
          .set({
            email: `deleted-${id}@deleted.invalid`,
            passwordHash: UNUSABLE_HASH,
            pendingPasswordHash: null,
            pendingPasswordExpiresAt: null,
            googleSub: null,
            profileName: null,
            profileImage: null,
            profileCover: null,
            headline: "",
            bio: "",
            links: "[]",
            jobTitle: null,
            jobSkills: null,
            status: "INACTIVE",
            emailVerifiedAt: null,
            deletedAt: Date.now(),
            ...raiseTokenVersion,
          })
          .where(eq(users.id, id)),
      ),
    ),
  ];
}

/**
 * The person with every setting and their referrer's username, or null. Read through a batch, so the
 * request's token check rides in the same round trip (docs/decisions/156).
 */
export async function meRow(
  db: Database,
  userId: number,
): Promise<{ user: typeof users.$inferSelect; referrerUsername: string | null } | null> {
  const [[raw]] = await db.batch<[Record<string, unknown>]>([
    {
      sql: `SELECT ${columnsOf(users, "u")}, (SELECT r.username FROM users r WHERE r.id = u.referrer_id) AS referrer_username
        FROM users u WHERE u.id = ?1`,
      binds: [userId],
    },
  ]);
  if (!raw) return null;
  return { user: rowOf(users, raw), referrerUsername: (raw.referrer_username as string | null) ?? null };
}
