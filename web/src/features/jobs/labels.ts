import { msg } from "#client/i18n.ts";
import type { TFunction } from "#client/i18n-runtime.ts";
import type { ExperienceLevel, JobCategory, JobStatus, JobType, JobWorkMode } from "#shared/enums.ts";

// The words the job screens show for the API's enumerations, translated with t(label).

export const JOB_TYPE_LABEL: Record<JobType, string> = {
  FULLTIME: msg("Full-time"),
  PARTTIME: msg("Part-time"),
  CONTRACT: msg("Contract"),
  FREELANCE: msg("Freelance"),
  INTERNSHIP: msg("Internship"),
};

export const JOB_CATEGORY_LABEL: Record<JobCategory, string> = {
  PROGRAMMING: msg("Programming"),
  BLOCKCHAIN: msg("Blockchain"),
  DESIGN: msg("Design"),
  MARKETING: msg("Marketing"),
  CUSTOMERSUPPORT: msg("Customer support"),
  WRITING: msg("Writing"),
  PRODUCT: msg("Product"),
  SERVICE: msg("Service"),
  HUMANRESOURCE: msg("Human resources"),
  ELSE: msg("Other"),
};

export const WORK_MODE_LABEL: Record<JobWorkMode, string> = {
  REMOTE: msg("Remote"),
  ONSITE: msg("On-site"),
  HYBRID: msg("Hybrid"),
};

export const EXPERIENCE_LABEL: Record<ExperienceLevel, string> = {
  ALL: msg("All levels"),
  JUNIOR: msg("Junior"),
  MID: msg("Mid-level"),
  SENIOR: msg("Senior"),
  NOEXPERIENCEREQUIRED: msg("No experience required"),
};

/** What Manage Jobs says of a job; "Expired" is a confirmed job past its 60 days. */
export const JOB_STATUS_LABEL: Record<JobStatus | "EXPIRED", string> = {
  DRAFT: msg("Draft"),
  PAID: msg("Paid"),
  CONFIRMED: msg("Live"),
  HOLD: msg("On hold"),
  REVIEW: msg("In review"),
  CLOSED: msg("Closed"),
  EXPIRED: msg("Expired"),
};

/** The options of a select over an enumeration, labelled in the reader's language. */
export function enumOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  t: TFunction,
): Array<{ value: T; label: string }> {
  return values.map((value) => {
    const label: string = labels[value];
    return { value, label: t(label) };
  });
}
