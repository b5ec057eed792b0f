import { createRoute } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import {
  companyListQuerySchema,
  companySchema,
  type JobForm,
  type JobKey,
  jobCreatedSchema,
  jobFieldsSchema,
  jobKeySchema,
  jobListQuerySchema,
  jobPageQuerySchema,
  jobSchema,
  resumeSchema,
  resumeUploadSchema,
  userJobListQuerySchema,
  withSalaryOrder,
} from "#shared/schemas/jobs.ts";
import { cursorPageSchema } from "#shared/schemas/posts.ts";
import {
  binary,
  createRouter,
  errorResponses,
  formBody,
  json,
  jsonOrForm,
  keyFrom,
  optionalKey,
  readBody,
  security,
} from "#worker/lib/router.ts";
import { requireViewer, viewerOf } from "#worker/middleware/auth.ts";
import { listMyCompanies, listMyJobs, listPersonJobs, listPublicJobs } from "./lists";
import { deleteResume, getResume, storeResume } from "./resume";
import { createJob, deleteJob, getJob } from "./service";

const tags = ["Jobs"];
const PRIVATE = "/api/v1/private/user";

const jobFormBody = withSalaryOrder(
  jobFieldsSchema.extend({ company_logo: jobFieldsSchema.shape.company_logo.openapi(binary) }),
);

const PAGE_NOTE =
  "Newest first. Send `cursor` (the previous page's `next_cursor`) for the next page without reading the skipped rows; `skip` works too.";

const list = createRoute({
  method: "get",
  path: "/api/v1/job/list",
  tags,
  summary: "Public jobs: full text and filters, newest first",
  description: `Only public jobs (CONFIRMED and not expired). \`q\` searches title, description, company and skills (every word must match). Filters: job_category, job_type, job_work_mode, job_experience_level, salary_min (the job's maximum salary reaches it, USD a year), pay_in_crypto=true. ${PAGE_NOTE} With \`q\`, salary_min or more than one filter, total_list stops at 1000.`,
  request: { query: jobListQuerySchema },
  responses: { 200: json(cursorPageSchema(jobSchema), "A page of jobs"), ...errorResponses(422) },
});

const one = createRoute({
  method: "get",
  path: "/api/v1/job",
  tags,
  summary: "One job by its owner and slug",
  description: "A hidden job (not CONFIRMED, or expired) is a 404 to everyone but its owner.",
  request: { query: jobKeySchema },
  responses: { 200: json(jobSchema, "The job"), ...errorResponses(404, 422) },
});

const personJobs = createRoute({
  method: "get",
  path: "/api/v1/user/job/list",
  tags,
  summary: "A person's public jobs",
  description: PAGE_NOTE,
  request: { query: userJobListQuerySchema },
  responses: { 200: json(cursorPageSchema(jobSchema), "A page of jobs"), ...errorResponses(404, 422) },
});

const create = createRoute({
  method: "post",
  path: `${PRIVATE}/job`,
  tags,
  summary: "Post a job (the job form, multipart)",
  description:
    "The company is the caller's company of that name (reused and updated) or a new one, which needs `company_logo`; a name that belongs to someone else is a 403. `job_skills` is comma-joined (at most 5). Salaries are whole US dollars a year with 0 ≤ min ≤ max; 0 and 0 mean not shown. The job is public at once for 60 days.",
  security,
  request: { body: formBody(jobFormBody) },
  responses: {
    201: json(jobCreatedSchema, "Posted: its slug and page"),
    ...errorResponses(401, 403, 413, 415, 422, 429),
  },
});

const mine = createRoute({
  method: "get",
  path: `${PRIVATE}/job/list`,
  tags,
  summary: "My jobs in every status (Manage Jobs)",
  description: PAGE_NOTE,
  security,
  request: { query: jobPageQuerySchema },
  responses: { 200: json(cursorPageSchema(jobSchema), "A page of jobs"), ...errorResponses(401, 422) },
});

const remove = createRoute({
  method: "delete",
  path: `${PRIVATE}/job`,
  tags,
  summary: "Delete one of my jobs (username, slug in the body or the query)",
  security,
  request: { query: optionalKey, body: jsonOrForm(jobKeySchema) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 415, 422) },
});

const companyList = createRoute({
  method: "get",
  path: `${PRIVATE}/company/list`,
  tags,
  summary: "My companies, the last used first (the job form fetches up to 1000)",
  security,
  request: { query: companyListQuerySchema },
  responses: { 200: json(pageSchema(companySchema), "A page of companies"), ...errorResponses(401, 422) },
});

const resumeUpload = createRoute({
  method: "post",
  path: "/api/v1/user/resume",
  tags,
  summary: "Upload my résumé (multipart `file`: a PDF of at most 5 MB); replaces the previous one",
  description: "Needs a user token. The file must start with the bytes %PDF-.",
  security,
  middleware: [requireViewer] as const,
  request: {
    body: formBody(resumeUploadSchema.extend({ file: resumeUploadSchema.shape.file.openapi(binary) })),
  },
  responses: { 201: json(resumeSchema, "Its link"), ...errorResponses(401, 413, 415, 422, 429) },
});

const resumeGet = createRoute({
  method: "get",
  path: `${PRIVATE}/resume`,
  tags,
  summary: "My résumé's link, or null (job settings tab)",
  security,
  responses: { 200: json(resumeSchema, "The link"), ...errorResponses(401) },
});

const resumeDelete = createRoute({
  method: "delete",
  path: `${PRIVATE}/resume`,
  tags,
  summary: "Delete my résumé",
  security,
  responses: { 204: { description: "Deleted (or there was none)" }, ...errorResponses(401) },
});

/** Enough for a recruiter with several openings; not enough to flood the board. */
export const jobsRoutes = createRouter()
  .openapi(list, async (c) => {
    const viewer = c.get("viewer");
    return c.json(await listPublicJobs(c.var.deps, c.req.valid("query"), viewer?.id ?? null), 200);
  })
  .openapi(one, async (c) => {
    const viewer = c.get("viewer");
    return c.json(await getJob(c.var.deps, c.req.valid("query"), viewer?.id ?? null), 200);
  })
  .openapi(personJobs, async (c) => {
    const query = c.req.valid("query");
    return c.json(await listPersonJobs(c.var.deps, query.username, query, c.get("viewer")?.id ?? null), 200);
  })
  .openapi(create, async (c) => {
    return c.json(await createJob(c.var.deps, c.get("user"), readBody<JobForm>(c)), 201);
  })
  .openapi(mine, async (c) =>
    c.json(await listMyJobs(c.var.deps, c.get("user").id, c.req.valid("query")), 200),
  )
  .openapi(remove, async (c) => {
    await deleteJob(c.var.deps, c.get("user").id, keyFrom<JobKey>(c, jobKeySchema));
    return c.body(null, 204);
  })
  .openapi(companyList, async (c) =>
    c.json(await listMyCompanies(c.var.deps, c.get("user").id, c.req.valid("query")), 200),
  )
  .openapi(resumeUpload, async (c) => {
    const { file } = readBody<{ file: File }>(c);
    return c.json(await storeResume(c.var.deps, viewerOf(c).id, file), 201);
  })
  .openapi(resumeGet, async (c) => c.json(await getResume(c.var.deps, c.get("user").id), 200))
  .openapi(resumeDelete, async (c) => {
    await deleteResume(c.var.deps, c.get("user").id);
    return c.body(null, 204);
  });
