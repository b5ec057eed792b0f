import type { Deps } from "#worker/deps.ts";

/**
 * The daily Cron Trigger (wrangler.toml): jobs past their expiry are CLOSED. They were already
 * hidden by the visibility rule; closing them takes them out of the search index and the public
 * counters (by trigger) and shows the owner their real state in Manage Jobs. One statement through
 * the (status, expires_at) index, so it reads only the jobs it closes.
 */
export async function closeExpiredJobs(deps: Deps, now: number): Promise<number> {
  const result = await deps.db.write([
    deps.db.prepare({
      sql: "UPDATE jobs SET status = 'CLOSED', updated_at = ?1 WHERE status = 'CONFIRMED' AND expires_at <= ?1",
      binds: [Math.trunc(now)],
    }),
  ]);
  return result[0]?.meta.changes ?? 0;
}
