import { sql } from "drizzle-orm";
import type { ReportCause } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";
import { reportGroups, reports } from "#worker/db/schema/index.ts";
import { nameOf, type Statement, statement } from "#worker/db/sql.ts";
import { type Counters, readCounted } from "#worker/lib/rate-limits.ts";
import type { ReportTarget } from "./targets";

// The SQL of filing a report: what its link names, and the report in its target's OPEN group.

/** What a report could point at, each read by what its link or form names (null: nothing named). */
export interface TargetNames {
  /** A comment's public id (a post link's `?comment=`). */
  comment: string | null;
  /** A post's public id (a link to `/c/{community}/p/{public_id}`). */
  post: string | null;
  /** A profile's username (a link to `/user/{username}`), lowercased. */
  profile: string | null;
  /** The username the report form names. */
  reported: string | null;
}

/** What `targetStatements` found: each a row, or null when nothing was named or found. */
export interface TargetRows {
  comment: { id: number; owner_id: number } | null;
  post: { id: number; owner_id: number } | null;
  profile: { id: number } | null;
  reported: { id: number } | null;
}

/**
 * One statement for each thing a report may name, in this order: a comment still shown by public id
 * and its author, a post by public id and its author, and a person who has not deleted their account
 * by username (the link's profile, then the form's). A name not given is bound as NULL, which
 * matches nothing, so the batch has the same shape every time.
 */
function targetStatements(names: TargetNames): Statement[] {
  const person = "SELECT id FROM users WHERE username = ?1 AND deleted_at IS NULL";
  return [
    {
      sql: "SELECT id, owner_id FROM comments WHERE public_id = ?1 AND is_deleted = 0",
      binds: [names.comment],
    },
    { sql: "SELECT id, owner_id FROM microposts WHERE public_id = ?1", binds: [names.post] },
    { sql: person, binds: [names.profile] },
    { sql: person, binds: [names.reported] },
  ];
}

/** What a report names, in one round trip, with `counters` in front (`readCounted`): judged first. */
export async function readTargets(
  db: Database,
  names: TargetNames,
  counters?: Counters,
): Promise<TargetRows> {
  type Found = { id: number; owner_id: number };
  const [comment, post, profile, reported] = await readCounted<
    [Found, Found, { id: number }, { id: number }]
  >(db, counters, targetStatements(names));
  return {
    comment: comment[0] ?? null,
    post: post[0] ?? null,
    profile: profile[0] ?? null,
    reported: reported[0] ?? null,
  };
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

/**
 * Feedback for the admin Feedbacks table, written only when `held` (the hourly limit's guard, SQL
 * whose binds start at ?6) holds; answers the row's id, or nothing when the limit refused.
 */
export function feedbackStatement(
  db: Database,
  feedback: { userId: number; type: string; text: string; link: string | null },
  now: number,
  held: Statement,
): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT INTO feedbacks (user_id, feedback_type, text, link, created_at)
          SELECT ?1, ?2, ?3, ?4, ?5 WHERE (${held.sql})
          RETURNING id`,
    binds: [feedback.userId, feedback.type, feedback.text, feedback.link, now, ...(held.binds ?? [])],
  });
}
