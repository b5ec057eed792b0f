import { sql } from "drizzle-orm";
import { appeals, communities, moderations } from "#worker/db/schema/index.ts";
import { sqlText } from "#worker/db/sql.ts";

// The select lists of a moderation decision and its appeal as `ModerationRow` and `AppealRow`
// (./moderation-rows.ts) read them, named from the schema: for statements `FROM moderations` and
// `FROM appeals` (and an appeal's `RETURNING`), unaliased.

const m = moderations;
export const MODERATION_COLUMNS = [
  ...[m.id, m.userId, m.reportGroupId, m.action, m.targetType, m.targetId, m.cause, m.note],
  ...[m.adminUsername, m.reversedAt, m.createdAt],
]
  .map((c) => c.name)
  .concat(
    sqlText(
      sql`(SELECT ${communities.name} FROM ${communities} WHERE ${communities.id} = ${m.communityId}) AS community`,
    ),
  )
  .join(", ");

const a = appeals;
export const APPEAL_COLUMNS = [
  a.id,
  a.moderationId,
  a.userId,
  a.text,
  a.status,
  a.decision,
  a.note,
  a.decidedByUsername,
  a.decidedAt,
  a.createdAt,
]
  .map((c) => c.name)
  .join(", ");
