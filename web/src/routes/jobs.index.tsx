import { createFileRoute } from "@tanstack/react-router";
import { JOB_SALARY_MAX_USD } from "#shared/constants.ts";
import { EXPERIENCE_LEVELS, JOB_CATEGORIES, JOB_TYPES, JOB_WORK_MODES } from "#shared/enums/market.ts";
import { JobsPage } from "../features/jobs/components/jobs-page";
import { flag, integer, oneOf, searchParams, text } from "../lib/search-params";

// /jobs?q=&category=&type=&mode=&level=&salary=&crypto=: every filter in the address, so a search
// can be shared; an unknown value is dropped. The lists of known values are checked by the page,
// not by validateSearch, which runs in the first load of every visit.
export const Route = createFileRoute("/jobs/")({
  validateSearch: searchParams({
    q: text(),
    category: text(),
    type: text(),
    mode: text(),
    level: text(),
    salary: integer({ min: 1, max: JOB_SALARY_MAX_USD }),
    crypto: flag(),
  }),
  component: function FindJobs() {
    const search = Route.useSearch();
    const filters = {
      ...search,
      category: oneOf(JOB_CATEGORIES)(search.category),
      type: oneOf(JOB_TYPES)(search.type),
      mode: oneOf(JOB_WORK_MODES)(search.mode),
      level: oneOf(EXPERIENCE_LEVELS)(search.level),
      crypto: search.crypto || undefined,
    };
    return <JobsPage filters={filters} />;
  },
});
