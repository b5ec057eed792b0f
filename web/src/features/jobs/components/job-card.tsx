import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Job } from "#shared/schemas/jobs.ts";
import { Chip, SkillChips } from "#web/components/market/tags.tsx";
import { formatRelative } from "#web/lib/format.ts";
import { salaryText } from "../format";
import { JOB_TYPE_LABEL, WORK_MODE_LABEL } from "../labels";
import { CompanyLogo } from "./company-logo";

/**
 * A job in a list: the company's logo, the title leading to the job's page, the company and the
 * place, salary, work mode and type, skills and when it was posted. `aside` holds a list's own
 * controls (Manage Jobs: the status and Delete).
 */
export function JobCard({ job, aside }: { job: Job; aside?: ReactNode }) {
  const { t } = useTranslation();
  const salary = salaryText(job, t);
  const titleId = `job-${job.username}-${job.slug}`;
  return (
    <article className="card flex gap-3 p-4 sm:gap-4" data-testid="job-card" aria-labelledby={titleId}>
      <CompanyLogo src={job.company.logo} name={job.company.name} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base leading-snug font-semibold break-words">
              <Link
                to="/job/$username/$slug"
                params={{ username: job.username, slug: job.slug }}
                className="hover:underline"
              >
                {job.job_title}
              </Link>
            </h2>
            <p className="text-sm break-words text-[var(--muted)]">
              {job.company.name}
              {job.job_location ? ` · ${job.job_location}` : ""}
            </p>
          </div>
          {aside}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {salary ? (
            <Chip tone="accent">
              <span data-testid="job-salary">{salary}</span>
            </Chip>
          ) : null}
          <Chip>{t(WORK_MODE_LABEL[job.job_work_mode])}</Chip>
          <Chip>{t(JOB_TYPE_LABEL[job.job_type])}</Chip>
          {job.job_pay_in_cryptocurrency ? <Chip>{t("Pays in crypto")}</Chip> : null}
        </div>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <SkillChips skills={job.job_skills} label={t("Skills")} />
          <time dateTime={job.created_at} className="ml-auto shrink-0 text-xs text-[var(--muted)]">
            {formatRelative(job.created_at)}
          </time>
        </div>
      </div>
    </article>
  );
}
