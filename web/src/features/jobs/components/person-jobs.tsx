import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { User } from "#shared/schemas/user.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { personJobsQueryOptions } from "../queries";
import { JobCard } from "./job-card";

/** The Jobs tab of a profile (/user/{username}/jobs): that person's public jobs. */
export function PersonJobs({ user }: { user: User }) {
  const { t } = useTranslation();
  const jobs = useInfiniteQuery(personJobsQueryOptions(user.username));
  const list = jobs.data?.pages.flatMap((page) => page.list) ?? [];
  if (jobs.isPending) return <ListSkeleton rows={2} height="h-32" />;
  if (jobs.isError) return <LoadError error={jobs.error} retry={jobs.refetch} />;
  if (list.length === 0)
    return (
      <EmptyState title={t("No jobs")} home={false} as="h2">
        {user.user_is_owner
          ? t("Jobs you post show here.")
          : t("@{{username}} has no open jobs.", { username: user.username })}
      </EmptyState>
    );
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="person-jobs">
        {list.map((job) => (
          <li key={job.slug}>
            <JobCard job={job} />
          </li>
        ))}
      </ul>
      <InfiniteFooter query={jobs} />
    </>
  );
}
