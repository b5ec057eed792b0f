import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import type { Job } from "#shared/schemas/jobs.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { jobStatusKey } from "../format";
import { JOB_STATUS_LABEL } from "../labels";
import { useDeleteJob } from "../mutations";
import { myJobsQueryOptions } from "../queries";
import { JobCard } from "./job-card";

const STATUS_TONE: Record<string, string> = {
  CONFIRMED: "bg-[var(--success)]/15 text-[var(--success)]",
  EXPIRED: "bg-[var(--surface-strong)] text-[var(--muted)]",
  CLOSED: "bg-[var(--surface-strong)] text-[var(--muted)]",
  HOLD: "bg-[var(--danger)]/15 text-[var(--danger)]",
  REVIEW: "bg-[var(--accent)]/15 text-[var(--accent)]",
};

/** /jobs/manage: the caller's jobs in every status, newest first, each with Delete. */
export function ManageJobsPage() {
  const { t } = useTranslation();
  const jobs = useInfiniteQuery(myJobsQueryOptions());
  const list = jobs.data?.pages.flatMap((page) => page.list) ?? [];
  const total = jobs.data?.pages[0]?.total_list ?? 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          {t("Manage Jobs")} {jobs.data ? <span className="text-[var(--muted)]">({total})</span> : null}
        </h1>
        <Link to="/job" className="btn btn-primary">
          {t("Post a job")}
        </Link>
      </header>
      <p className="text-sm text-[var(--muted)]">
        {t("A job is public for 60 days after posting. Admins may put it on hold or close it.")}
      </p>
      {jobs.isPending ? (
        <ListSkeleton rows={3} height="h-32" />
      ) : jobs.isError ? (
        <LoadError error={jobs.error} retry={jobs.refetch} />
      ) : list.length === 0 ? (
        <EmptyState title={t("You have not posted a job yet")} home={false} as="h2">
          <Link to="/job" className="btn btn-primary mt-2">
            {t("Post a job")}
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="my-jobs">
            {list.map((job) => (
              <li key={job.slug}>
                <JobCard job={job} aside={<ManageControls job={job} />} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={jobs} />
        </>
      )}
    </div>
  );
}

function ManageControls({ job }: { job: Job }) {
  const { t } = useTranslation();
  const remove = useDeleteJob();
  const status = jobStatusKey(job);
  const del = async () => {
    if (
      !(await confirm({
        message: t("Do you really want to delete it?"),
        confirmLabel: t("Delete"),
        danger: true,
      }))
    )
      return;
    remove.mutate(
      { username: job.username, slug: job.slug },
      { onSuccess: () => showSnackbar({ message: t("It was deleted"), variant: "success" }) },
    );
  };
  return (
    <div className="flex shrink-0 flex-col items-end gap-2">
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? STATUS_TONE.CLOSED}`}
        data-testid="job-status"
        data-status={status}
      >
        {t(JOB_STATUS_LABEL[status])}
      </span>
      <button
        type="button"
        className="btn btn-ghost px-2 py-1 text-xs text-[var(--danger)]"
        disabled={remove.isPending}
        onClick={() => void del()}
        aria-label={t("Delete {{title}}", { title: job.job_title })}
      >
        {t("Delete")}
      </button>
    </div>
  );
}
