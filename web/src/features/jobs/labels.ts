import { msg } from "#client/i18n.ts";
import type { ExperienceLevel, JobStatus, JobType, JobWorkMode } from "#shared/enums.ts";

// The words the job screens show for the API's enumerations, translated with t(label).

export const JOB_TYPE_LABEL: Record<JobType, string> = {
  FULLTIME: msg("Full-time"),
  PARTTIME: msg("Part-time"),
  CONTRACT: msg("Contract"),
  FREELANCE: msg("Freelance"),
  INTERNSHIP: msg("Internship"),
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
