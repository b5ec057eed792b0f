import { createRoute } from "@hono/zod-openapi";
import type { AdminJobPatch } from "#shared/schemas/jobs.ts";
import {
  adminJobListQuerySchema,
  adminJobPatchSchema,
  jobKeySchema,
  jobSchema,
} from "#shared/schemas/jobs.ts";
import { cursorPageSchema } from "#shared/schemas/posts.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { listAllJobs } from "./lists";
import { adminGetJob, adminUpdateJob } from "./staff";

// Staff's jobs calls (admin token, under /api/admin/private: app.ts mounts them): every job in any
// status, and changes to one (each with its audit row in the change's batch).

const tags = ["Admin jobs"];

const list = createRoute({
  method: "get",
  path: "/api/admin/private/job/list",
  tags,
  summary: "Every job, newest first, of one status (job_status) or all",
  description: "Send `cursor` (the previous page's `next_cursor`) for the next page; `skip` works too.",
  security,
  request: { query: adminJobListQuerySchema },
  responses: { 200: json(cursorPageSchema(jobSchema), "A page of jobs"), ...errorResponses(401, 422) },
});

const one = createRoute({
  method: "get",
  path: "/api/admin/private/job",
  tags,
  summary: "One job in any status",
  security,
  request: { query: jobKeySchema },
  responses: { 200: json(jobSchema, "The job"), ...errorResponses(401, 404, 422) },
});

const update = createRoute({
  method: "patch",
  path: "/api/admin/private/job",
  tags,
  summary: "Change a job: JSON {username, slug, job_status?, ...job form fields}",
  description:
    "job_status moves it to CONFIRMED, HOLD, REVIEW or CLOSED; only CONFIRMED and not expired is public. Confirming a job that has expired gives it a new 60 days. Fields left out stay as they are; the salaries are checked together with the stored ones.",
  security,
  request: { body: jsonOrForm(adminJobPatchSchema) },
  responses: { 200: json(jobSchema, "The job as it is now"), ...errorResponses(401, 403, 404, 415, 422) },
});

export const jobsAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listAllJobs(c.var.deps, c.req.valid("query")), 200))
  .openapi(one, async (c) => c.json(await adminGetJob(c.var.deps, c.req.valid("query")), 200))
  .openapi(update, async (c) =>
    c.json(await adminUpdateJob(c.var.deps, c.get("admin"), readBody<AdminJobPatch>(c)), 200),
  );
