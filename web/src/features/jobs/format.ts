import type { TFunction } from "#client/i18n-runtime.ts";
import type { Job } from "#shared/schemas/jobs.ts";
import { i18n } from "#web/i18n/i18n.ts";
import { formatUsd } from "#web/lib/market/format.ts";

// Salaries are whole US dollars a year whatever the reader's language (the job says so).

/** "$70,000 – $95,000 a year", "Up to …", "From …", or null when the job shows no salary (0 and 0). */
export function salaryText(
  job: Pick<Job, "job_minimum_salary" | "job_maximum_salary">,
  t: TFunction,
  language = i18n.language,
): string | null {
  const min = job.job_minimum_salary;
  const max = job.job_maximum_salary;
  if (min <= 0 && max <= 0) return null;
  if (min <= 0) return t("Up to {{max}} a year", { max: formatUsd(max, language) });
  if (max <= 0 || min === max) return t("{{amount}} a year", { amount: formatUsd(min, language) });
  return t("{{min}} – {{max}} a year", { min: formatUsd(min, language), max: formatUsd(max, language) });
}

/** Whether how-to-apply is an e-mail address (the API keeps it as typed) rather than a web address. */
export function isEmailAddress(howToApply: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(howToApply) && /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(howToApply);
}

/** A job is expired once its 60 days are over, whatever its status says until the daily cron. */
export function jobStatusKey(job: Pick<Job, "job_status" | "expires_at">, now = Date.now()) {
  return job.job_status === "CONFIRMED" && new Date(job.expires_at).getTime() <= now
    ? ("EXPIRED" as const)
    : job.job_status;
}
