import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { totalOf } from "#admin/lib/paged.ts";
import { apiErrorText } from "#client/api-error-text.ts";
import { busyProps } from "#client/busy.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { ADMIN_JOB_STATUSES, type AdminJobStatus, JOB_STATUSES, type JobStatus } from "#shared/enums.ts";
import type { Job } from "#shared/schemas/jobs.ts";
import { InfiniteList, PageTitle } from "../../components/ui/list-page";
import { useDateTime } from "../../components/ui/list-states";
import { JobEditDialog } from "./job-edit-dialog";
import { useUpdateJob } from "./mutations";
import { jobListQueryOptions } from "./queries";

const STATUS_TONE: Record<JobStatus, string> = {
  DRAFT: "bg-[var(--surface-strong)] text-[var(--muted)]",
  PAID: "bg-[var(--surface-strong)] text-[var(--muted)]",
  CONFIRMED: "bg-[var(--success)]/15 text-[var(--success)]",
  HOLD: "bg-[var(--warning)]/15 text-[var(--warning)]",
  REVIEW: "bg-[var(--info)]/15 text-[var(--info)]",
  CLOSED: "bg-[var(--danger)]/15 text-[var(--danger)]",
};

function JobRow({ job, onEdit }: { job: Job; onEdit: () => void }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const update = useUpdateJob();
  const move = async (status: AdminJobStatus) => {
    if (status === job.job_status || update.isPending) return;
    if (!(await confirm({ message: t("Are you sure about this?"), danger: status === "CLOSED" }))) return;
    update.mutate(
      { username: job.username, slug: job.slug, job_status: status },
      {
        onSuccess: () =>
          showSnackbar({ variant: "success", message: t("The job is now {{status}}", { status }) }),
        onError: (error) => showSnackbar({ message: apiErrorText(error, t), variant: "error" }),
      },
    );
  };
  return (
    <li className="flex flex-col gap-3 px-4 py-3" data-testid="job-row">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">
            {job.is_public ? (
              <a href={job.link} target="_blank" rel="noreferrer" className="hover:underline">
                {job.job_title}
              </a>
            ) : (
              job.job_title
            )}
          </p>
          <p className="text-sm break-words text-[var(--muted)]">
            {job.company.name} ·{" "}
            <Link to="/$username" params={{ username: job.username }} className="hover:underline">
              @{job.username}
            </Link>
            {job.job_location ? ` · ${job.job_location}` : ""}
          </p>
          <p className="text-xs text-[var(--muted)]">
            {t("Posted {{date}}", { date: when(job.created_at) })} ·{" "}
            {t("Expires {{date}}", { date: when(job.expires_at) })}
          </p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[job.job_status]}`}
          data-testid="job-status"
        >
          {job.job_status}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">{t("Move to")}</legend>
          {ADMIN_JOB_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={job.job_status === status}
              {...busyProps(update.isPending)}
              onClick={() => void move(status)}
              className={`btn px-3 py-1 text-xs ${job.job_status === status ? "btn-primary" : "btn-outline"}`}
            >
              {status}
            </button>
          ))}
        </fieldset>
        <button type="button" className="btn btn-outline ml-auto px-3 py-1 text-xs" onClick={onEdit}>
          {t("Edit")}
        </button>
      </div>
    </li>
  );
}

/** Every job in any status: staff move one to HOLD, REVIEW, CLOSED or back, and edit it. */
export function JobsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<JobStatus | "">("");
  const [editing, setEditing] = useState<Job | null>(null);
  const query = useInfiniteQuery(jobListQueryOptions(status));
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Jobs")} total={totalOf(query.data)}>
        <label className="flex items-center gap-2 text-sm">
          <span>{t("Status")}</span>
          <select
            className="field w-auto py-1.5"
            value={status}
            onChange={(e) => setStatus(e.target.value as JobStatus | "")}
          >
            <option value="">{t("All")}</option>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </PageTitle>
      <InfiniteList query={query} empty={t("No jobs here.")}>
        {(rows) => (
          <ul className="card divide-y divide-[var(--line)]" aria-label={t("Jobs")}>
            {rows.map((job) => (
              <JobRow key={`${job.username}/${job.slug}`} job={job} onEdit={() => setEditing(job)} />
            ))}
          </ul>
        )}
      </InfiniteList>
      {editing ? <JobEditDialog job={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
