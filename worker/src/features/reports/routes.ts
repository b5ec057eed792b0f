import { createRoute } from "@hono/zod-openapi";
import { feedbackSchema, REPORTS_MSG, reportSchema, submittedSchema } from "#shared/schemas/reports.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";
import { createRouter, errorResponses, formBody, json, readBody, security } from "#worker/lib/router.ts";
import { hitTrustLimit } from "#worker/lib/trust.ts";
import { createFeedback, createReport, type NewFeedback, type NewReport } from "./service";

const report = createRoute({
  method: "post",
  path: "/api/v1/private/user/report",
  tags: ["Reports"],
  summary: "Report a user or a post to staff (multipart: report_cause, text, link, reported_username)",
  security,
  request: { body: formBody(reportSchema) },
  responses: {
    201: json(submittedSchema, "Stored"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

const feedback = createRoute({
  method: "post",
  path: "/api/v1/private/user/feedback",
  tags: ["Reports"],
  summary: "Send feedback to staff (multipart: feedback_type, text, link)",
  security,
  request: { body: formBody(feedbackSchema) },
  responses: {
    201: json(submittedSchema, "Stored"),
    ...errorResponses(401, 415, 422, 429),
  },
});

/** Enough for a person who reports a lot; not enough to flood the staff queue. */
const PER_HOUR = { max: 20, windowMs: 60 * 60_000 };

export const reportsRoutes = createRouter()
  .openapi(report, async (c) => {
    const user = c.get("user");
    const input = readBody<NewReport>(c);
    const deps = c.var.deps;
    await hitRateLimit(deps.db, `report:${user.id}`, PER_HOUR);
    await hitTrustLimit(deps, user, "report");
    const { id } = await createReport(deps, user.id, input);
    return c.json({ id, detail: REPORTS_MSG.reportSubmitted }, 201);
  })
  .openapi(feedback, async (c) => {
    const user = c.get("user");
    const input = readBody<NewFeedback>(c);
    const deps = c.var.deps;
    await hitRateLimit(deps.db, `feedback:${user.id}`, PER_HOUR);
    const { id } = await createFeedback(deps, user.id, input);
    return c.json({ id, detail: REPORTS_MSG.feedbackSubmitted }, 201);
  });
