import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { MARKET_COUNT_CAP, MARKET_SEARCH_MAX } from "#shared/constants.ts";
import { EXPERIENCE_LEVELS, JOB_CATEGORIES, JOB_TYPES, JOB_WORK_MODES } from "#shared/enums.ts";
import {
  FilterCheckbox,
  FilterPanel,
  FilterSelect,
  ListSearchBox,
} from "#web/components/market/filter-controls.tsx";
import { MarketResults } from "#web/components/market/market-results.tsx";
import { formatUsd } from "#web/lib/market/format.ts";
import { enumOptions, JOB_CATEGORY_LABEL } from "#web/lib/market/labels.ts";
import { EXPERIENCE_LABEL, JOB_TYPE_LABEL, WORK_MODE_LABEL } from "../labels";
import { type JobFilters, jobListQueryOptions } from "../queries";
import { JobCard } from "./job-card";

/** Minimum yearly salaries offered as a filter; the address may hold any other. */
const SALARY_STEPS = [30_000, 50_000, 75_000, 100_000, 150_000];

/** /jobs: public jobs, newest first, by full text and filters kept in the address. */
export function JobsPage({ filters }: { filters: JobFilters }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const jobs = useInfiniteQuery(jobListQueryOptions(filters));
  const active = Object.values(filters).some((v) => v !== undefined && v !== false);

  const set = (changes: Partial<JobFilters>) =>
    void navigate({ to: "/jobs", search: clean({ ...filters, ...changes }) });
  const clear = () => void navigate({ to: "/jobs", search: {} });
  const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
    enumOptions(values, labels, t);
  const salarySteps =
    filters.salary && !SALARY_STEPS.includes(filters.salary)
      ? [...SALARY_STEPS, filters.salary].sort((a, b) => a - b)
      : SALARY_STEPS;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Find Jobs")}</h1>
        <Link to="/job" className="btn btn-primary">
          {t("Post a job")}
        </Link>
      </header>
      <ListSearchBox
        value={filters.q ?? ""}
        label={t("Search jobs by title, company or skill")}
        maxLength={MARKET_SEARCH_MAX}
        onSearch={(q) => set({ q: q || undefined })}
      />
      <FilterPanel active={active} onClear={clear}>
        <FilterSelect
          label={t("Category")}
          anyLabel={t("All categories")}
          wide
          value={filters.category}
          options={options(JOB_CATEGORIES, JOB_CATEGORY_LABEL)}
          onChange={(category) => set({ category })}
        />
        <FilterSelect
          label={t("Job type")}
          anyLabel={t("Any type")}
          value={filters.type}
          options={options(JOB_TYPES, JOB_TYPE_LABEL)}
          onChange={(type) => set({ type })}
        />
        <FilterSelect
          label={t("Work mode")}
          anyLabel={t("Any work mode")}
          value={filters.mode}
          options={options(JOB_WORK_MODES, WORK_MODE_LABEL)}
          onChange={(mode) => set({ mode })}
        />
        <FilterSelect
          label={t("Experience")}
          anyLabel={t("Any level")}
          value={filters.level}
          options={options(EXPERIENCE_LEVELS, EXPERIENCE_LABEL)}
          onChange={(level) => set({ level })}
        />
        <FilterSelect
          label={t("Minimum salary")}
          anyLabel={t("Any salary")}
          value={filters.salary === undefined ? undefined : String(filters.salary)}
          options={salarySteps.map((step) => ({
            value: String(step),
            label: t("{{amount}}+ a year", { amount: formatUsd(step) }),
          }))}
          onChange={(salary) => set({ salary: salary ? Number(salary) : undefined })}
        />
        <FilterCheckbox
          label={t("Pays in crypto")}
          checked={Boolean(filters.crypto)}
          onChange={(crypto) => set({ crypto: crypto || undefined })}
        />
      </FilterPanel>

      <MarketResults
        query={jobs}
        filtered={active}
        onClear={clear}
        noMatchTitle={t("No jobs match your search")}
        emptyTitle={t("No jobs yet")}
        empty={
          <>
            <p>{t("Be the first to post one.")}</p>
            <Link to="/job" className="btn btn-primary mt-4">
              {t("Post a job")}
            </Link>
          </>
        }
        count={(total) =>
          total >= MARKET_COUNT_CAP
            ? t("More than 1,000 jobs")
            : t(total === 1 ? "1 job" : "{{count}} jobs", { count: total })
        }
        skeleton={{ rows: 4, height: "h-32" }}
        listClassName="flex flex-col gap-3"
        testId="job"
        itemKey={(job) => `${job.username}/${job.slug}`}
        renderItem={(job) => <JobCard job={job} />}
      />
    </div>
  );
}

/** Filters without the unset ones, so the address says only what is chosen. */
function clean(filters: JobFilters): JobFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== false && v !== ""),
  ) as JobFilters;
}
