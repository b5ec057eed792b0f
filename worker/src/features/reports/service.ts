import type { FeedbackType, ReportCause } from "#shared/enums.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import { REPORTS_MSG } from "#shared/schemas/reports.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { rateCounter } from "#worker/lib/rate-limits.ts";
import { actionCounters } from "#worker/lib/trust.ts";
import { feedbackStatement, readTargets } from "./queries";
import { reportTarget, storeReport, targetNames } from "./targets";

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

/**
 * Stores a report for staff (the admin reports queue). Nobody reports themselves. Two round trips:
 * the hourly limit and the day's allowance by level counted in front of the reads of what the report
 * names (the token check riding in them), then the report in its target's group.
 */
export async function createReport(
  deps: Deps,
  reporter: Pick<AuthUser, "id" | "trust">,
  input: NewReport,
): Promise<{ id: number }> {
  const reporterId = reporter.id;
  const limits = await actionCounters(
    deps,
    reporter,
    { key: `report:${reporterId}`, rule: PER_HOUR },
    "report",
  );
  const found = await readTargets(deps.db, targetNames(input.link, input.reported_username), limits);
  let reportedUserId: number | null = null;
  if (input.reported_username) {
    if (!found.reported) fail(404, PEOPLE_MSG.userNotFound);
    if (found.reported.id === reporterId) fail(400, REPORTS_MSG.reportSelf);
    reportedUserId = found.reported.id;
  }
  const report = {
    reporterId,
    reportedUserId,
    cause: input.report_cause,
    text: input.text,
    link: input.link,
    rule: input.rule ?? null,
  };
  // The report joins its target's group in the admin reports queue.
  return storeReport(deps, reportTarget({ link: input.link, reportedUserId }, found), report);
}

export interface NewFeedback {
  feedback_type: FeedbackType;
  text: string;
  link: string | null;
}

/**
 * Stores feedback for the admin Feedbacks table. One round trip (the token check riding in it): the
 * hourly counter, and the row written only when the counter let it through.
 */
export async function createFeedback(
  { db }: Deps,
  userId: number,
  input: NewFeedback,
): Promise<{ id: number }> {
  const limit = rateCounter(db, `feedback:${userId}`, PER_HOUR);
  const feedback = { userId, type: input.feedback_type, text: input.text, link: input.link };
  const results = await db.write([
    ...limit.statements,
    feedbackStatement(db, feedback, Date.now(), limit.held(6)),
  ]);
  await limit.judge(results.slice(0, limit.statements.length));
  // Past the judge, the limit let it through and the row is there.
  const inserted = results.at(-1)?.results[0] as { id: number } | undefined;
  if (!inserted) throw new Error("feedback: the row was not written");
  return { id: inserted.id };
}
