/**
 * The one rule of who sees a job (docs/decisions/050): a job is public while its status is
 * CONFIRMED and it has not expired. Every public read — the list, search, a person's jobs, the job
 * page — puts this condition in its SQL, and every job answer carries it as `is_public`; nothing else
 * decides it. A hidden job is seen only by its owner (their list, its page) and by staff.
 * `now` is inlined: an integer the Worker made, never client input. The unary `+` keeps SQLite from
 * reading the lists through the (status, expires_at) index, which is the cron's: a list must walk an
 * index in id order (status, filter, id) and stop after its page, not sort every public job.
 */
export function publicJobSql(alias: string, now: number): string {
  return `(${alias}.status = 'CONFIRMED' AND +${alias}.expires_at > ${Math.trunc(now)})`;
}
