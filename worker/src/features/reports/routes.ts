import { createRoute } from "@hono/zod-openapi";
import { feedbackSchema, REPORTS_MSG, reportSchema, submittedSchema } from "#shared/schemas/reports.ts";
import { createRouter, errorResponses, formBody, json, readBody, security } from "#worker/lib/router.ts";
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

export const reportsRoutes = createRouter()
  .openapi(report, async (c) => {
    const { id } = await createReport(c.var.deps, c.get("user"), readBody<NewReport>(c));
    return c.json({ id, detail: REPORTS_MSG.reportSubmitted }, 201);
  })
  .openapi(feedback, async (c) => {
    const { id } = await createFeedback(c.var.deps, c.get("user").id, readBody<NewFeedback>(c));
    return c.json({ id, detail: REPORTS_MSG.feedbackSubmitted }, 201);
  });
