import type { Deps } from "#worker/deps.ts";
import { closeJobsExpiredBy } from "./queries";

/**
 * The daily Cron Trigger (wrangler.toml): jobs past their expiry are CLOSED. They were already
 * hidden by the visibility rule; closing them takes them out of the search index and the public
 * counters (by trigger) and shows the owner their real state in Manage Jobs.
 */
export function closeExpiredJobs(deps: Deps, now: number): Promise<number> {
  return closeJobsExpiredBy(deps.db, now);
}
