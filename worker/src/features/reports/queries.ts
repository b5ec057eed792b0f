import type { ReportCause } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";
import type { ReportTarget } from "./targets";

// The SQL of filing a report: what its link names, and the report in its target's OPEN group.

/** A comment still shown, by public id, and its author. */
export function commentOfPublicId(db: Database, publicId: string) {
  return db.first<{ id: number; owner_id: number }>({
    sql: "SELECT id, owner_id FROM comments WHERE public_id = ?1 AND is_deleted = 0",
    binds: [publicId],
  });
}

/** A post by public id, and its author. */
export function postOfPublicId(db: Database, publicId: string) {
  return db.first<{ id: number; owner_id: number }>({
    sql: "SELECT id, owner_id FROM microposts WHERE public_id = ?1",
    binds: [publicId],
  });
}

/** A person who has not deleted their account, by username. */
export function personOfUsername(db: Database, username: string) {
  return db.first<{ id: number }>({
    sql: "SELECT id FROM users WHERE username = ?1 AND deleted_at IS NULL",
    binds: [username],
  });
}

/**
 * A report in its target's OPEN group (made if there is none), the group's count moving with it;
 * the second statement answers the report's id.
 */
export function reportStatements(
  db: Database,
  target: ReportTarget,
  report: {
    reporterId: number;
    reportedUserId: number | null;
    cause: ReportCause;
    text: string;
    link: string | null;
    rule: string | null;
  },
  now: number,
): D1PreparedStatement[] {
  return [
    db.prepare({
      sql: `INSERT INTO report_groups (target_type, target_key, target_id, target_link, reported_user_id, status,
              total_reports, created_at, updated_at)
            VALUES (?1, ?2, ?3, ?4, ?5, 'OPEN', 1, ?6, ?6)
            ON CONFLICT (target_key) WHERE status = 'OPEN'
            DO UPDATE SET total_reports = total_reports + 1, updated_at = excluded.updated_at`,
      binds: [target.type, target.key, target.id, target.link, target.userId, now],
    }),
    db.prepare({
      sql: `INSERT INTO reports (reporter_id, reported_user_id, report_cause, text, link, group_id, created_at, rule)
            VALUES (?1, ?2, ?3, ?4, ?5, (SELECT id FROM report_groups WHERE target_key = ?6 AND status = 'OPEN'), ?7, ?8)
            RETURNING id`,
      binds: [
        report.reporterId,
        report.reportedUserId,
        report.cause,
        report.text,
        report.link,
        target.key,
        now,
        report.rule,
      ],
    }),
  ];
}
