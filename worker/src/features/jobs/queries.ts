import type { Database } from "#worker/db/database.ts";

// The jobs' SQL (the lists' statements are built in lists.ts).

/**
 * Jobs past their expiry CLOSED, in one statement through the (status, expires_at) index, so it
 * reads only the jobs it closes. Answers how many.
 */
export async function closeJobsExpiredBy(db: Database, now: number): Promise<number> {
  const result = await db.write([
    db.prepare({
      sql: "UPDATE jobs SET status = 'CLOSED', updated_at = ?1 WHERE status = 'CONFIRMED' AND expires_at <= ?1",
      binds: [Math.trunc(now)],
    }),
  ]);
  return result[0]?.meta.changes ?? 0;
}
