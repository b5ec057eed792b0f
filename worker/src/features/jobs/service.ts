import { eq, sql } from "drizzle-orm";
import { COMPANY_LOGO_MAX_MB, JOB_LIFETIME_DAYS, MB } from "#shared/constants.ts";
import { JOBS_MSG, type Job, type JobCreated, type JobForm, type JobKey } from "#shared/schemas/jobs.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import { companies, jobs } from "#worker/db/schema/index.ts";
import { rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { makeSlug } from "#worker/lib/ids.ts";
import { forgetFiles, storeUpload } from "#worker/lib/media.ts";
import { findOwnerId } from "#worker/lib/owners.ts";
import { type Counters, readCounted } from "#worker/lib/rate-limits.ts";
import { actionCounters } from "#worker/lib/trust.ts";
import { type CompanyRow, jobLink } from "./json";
import { findJob, findJobByKey } from "./lists";
import { companyByNameStatement, companyIdOf } from "./queries";

export const JOB_LIFETIME_MS = JOB_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/**
 * A company by its name in any case (one company per name); `limits` move in the same round trip
 * and are judged first.
 */
async function companyByName(deps: Deps, name: string, limits?: Counters): Promise<CompanyRow | undefined> {
  const [[raw]] = await readCounted<[Record<string, unknown>]>(deps.db, limits, [
    companyByNameStatement(name),
  ]);
  return raw ? rowOf(companies, raw) : undefined;
}

/**
 * The company a job goes under: the caller's own company of that name (reused, and updated with
 * what the form says), or a new one. A name that belongs to someone else is refused: nobody posts
 * under another person's company. A new company needs a logo.
 */
export async function resolveCompany(
  deps: Deps,
  ownerId: number,
  name: string,
  logo: File | undefined,
  limits?: Counters,
): Promise<{ existing: CompanyRow | undefined; logoUrl: string | null }> {
  const existing = await companyByName(deps, name, limits);
  if (existing && existing.ownerId !== ownerId) fail(403, JOBS_MSG.companyTaken, { field: "company_name" });
  if (!logo && !existing?.logo) fail(422, JOBS_MSG.logoRequired, { field: "company_logo" });
  if (!logo) return { existing, logoUrl: null };
  const stored = await storeUpload(deps, {
    file: logo,
    ownerId,
    field: "company_logo",
    accept: "image",
    folder: "logos",
    maxBytes: COMPANY_LOGO_MAX_MB * MB,
  });
  return { existing, logoUrl: stored.url };
}

/** The insert-or-update of the caller's company, guarded so it never changes someone else's. */
export function upsertCompany(
  deps: Deps,
  ownerId: number,
  fields: { name: string; description: string; location: string; website: string | null },
  logoUrl: string | null,
  now: number,
) {
  return deps.db.orm
    .insert(companies)
    .values({
      ownerId,
      name: fields.name,
      nameKey: fields.name.toLowerCase(),
      description: fields.description,
      location: fields.location,
      website: fields.website,
      logo: logoUrl,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: companies.nameKey,
      set: {
        description: sql`excluded.description`,
        location: sql`excluded.location`,
        website: sql`excluded.website`,
        ...(logoUrl ? { logo: sql`excluded.logo` } : {}),
        updatedAt: now,
      },
      setWhere: eq(companies.ownerId, ownerId),
    });
}

/**
 * `POST .../job`: the job form. The job is CONFIRMED at once and public for JOB_LIFETIME_DAYS.
 * The company row and the job land in one batch.
 */
/** A job's owner may post JOBS_PER_DAY a day (and their trust level's allowance). */
const JOBS_PER_DAY = { max: 10, windowMs: 24 * 60 * 60_000 };

/** A new job; its limits' counters move with its first read, the company's. */
export async function createJob(
  deps: Deps,
  owner: Pick<AuthUser, "id" | "trust" | "username">,
  form: JobForm,
) {
  const limits = await actionCounters(deps, owner, { key: `job:${owner.id}`, rule: JOBS_PER_DAY }, "job");
  const { existing, logoUrl } = await resolveCompany(
    deps,
    owner.id,
    form.company_name,
    form.company_logo,
    limits,
  );
  const now = Date.now();
  const slug = makeSlug(form.job_title, "job");
  const company = {
    name: existing?.name ?? form.company_name,
    description: form.company_description,
    location: form.company_location,
    website: form.company_website,
  };
  const job = deps.db.orm
    .insert(jobs)
    .values({
      ownerId: owner.id,
      companyId: companyIdOf(owner.id, form.company_name),
      slug,
      title: form.job_title,
      description: form.job_description,
      location: form.job_location,
      jobType: form.job_type,
      jobCategory: form.job_category,
      workMode: form.job_work_mode,
      experienceLevel: form.job_experience_level,
      minimumSalary: form.job_minimum_salary,
      maximumSalary: form.job_maximum_salary,
      payInCrypto: form.job_pay_in_cryptocurrency,
      howToApply: form.job_how_to_apply,
      skills: form.job_skills,
      status: "CONFIRMED",
      expiresAt: now + JOB_LIFETIME_MS,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ slug: jobs.slug });
  try {
    await deps.db.orm.batch([upsertCompany(deps, owner.id, company, logoUrl, now), job]);
  } catch (error) {
    // Someone else took the name between the check above and this batch: the guarded upsert left
    // their company alone, so the job found no company of ours.
    if (String(error).includes("NOT NULL constraint failed: jobs.company_id"))
      fail(403, JOBS_MSG.companyTaken, { field: "company_name" });
    throw error;
  }
  // The logo it replaced is no longer shown anywhere.
  if (logoUrl && existing?.logo) await forgetFiles(deps, [existing.logo]);
  return { slug, link: jobLink(owner.username, slug) } satisfies JobCreated;
}

/**
 * `GET /api/v1/job`: one job. A job the visibility rule hides is a 404 to everyone but its owner
 * (staff read it through the admin path).
 */
export async function getJob(deps: Deps, key: JobKey, viewerId: number | null): Promise<Job> {
  const { ownerId, found, job } = await findJobByKey(deps, key.username, key.slug, viewerId);
  if (ownerId === null) fail(404, PEOPLE_MSG.userNotFound);
  if (!found || (!found.isPublic && viewerId !== ownerId)) fail(404, JOBS_MSG.jobNotFound);
  if (!job) fail(404, JOBS_MSG.jobNotFound);
  return job;
}

/** `DELETE .../job`: only its owner deletes a job; someone else's is a 403 (a hidden one a 404). */
export async function deleteJob(deps: Deps, userId: number, key: JobKey): Promise<void> {
  const ownerId = await findOwnerId(deps, key.username);
  const found = await findJob(deps, ownerId, key.slug);
  if (!found || (!found.isPublic && ownerId !== userId)) fail(404, JOBS_MSG.jobNotFound);
  if (ownerId !== userId) fail(403, JOBS_MSG.notYourJob);
  await deps.db.orm.delete(jobs).where(eq(jobs.id, found.row.id));
}
