import type { AdminSettableStatus } from "#shared/schemas/admin.ts";
import type { Database } from "#worker/db/database.ts";
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
