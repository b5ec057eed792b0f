import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { JOBS_MSG, type Job } from "#shared/schemas/jobs.ts";
import { SkillChips } from "#web/components/market/tags.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ApiError } from "#web/lib/api.ts";
import { formatRelative } from "#web/lib/format.ts";
import { JOB_CATEGORY_LABEL } from "#web/lib/market/labels.ts";
import { isEmailAddress, jobStatusKey, salaryText } from "../format";
import { EXPERIENCE_LABEL, JOB_STATUS_LABEL, JOB_TYPE_LABEL, WORK_MODE_LABEL } from "../labels";
import { jobQueryOptions } from "../queries";
import { CompanyLogo } from "./company-logo";

/** /job/{username}/{slug}: one job. A hidden job is "not found" to everyone but its owner. */
export function JobPage({ username, slug }: { username: string; slug: string }) {
  const { t } = useTranslation();
  const job = useQuery(jobQueryOptions(username, slug));
  if (job.isPending) return <ListSkeleton rows={2} height="h-48" />;
  if (job.isError) {
    if (job.error instanceof ApiError && job.error.status === 404)
      return (
        <EmptyState title={t(JOBS_MSG.jobNotFound)}>
          <p>{t("It may have been closed, or its address is not quite right.")}</p>
          <Link to="/jobs" className="btn btn-outline mt-4">
            {t("Find Jobs")}
          </Link>
        </EmptyState>
      );
    return <LoadError error={job.error} retry={job.refetch} />;
  }
  return <JobDetails job={job.data} />;
}

function JobDetails({ job }: { job: Job }) {
  const { t } = useTranslation();
  const salary = salaryText(job, t);
  const status = jobStatusKey(job);
  const website = job.company.website;
  return (
    <article
      className="mx-auto flex max-w-3xl flex-col gap-4"
      aria-labelledby="job-title"
      data-testid="job-page"
    >
      {!job.is_public && job.user_is_owner ? (
        <p role="status" className="card border-[var(--danger)]/40 px-4 py-3 text-sm">
          {t("Only you can see this job now. Its status: {{status}}.", {
            status: t(JOB_STATUS_LABEL[status]),
          })}
        </p>
      ) : null}
      <header className="card flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:p-6">
        <CompanyLogo src={job.company.logo} name={job.company.name} size={72} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-sm font-semibold text-[var(--muted)]">{job.company.name}</p>
          <h1 id="job-title" className="text-2xl leading-tight font-bold break-words">
            {job.job_title}
          </h1>
          {salary ? (
            <p className="text-base font-semibold text-[var(--accent)]" data-testid="job-salary">
              {salary}
              {job.job_pay_in_cryptocurrency ? (
                <span className="ml-2 text-sm font-normal text-[var(--muted)]">· {t("Pays in crypto")}</span>
              ) : null}
            </p>
          ) : job.job_pay_in_cryptocurrency ? (
            <p className="text-sm text-[var(--muted)]">{t("Pays in crypto")}</p>
          ) : null}
          <p className="text-xs text-[var(--muted)]">
            {t("Posted {{when}} by", { when: formatRelative(job.created_at) })}{" "}
            <Link
              to="/user/$username"
              params={{ username: job.owner.username }}
              className="inline-flex items-center gap-1 align-middle font-medium text-[var(--text)] hover:underline"
            >
              <Avatar src={job.owner.profile_image} name={job.owner.username} size={18} />
              u/{job.owner.username}
            </Link>
          </p>
        </div>
        <div className="sm:self-center">
          <ApplyLink howToApply={job.job_how_to_apply} />
        </div>
      </header>

      <section className="card p-4 sm:p-6" aria-label={t("About the job")}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <Fact label={t("Location")}>{job.job_location || t("Not given")}</Fact>
          <Fact label={t("Work mode")}>{t(WORK_MODE_LABEL[job.job_work_mode])}</Fact>
          <Fact label={t("Job type")}>{t(JOB_TYPE_LABEL[job.job_type])}</Fact>
          <Fact label={t("Category")}>{t(JOB_CATEGORY_LABEL[job.job_category])}</Fact>
          <Fact label={t("Experience")}>{t(EXPERIENCE_LABEL[job.job_experience_level])}</Fact>
          <Fact label={t("Salary")}>{salary ?? t("Not given")}</Fact>
        </dl>
        {job.job_skills.length ? (
          <div className="mt-4 border-t border-[var(--line)] pt-4">
            <h2 className="mb-2 text-sm font-semibold">{t("Skills")}</h2>
            <SkillChips skills={job.job_skills} label={t("Skills")} />
          </div>
        ) : null}
        <div className="mt-4 border-t border-[var(--line)] pt-4">
          <h2 className="mb-2 text-sm font-semibold">{t("Description")}</h2>
          <p
            className="text-sm leading-relaxed break-words whitespace-pre-line"
            data-testid="job-description"
          >
            {job.job_description}
          </p>
        </div>
      </section>

      <section className="card p-4 sm:p-6" aria-labelledby="company-title">
        <h2 id="company-title" className="mb-2 text-sm font-semibold">
          {t("About {{company}}", { company: job.company.name })}
        </h2>
        {job.company.description ? (
          <p className="text-sm break-words text-[var(--muted)]">{job.company.description}</p>
        ) : null}
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {job.company.location ? <span>{job.company.location}</span> : null}
          {website ? (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="wrap-anywhere text-[var(--accent)] hover:underline"
            >
              {website.replace(/^https?:\/\//, "")}
            </a>
          ) : null}
        </div>
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/jobs" className="btn btn-ghost">
          ← {t("All jobs")}
        </Link>
        <ApplyLink howToApply={job.job_how_to_apply} />
      </div>
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-[var(--muted)]">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** How to apply: an e-mail opens the mail program; a web address opens in a new tab. */
function ApplyLink({ howToApply }: { howToApply: string }) {
  const { t } = useTranslation();
  if (isEmailAddress(howToApply))
    return (
      <a href={`mailto:${howToApply}`} className="btn btn-primary" data-testid="apply-link">
        {t("Apply by e-mail")}
      </a>
    );
  // The API keeps only http(s) addresses and e-mails; anything else is shown, not linked.
  if (!/^https?:\/\//i.test(howToApply)) return <p className="text-sm wrap-anywhere">{howToApply}</p>;
  return (
    <a
      href={howToApply}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn-primary"
      data-testid="apply-link"
    >
      {t("Apply")} ↗
    </a>
  );
}
