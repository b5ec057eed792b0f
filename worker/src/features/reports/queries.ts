import { sql } from "drizzle-orm";
import type { ReportCause } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";
import { reportGroups, reports } from "#worker/db/schema/index.ts";
import { nameOf, statement } from "#worker/db/sql.ts";
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
  const g = reportGroups;
  const r = reports;
  return [
    db.prepare(
      statement(sql`INSERT INTO ${g} (${nameOf(g.targetType)}, ${nameOf(g.targetKey)}, ${nameOf(g.targetId)},
          ${nameOf(g.targetLink)}, ${nameOf(g.reportedUserId)}, ${nameOf(g.status)}, ${nameOf(g.totalReports)},
          ${nameOf(g.createdAt)}, ${nameOf(g.updatedAt)})
        VALUES (${target.type}, ${target.key}, ${target.id}, ${target.link}, ${target.userId}, 'OPEN', 1, ${now}, ${now})
        ON CONFLICT (${nameOf(g.targetKey)}) WHERE ${nameOf(g.status)} = 'OPEN'
        DO UPDATE SET ${nameOf(g.totalReports)} = ${g.totalReports} + 1, ${nameOf(g.updatedAt)} = excluded.${nameOf(g.updatedAt)}`),
    ),
    db.prepare(
      statement(sql`INSERT INTO ${r} (${nameOf(r.reporterId)}, ${nameOf(r.reportedUserId)}, ${nameOf(r.reportCause)},
          ${nameOf(r.text)}, ${nameOf(r.link)}, ${nameOf(r.groupId)}, ${nameOf(r.createdAt)}, ${nameOf(r.rule)})
        VALUES (${report.reporterId}, ${report.reportedUserId}, ${report.cause}, ${report.text}, ${report.link},
          (SELECT ${g.id} FROM ${g} WHERE ${g.targetKey} = ${target.key} AND ${g.status} = 'OPEN'), ${now}, ${report.rule})
        RETURNING ${r.id} AS id`),
    ),
  ];
}
