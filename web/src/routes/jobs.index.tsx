import { createFileRoute } from "@tanstack/react-router";
import { JOB_SALARY_MAX_USD } from "#shared/constants.ts";
import { EXPERIENCE_LEVELS, JOB_CATEGORIES, JOB_TYPES, JOB_WORK_MODES } from "#shared/enums/market.ts";
import { JobsPage } from "../features/jobs/components/jobs-page";
import { flag, integer, oneOf, searchParams, text } from "../lib/search-params";

// /jobs?q=&category=&type=&mode=&level=&salary=&crypto=: every filter in the address, so a search
// can be shared; an unknown value is dropped.
export const Route = createFileRoute("/jobs/")({
  validateSearch: searchParams({
    q: text(),
    category: oneOf(JOB_CATEGORIES),
    type: oneOf(JOB_TYPES),
    mode: oneOf(JOB_WORK_MODES),
    level: oneOf(EXPERIENCE_LEVELS),
    salary: integer({ min: 1, max: JOB_SALARY_MAX_USD }),
    crypto: flag(),
  }),
  component: function FindJobs() {
    const search = Route.useSearch();
    return <JobsPage filters={{ ...search, crypto: search.crypto || undefined }} />;
  },
});
