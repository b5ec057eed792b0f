import { eq } from "drizzle-orm";
import {
  type AdminJobPatch,
  JOBS_MSG,
  type Job,
  type JobKey,
  salaryOrderProblem,
} from "#shared/schemas/jobs.ts";
import { companies, jobs } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { auditInsert } from "#worker/lib/audit-queries.ts";
import { fail } from "#worker/lib/errors.ts";
import { findOwnerId } from "#worker/lib/owners.ts";
import { findJob, toJobs } from "./lists";
import { companyIdOf } from "./queries";
import { JOB_LIFETIME_MS, resolveCompany, upsertCompany } from "./service";

// Staff's rules for jobs (the admin site's jobs screen): any job in any status, and changes with
// their audit row. They live with the jobs feature, whose lists and company upsert they share.

/** `GET /api/admin/private/job`: one job in any status. */
export async function adminGetJob(deps: Deps, key: JobKey): Promise<Job> {
  const ownerId = await findOwnerId(deps, key.username, { staff: true });
  const found = await findJob(deps, ownerId, key.slug);
  if (!found) fail(404, JOBS_MSG.jobNotFound);
  const [job] = await toJobs(deps, [found], null);
  if (!job) fail(404, JOBS_MSG.jobNotFound);
  return job;
}

/**
 * `PATCH /api/admin/private/job`: staff change a job's fields and move it between CONFIRMED, HOLD,
 * REVIEW and CLOSED. A job confirmed again after it expired gets a new lifetime. A new company
 * name puts the job under its owner's company of that name, with the same rules as posting.
 * The audit row (JOB_STATUS when the status moves, else JOB_UPDATE) is written in the same batch.
 */
export async function adminUpdateJob(deps: Deps, admin: AuthAdmin, patch: AdminJobPatch): Promise<Job> {
  const ownerId = await findOwnerId(deps, patch.username, { staff: true });
  const found = await findJob(deps, ownerId, patch.slug);
  if (!found) fail(404, JOBS_MSG.jobNotFound);
  const job = found.row;
  const min = patch.job_minimum_salary ?? job.minimumSalary;
  const max = patch.job_maximum_salary ?? job.maximumSalary;
  const problem = salaryOrderProblem(min, max);
  if (problem) fail(422, problem, { field: "job_maximum_salary" });

  const now = Date.now();
  const current = await deps.db.orm.select().from(companies).where(eq(companies.id, job.companyId)).get();
  if (!current) fail(404, JOBS_MSG.jobNotFound);
  const companyName = patch.company_name ?? current.name;
  const moving = companyName.toLowerCase() !== current.nameKey;
  const target = moving ? await resolveCompany(deps, ownerId, companyName, undefined) : null;
  const base = moving ? target?.existing : current;
  const companyWrite = upsertCompany(
    deps,
    ownerId,
    {
      name: base?.name ?? companyName,
      description: patch.company_description ?? base?.description ?? "",
      location: patch.company_location ?? base?.location ?? "",
      website: patch.company_website === undefined ? (base?.website ?? null) : patch.company_website,
    },
    null,
    now,
  );
  const status = patch.job_status ?? job.status;
  const revived = status === "CONFIRMED" && job.status !== "CONFIRMED" && job.expiresAt <= now;
  const jobWrite = deps.db.orm
    .update(jobs)
    .set({
      companyId: companyIdOf(ownerId, companyName),
      title: patch.job_title,
      description: patch.job_description,
      location: patch.job_location,
      jobType: patch.job_type,
      jobCategory: patch.job_category,
      workMode: patch.job_work_mode,
      experienceLevel: patch.job_experience_level,
      minimumSalary: patch.job_minimum_salary,
      maximumSalary: patch.job_maximum_salary,
      payInCrypto: patch.job_pay_in_cryptocurrency,
      howToApply: patch.job_how_to_apply,
      skills: patch.job_skills,
      status,
      ...(revived ? { expiresAt: now + JOB_LIFETIME_MS } : {}),
      updatedAt: now,
    })
    .where(eq(jobs.id, job.id));
  const { username: _owner, slug: _slug, job_status: _status, ...fields } = patch;
  const changed = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined);
  const moved = status !== job.status;
  const audit = auditInsert(deps.db, admin, {
    action: moved ? "JOB_STATUS" : "JOB_UPDATE",
    target: `job:${patch.username}/${patch.slug}`,
    detail: [moved ? `${job.status} → ${status}` : "", changed.join(", ")].filter(Boolean).join("; "),
  });
  await deps.db.orm.batch([companyWrite, jobWrite, audit]);
  return adminGetJob(deps, { username: patch.username, slug: patch.slug });
}
