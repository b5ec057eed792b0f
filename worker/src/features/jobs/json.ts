import type { Company, Job } from "#shared/schemas/jobs.ts";
import type { Owner } from "#shared/schemas/user.ts";
import type { companies, jobs } from "#worker/db/schema/index.ts";
import { iso } from "#worker/lib/time.ts";

export type CompanyRow = typeof companies.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;

/** A job's page in the SPA. */
export function jobLink(username: string, slug: string): string {
  return `/job/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`;
}

export function toCompany(row: CompanyRow): Company {
  return {
    name: row.name,
    description: row.description,
    location: row.location,
    website: row.website,
    logo: row.logo,
  };
}

export function toJob(
  row: JobRow,
  company: CompanyRow,
  owner: Owner,
  isPublic: boolean,
  viewerId: number | null,
): Job {
  return {
    slug: row.slug,
    username: owner.username,
    link: jobLink(owner.username, row.slug),
    owner,
    company: toCompany(company),
    job_title: row.title,
    job_description: row.description,
    job_location: row.location,
    job_type: row.jobType,
    job_category: row.jobCategory,
    job_work_mode: row.workMode,
    job_experience_level: row.experienceLevel,
    job_minimum_salary: row.minimumSalary,
    job_maximum_salary: row.maximumSalary,
    job_pay_in_cryptocurrency: row.payInCrypto,
    job_how_to_apply: row.howToApply,
    job_skills: row.skills,
    job_status: row.status,
    is_public: isPublic,
    user_is_owner: viewerId !== null && viewerId === row.ownerId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    expires_at: iso(row.expiresAt),
  };
}
