import { queryBoolean, skipSchema } from "../api";
import {
  COMPANY_DESCRIPTION_MAX,
  COMPANY_LIST_FETCH_LIMIT,
  COMPANY_LOCATION_MAX,
  COMPANY_LOGO_MAX_MB,
  COMPANY_NAME_MAX,
  DEFAULT_PAGE_SIZE,
  JOB_LINK_MAX,
  JOB_LOCATION_MAX,
  JOB_POST_DESCRIPTION_MAX,
  JOB_POST_TITLE_MAX,
  JOB_SALARY_MAX_USD,
  MARKET_SEARCH_MAX,
  MAX_PAGE_SIZE,
  MB,
  RESUME_MAX_MB,
} from "../constants";
import {
  ADMIN_JOB_STATUSES,
  EXPERIENCE_LEVELS,
  JOB_CATEGORIES,
  JOB_STATUSES,
  JOB_TYPES,
  JOB_WORK_MODES,
} from "../enums";
import { z } from "../zod-jitless";
import { MSG } from "./fields";
import { skillsSchema, usernameLookupSchema } from "./people";
import { checkEditorLink } from "./posts";
import { ownerSchema } from "./user";

// The jobs board: the job form, its lists and the résumé (docs/decisions/050).
// The messages are i18n keys' English text: the SPA shows them with t(message), the API sends them
// in its 422 details as "field: message".

/** The example in "Use a valid URL. Ex: {host}": fixed, so the SPA and the API say the same. */
export const URL_EXAMPLE = "https://www.example.com";

export const JOBS_MSG = {
  required: MSG.required,
  alphanumeric: MSG.alphanumeric,
  companyNameMax: `Must be ${COMPANY_NAME_MAX} characters or less`,
  companyDescriptionMax: `Must be ${COMPANY_DESCRIPTION_MAX} characters or less`,
  companyLocationMax: `Must be ${COMPANY_LOCATION_MAX} characters or less`,
  websiteInvalid: `Use a valid URL. Ex: ${URL_EXAMPLE}`,
  jobTitleMax: `Must be ${JOB_POST_TITLE_MAX} characters or less`,
  jobDescriptionMax: `Must be ${JOB_POST_DESCRIPTION_MAX} characters or less`,
  jobLocationMax: `Must be ${JOB_LOCATION_MAX} characters or less`,
  howToApplyInvalid: "Use a valid URL or email",
  logoRequired: "Upload a logo file for your company",
  /** Filled by `fileSizeMessage`; the SPA passes size and limit to t(). */
  fileTooLarge: "File size {{size}} MB exceeds limit of {{limit}} MB.",
  imageType: "Use a PNG, JPEG, GIF or WebP image",
  wholeNumber: "Must be a whole number",
  notNegative: "Must be 0 or more",
  salaryMax: `Must be ${JOB_SALARY_MAX_USD} or less`,
  salaryOrder: "Must be at least the minimum salary",
  trueOrFalse: "Must be true or false",
  companyTaken: "This company belongs to someone else. Use the name of your own company.",
  jobNotFound: "This job does not exist",
  notYourJob: "You can only delete your own jobs",
  resumeRequired: "Upload your résumé as a PDF file",
  resumeType: "The résumé must be a PDF file",
  fileEmpty: "The file is empty",
  jobPosted: "It was posted",
  confirmPost:
    "Once you submit this job post, it can be edited by admins only. Are you sure you want to post this?",
} as const;

/**
 * "File size 1.5 MB exceeds limit of 1 MB." The size is in MB rounded up to two decimals, so a file
 * just over the limit never reads as the limit itself.
 */
export function fileSizeMessage(bytes: number, limitMb: number): string {
  const size = Math.ceil((bytes / MB) * 100) / 100;
  return JOBS_MSG.fileTooLarge.replace("{{size}}", String(size)).replace("{{limit}}", String(limitMb));
}

/** One of an enumeration, in any case; a missing value is "Required". */
export function choiceSchema<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : (v ?? undefined)),
    z.enum(values, {
      error: (issue) => (issue.input === undefined ? JOBS_MSG.required : `Use one of ${values.join(", ")}`),
    }),
  );
}

/** A text field that may be left empty (null and absent read as ""). */
export function optionalText(max: number, message: string) {
  return z.preprocess((v) => v ?? "", z.string({ error: message }).trim().max(max, message));
}

/** A required text field: "Required" when missing or blank. */
export function requiredText(max: number, message: string) {
  return z
    .string({ error: JOBS_MSG.required })
    .trim()
    .min(1, { message: JOBS_MSG.required, abort: true })
    .max(max, message);
}

/** A whole number of at least 0 from a form field ("" and absent are 0). */
export function wholeNumberSchema(max: number, maxMessage: string) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? 0 : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: JOBS_MSG.wholeNumber })
      .int(JOBS_MSG.wholeNumber)
      .min(0, JOBS_MSG.notNegative)
      .max(max, maxMessage),
  );
}

/** A form checkbox: true/false, 1/0, on; absent or "" is false. */
export const formBoolean = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? false : v),
  z
    .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off"])], { error: JOBS_MSG.trueOrFalse })
    .transform((v) => v === true || v === "true" || v === "1" || v === "on"),
);

/**
 * Skills as the form sends them: a list, comma-joined, or null (also the text "null", which is
 * what FormData makes of it). Stored as a list of at most five.
 */
export const formSkillsSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === "null" ? [] : v),
  skillsSchema,
);

/** A picked file; an empty file part (nothing chosen) and "" or "null" count as none. */
export function optionalFile(maxMb: number) {
  return z.preprocess(
    (v) => (v === "" || v === "null" || v === null || (v instanceof File && v.size === 0) ? undefined : v),
    z
      .instanceof(File, { message: "Send a file" })
      .refine((f) => f.size <= maxMb * MB, {
        error: (issue) => fileSizeMessage((issue.input as File).size, maxMb),
      })
      .optional(),
  );
}

/** A web address typed with or without https:// (the editor's link rule); answers it with a scheme. */
function webAddress(value: string): string | null {
  const checked = checkEditorLink(value);
  return "link" in checked ? checked.link : null;
}

const websiteSchema = optionalText(JOB_LINK_MAX, JOBS_MSG.websiteInvalid).transform((v, ctx) => {
  if (v === "") return null;
  const link = webAddress(v);
  if (link === null) ctx.addIssue({ code: "custom", message: JOBS_MSG.websiteInvalid });
  return link;
});

/** Where to apply: a web address (https:// added when missing) or an e-mail address. */
const howToApplySchema = requiredText(JOB_LINK_MAX, JOBS_MSG.howToApplyInvalid).transform((v, ctx) => {
  const email = v.replace(/^mailto:/i, "");
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(v) && z.email().safeParse(email).success) return email;
  const link = webAddress(v);
  if (link === null) ctx.addIssue({ code: "custom", message: JOBS_MSG.howToApplyInvalid });
  return link ?? v;
});

const COMPANY_NAME = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u;

/** Letters and digits (of any script), words separated by single spaces. */
export const companyNameSchema = requiredText(COMPANY_NAME_MAX, JOBS_MSG.companyNameMax)
  .refine((v) => COMPANY_NAME.test(v), JOBS_MSG.alphanumeric)
  .describe("Letters and digits, words separated by single spaces");

/** The job form's fields, before the rule between the two salaries. */
export const jobFieldsSchema = z.object({
  company_name: companyNameSchema,
  /** Required unless the company was used before and has a logo (checked by the API). */
  company_logo: optionalFile(COMPANY_LOGO_MAX_MB),
  company_description: optionalText(COMPANY_DESCRIPTION_MAX, JOBS_MSG.companyDescriptionMax),
  company_website: websiteSchema,
  company_location: optionalText(COMPANY_LOCATION_MAX, JOBS_MSG.companyLocationMax),
  job_title: requiredText(JOB_POST_TITLE_MAX, JOBS_MSG.jobTitleMax),
  job_description: requiredText(JOB_POST_DESCRIPTION_MAX, JOBS_MSG.jobDescriptionMax),
  /** A place in free text ("Lisbon", "Anywhere"); the work mode is its own field. */
  job_location: optionalText(JOB_LOCATION_MAX, JOBS_MSG.jobLocationMax),
  job_type: choiceSchema(JOB_TYPES),
  job_category: choiceSchema(JOB_CATEGORIES),
  job_work_mode: choiceSchema(JOB_WORK_MODES),
  job_experience_level: choiceSchema(EXPERIENCE_LEVELS),
  /** Whole US dollars a year; 0 and 0 mean "not shown". */
  job_minimum_salary: wholeNumberSchema(JOB_SALARY_MAX_USD, JOBS_MSG.salaryMax),
  job_maximum_salary: wholeNumberSchema(JOB_SALARY_MAX_USD, JOBS_MSG.salaryMax),
  job_pay_in_cryptocurrency: formBoolean,
  job_how_to_apply: howToApplySchema,
  job_skills: formSkillsSchema,
});

/** 0 ≤ minimum ≤ maximum; the problem is reported on the maximum. */
export function salaryOrderProblem(min: number, max: number): string | null {
  return min > max ? JOBS_MSG.salaryOrder : null;
}

/** Adds the rule between the two salaries to a job form schema. */
export function withSalaryOrder<
  T extends z.ZodType<{ job_minimum_salary: number; job_maximum_salary: number }>,
>(schema: T): T {
  return schema.superRefine((form, ctx) => {
    const problem = salaryOrderProblem(form.job_minimum_salary, form.job_maximum_salary);
    if (problem) ctx.addIssue({ code: "custom", path: ["job_maximum_salary"], message: problem });
  });
}

/** `POST /api/v1/private/user/job` (multipart): the job form. */
export const jobFormSchema = withSalaryOrder(jobFieldsSchema);
export type JobFormInput = z.input<typeof jobFormSchema>;
export type JobForm = z.output<typeof jobFormSchema>;

/** A job named the way its address names it: /job/{username}/{slug}. */
export const jobKeySchema = z.object({
  username: usernameLookupSchema,
  slug: z.string({ error: JOBS_MSG.required }).trim().min(1, JOBS_MSG.required).max(120),
});
export type JobKey = z.infer<typeof jobKeySchema>;

/**
 * `PATCH /api/admin/private/job` (JSON): the job, a new status, and any job form fields to change
 * (the logo cannot travel in JSON). The salaries are checked together with the stored ones.
 */
export const adminJobPatchSchema = jobFieldsSchema
  .omit({ company_logo: true })
  .partial()
  .extend({ ...jobKeySchema.shape, job_status: choiceSchema(ADMIN_JOB_STATUSES).optional() });
export type AdminJobPatch = z.output<typeof adminJobPatchSchema>;

/** A filter of a list, in any case: absent or "" means no filter. */
export function optionalChoiceSchema<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : (v ?? undefined)),
    z.enum(values, { error: `Use one of ${values.join(", ")}` }).optional(),
  );
}

const pageFields = {
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** The previous page's `next_cursor`: the next page without reading the skipped rows. */
  cursor: z.string().max(40).optional(),
};

/** Search text: absent or blank means none. */
export const marketSearchText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().max(MARKET_SEARCH_MAX, `Must be ${MARKET_SEARCH_MAX} characters or less`).optional(),
);

/** `GET /api/v1/job/list`: the public jobs, newest first, with filters and full text. */
export const jobListQuerySchema = z.object({
  q: marketSearchText,
  job_category: optionalChoiceSchema(JOB_CATEGORIES),
  job_type: optionalChoiceSchema(JOB_TYPES),
  job_work_mode: optionalChoiceSchema(JOB_WORK_MODES),
  job_experience_level: optionalChoiceSchema(EXPERIENCE_LEVELS),
  /** Jobs whose maximum salary reaches this many US dollars a year. */
  salary_min: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).optional()),
  /** true: only jobs that pay in cryptocurrency; false or absent: every job. */
  pay_in_crypto: queryBoolean.optional(),
  ...pageFields,
});
export type JobListQuery = z.output<typeof jobListQuerySchema>;

export const jobPageQuerySchema = z.object(pageFields);
export type JobPageQuery = z.output<typeof jobPageQuerySchema>;

/** `GET /api/v1/user/job/list`: a person's public jobs. */
export const userJobListQuerySchema = z.object({ username: usernameLookupSchema, ...pageFields });

/** `GET /api/admin/private/job/list`: every job, newest first, of one status or all. */
export const adminJobListQuerySchema = z.object({
  job_status: optionalChoiceSchema(JOB_STATUSES),
  ...pageFields,
});

/** `GET /api/v1/private/user/company/list` (the form fetches up to 1000). */
export const companyListQuerySchema = z.object({
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(COMPANY_LIST_FETCH_LIMIT).default(DEFAULT_PAGE_SIZE),
});

/** A company of the job form's company list: what it reuses. */
export const companySchema = z
  .object({
    name: z.string(),
    description: z.string(),
    location: z.string(),
    website: z.string().nullable(),
    logo: z.string().nullable(),
  })
  .meta({ id: "Company" });
export type Company = z.infer<typeof companySchema>;

/** A job as every list and the job page show it. */
export const jobSchema = z
  .object({
    slug: z.string(),
    username: z.string(),
    /** The job's page in the SPA: /job/{username}/{slug}. */
    link: z.string(),
    owner: ownerSchema,
    company: companySchema,
    job_title: z.string(),
    job_description: z.string(),
    job_location: z.string(),
    job_type: z.enum(JOB_TYPES),
    job_category: z.enum(JOB_CATEGORIES),
    job_work_mode: z.enum(JOB_WORK_MODES),
    job_experience_level: z.enum(EXPERIENCE_LEVELS),
    job_minimum_salary: z.number().int(),
    job_maximum_salary: z.number().int(),
    job_pay_in_cryptocurrency: z.boolean(),
    /** A web address or an e-mail address. */
    job_how_to_apply: z.string(),
    job_skills: z.array(z.string()),
    job_status: z.enum(JOB_STATUSES),
    /** Whether everyone sees it: CONFIRMED and not expired. */
    is_public: z.boolean(),
    user_is_owner: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: "Job" });
export type Job = z.infer<typeof jobSchema>;

export const jobCreatedSchema = z.object({ slug: z.string(), link: z.string() });
export type JobCreated = z.infer<typeof jobCreatedSchema>;

/** `POST /api/v1/user/resume` (multipart `file`): a PDF of at most 5 MB (its bytes are checked too). */
export const resumeUploadSchema = z.object({
  file: z.preprocess(
    (v) => (v === "" || v === "null" ? undefined : v),
    z.instanceof(File, { message: JOBS_MSG.resumeRequired }).refine((f) => f.size <= RESUME_MAX_MB * MB, {
      error: (issue) => fileSizeMessage((issue.input as File).size, RESUME_MAX_MB),
    }),
  ),
});

/** The résumé of the job settings tab: its link, or null when there is none. */
export const resumeSchema = z.object({ link: z.string().nullable() });
export type Resume = z.infer<typeof resumeSchema>;
