// The job market's enumerations (jobs and services), re-exported by ../enums.ts.

export const JOB_WORK_MODES = ["REMOTE", "ONSITE", "HYBRID"] as const;
export type JobWorkMode = (typeof JOB_WORK_MODES)[number];

export const JOB_TYPES = ["FULLTIME", "PARTTIME", "CONTRACT", "FREELANCE", "INTERNSHIP"] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const JOB_CATEGORIES = [
  "PROGRAMMING",
  "BLOCKCHAIN",
  "DESIGN",
  "MARKETING",
  "CUSTOMERSUPPORT",
  "WRITING",
  "PRODUCT",
  "SERVICE",
  "HUMANRESOURCE",
  "ELSE",
] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];

export const EXPERIENCE_LEVELS = ["ALL", "JUNIOR", "MID", "SENIOR", "NOEXPERIENCEREQUIRED"] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const JOB_STATUSES = ["DRAFT", "PAID", "CONFIRMED", "HOLD", "REVIEW", "CLOSED"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The statuses staff move a job to (DRAFT and PAID belong to a paid posting flow we do not have). */
export const ADMIN_JOB_STATUSES = [
  "CONFIRMED",
  "HOLD",
  "REVIEW",
  "CLOSED",
] as const satisfies readonly JobStatus[];
export type AdminJobStatus = (typeof ADMIN_JOB_STATUSES)[number];
