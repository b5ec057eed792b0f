import { and, eq, isNull } from "drizzle-orm";
import type { FeedbackType, ReportCause } from "#shared/enums.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import { REPORTS_MSG } from "#shared/schemas/reports.ts";
import { feedbacks, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";
import { hitTrustLimit } from "#worker/lib/trust.ts";
import { fileReport } from "./targets";

export interface NewReport {
  report_cause: ReportCause;
  text: string;
  link: string | null;
  reported_username: string | null;
  rule?: string | null;
}

/**
 * Reports and feedback one person may send in an hour: enough for one who reports a lot, not
 * enough to flood the staff queue.
 */
const PER_HOUR = { max: 20, windowMs: 60 * 60_000 };

/** Stores a report for staff (the admin reports queue). Nobody reports themselves. */
export async function createReport(
  deps: Deps,
  reporter: Pick<AuthUser, "id" | "trust">,
  input: NewReport,
): Promise<{ id: number }> {
  const { db } = deps;
  const reporterId = reporter.id;
  await hitRateLimit(db, `report:${reporterId}`, PER_HOUR);
  await hitTrustLimit(deps, reporter, "report");
  let reportedUserId: number | null = null;
  if (input.reported_username) {
    const person = await db.orm
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, input.reported_username), isNull(users.deletedAt)))
      .get();
    if (!person) fail(404, PEOPLE_MSG.userNotFound);
    if (person.id === reporterId) fail(400, REPORTS_MSG.reportSelf);
    reportedUserId = person.id;
  }
  // The report joins its target's group in the admin reports queue.
  return fileReport(deps, {
    reporterId,
    reportedUserId,
    cause: input.report_cause,
    text: input.text,
    link: input.link,
    rule: input.rule ?? null,
  });
}

export interface NewFeedback {
  feedback_type: FeedbackType;
  text: string;
  link: string | null;
}

/** Stores feedback for the admin Feedbacks table. */
export async function createFeedback(
  { db }: Deps,
  userId: number,
  input: NewFeedback,
): Promise<{ id: number }> {
  await hitRateLimit(db, `feedback:${userId}`, PER_HOUR);
  return db.orm
    .insert(feedbacks)
    .values({ userId, feedbackType: input.feedback_type, text: input.text, link: input.link })
    .returning({ id: feedbacks.id })
    .get();
}
