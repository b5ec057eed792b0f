import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useZodForm } from "#client/form.tsx";
import { FormAlert, TextField } from "#client/form-fields.tsx";
import type { TFunction } from "#client/i18n-runtime.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import {
  COMPANY_DESCRIPTION_MAX,
  COMPANY_LOCATION_MAX,
  COMPANY_LOGO_MAX_MB,
  COMPANY_NAME_MAX,
  JOB_LINK_MAX,
  JOB_LOCATION_MAX,
  JOB_POST_DESCRIPTION_MAX,
  JOB_POST_TITLE_MAX,
  MB,
} from "#shared/constants.ts";
import { EXPERIENCE_LEVELS, JOB_CATEGORIES, JOB_TYPES, JOB_WORK_MODES } from "#shared/enums.ts";
import {
  type Company,
  formSkillsSchema,
  JOBS_MSG,
  jobFieldsSchema,
  withSalaryOrder,
} from "#shared/schemas/jobs.ts";
import { PROFILE_IMAGE_TYPES } from "#shared/schemas/people.ts";
import { LongTextField, SelectField } from "#web/components/market/form-bits.tsx";
import { PicturePicker } from "#web/components/ui/picture-picker.tsx";
import { SkillsField } from "#web/components/ui/skills-field.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { fieldErrors } from "#web/lib/field-errors.ts";
import { fileSizeText } from "#web/lib/market/format.ts";
import { enumOptions, JOB_CATEGORY_LABEL } from "#web/lib/market/labels.ts";
import { EXPERIENCE_LABEL, JOB_TYPE_LABEL, WORK_MODE_LABEL } from "../labels";
import { useCreateJob } from "../mutations";
import { companiesQueryOptions } from "../queries";
import { CompanyLogo } from "./company-logo";
import { type Salary, SalaryFields } from "./salary-fields";

/** The job form's text fields, checked by the API's own schema (the logo and skills aside). */
const jobTextSchema = withSalaryOrder(jobFieldsSchema.omit({ company_logo: true, job_skills: true }));

const EMPTY = {
  company_name: "",
  company_description: "",
  company_website: "",
  company_location: "",
  job_title: "",
  job_description: "",
  job_location: "",
  job_type: "FULLTIME",
  job_category: "",
  job_work_mode: "REMOTE",
  job_experience_level: "ALL",
  job_minimum_salary: "",
  job_maximum_salary: "",
  job_pay_in_cryptocurrency: "false",
  job_how_to_apply: "",
};
type Field = keyof typeof EMPTY;
type ServerField = Field | "company_logo" | "job_skills";
const SERVER_FIELDS = [...(Object.keys(EMPTY) as Field[]), "company_logo", "job_skills"] as const;

/** The logo a file must pass before it is sent: the API's types and size. */
function logoProblem(file: File, t: TFunction): string | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return JOBS_MSG.imageType;
  if (file.size > COMPANY_LOGO_MAX_MB * MB) return fileSizeText(file.size, COMPANY_LOGO_MAX_MB, t);
  return null;
}

/**
 * /job: "First, describe your company", "Then, describe your job". An earlier company can be
 * reused from the company list; posting asks once more, since only staff can edit a job after.
 */
export function JobFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companies = useQuery(companiesQueryOptions());
  const create = useCreateJob();
  const form = useZodForm(jobTextSchema, EMPTY);
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [skills, setSkills] = useState<string[]>([]);
  const [salaryShown, setSalaryShown] = useState(false);
  const [server, setServer] = useState<Partial<Record<ServerField, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [logoTouched, setLogoTouched] = useState(false);
  const companyListId = useId();

  useEffect(() => {
    if (!logo) return setPreview(null);
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  // A company of the caller's list with this name keeps its logo unless a new one is chosen.
  const known = useMemo(() => {
    const name = form.values.company_name.trim().toLowerCase();
    return companies.data?.find((c) => c.name.toLowerCase() === name) ?? null;
  }, [companies.data, form.values.company_name]);
  const logoMissing = !logo && !known?.logo;
  const skillsCheck = formSkillsSchema.safeParse(skills);
  const valid = Boolean(form.data) && !logoMissing && skillsCheck.success;

  const clearServer = (field: ServerField) => setServer((s) => (s[field] ? { ...s, [field]: undefined } : s));
  const setValue = (field: Field, value: string) => {
    form.setValue(field, value);
    clearServer(field);
  };
  const bind = (field: Field) => ({
    value: form.values[field],
    onValue: (value: string) => setValue(field, value),
    onBlur: () => form.touch(field),
    error: server[field] ?? form.shownError(field),
  });

  const reuse = (company: Company) => {
    setValue("company_name", company.name);
    setValue("company_description", company.description);
    setValue("company_location", company.location);
    setValue("company_website", company.website ?? "");
    setLogo(null);
    clearServer("company_logo");
  };
  const setSalary = (next: Salary) => {
    setSalaryShown(next.show);
    setValue("job_minimum_salary", next.min);
    setValue("job_maximum_salary", next.max);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    setLogoTouched(true);
    if (!valid || create.isPending) return;
    if (!(await confirm({ message: t(JOBS_MSG.confirmPost), confirmLabel: t("Post job") }))) return;
    setFormProblem(null);
    const fields: Record<string, string> = { ...form.values };
    if (skills.length) fields.job_skills = skills.join(",");
    create.mutate(
      { fields, logo },
      {
        onSuccess: (created) => {
          showSnackbar({ message: t(JOBS_MSG.jobPosted), variant: "success" });
          void navigate({ to: created.link });
        },
        onError: (error) => {
          const { byField, rest } = fieldErrors<ServerField>(error, SERVER_FIELDS);
          setServer(byField);
          form.touchAll();
          setFormProblem(rest ? t(rest) : Object.keys(byField).length ? null : errorMessage(error));
        },
      },
    );
  };

  const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
    enumOptions(values, labels, t);
  const logoError =
    server.company_logo ??
    (logoMissing && (logoTouched || form.values.company_name) ? JOBS_MSG.logoRequired : null);
  const list = companies.data ?? [];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mx-auto flex max-w-3xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold">{t("Post a job")}</h1>
        <p className="mt-1 text-sm text-[var(--muted)]">
          {t("Your job is public for 60 days. After posting, only admins can edit it.")}
        </p>
      </header>

      <section className="card p-4 md:p-6" aria-labelledby="company-section">
        <h2 id="company-section" className="mb-4 text-lg font-semibold">
          {t("First, describe your company")}
        </h2>
        {list.length ? (
          <div className="mb-4">
            <label htmlFor={companyListId} className="field-label">
              {t("Use a company you posted with before")}
            </label>
            <select
              id={companyListId}
              className="field"
              value={known?.name ?? ""}
              onChange={(e) => {
                const company = list.find((c) => c.name === e.target.value);
                if (company) reuse(company);
              }}
            >
              <option value="">{t("A new company")}</option>
              {list.map((company) => (
                <option key={company.name} value={company.name}>
                  {company.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <TextField
          label={t("Company name")}
          name="company_name"
          autoComplete="organization"
          maxLength={COMPANY_NAME_MAX + 10}
          {...bind("company_name")}
        />
        <div className="mb-4">
          <PicturePicker
            label={t("Company logo")}
            required={!known?.logo}
            preview={
              <CompanyLogo
                src={preview ?? known?.logo ?? null}
                name={form.values.company_name || "?"}
                size={56}
              />
            }
            hasPicture={Boolean(logo)}
            check={(file) => logoProblem(file, t)}
            onPick={(file) => {
              setLogo(file);
              setLogoTouched(true);
              clearServer("company_logo");
            }}
            onRemove={() => {
              setLogo(null);
              setLogoTouched(true);
            }}
          />
          {logoError ? (
            <p className="field-error mt-0" role="alert" data-testid="logo-error">
              {t(logoError)}
            </p>
          ) : known?.logo && !logo ? (
            <p className="text-xs text-[var(--muted)]">
              {t("The logo you used before stays unless you choose another.")}
            </p>
          ) : null}
        </div>
        <LongTextField
          label={t("Company description")}
          required={false}
          max={COMPANY_DESCRIPTION_MAX}
          rows={2}
          {...bind("company_description")}
        />
        <div className="grid gap-x-4 md:grid-cols-2">
          <TextField
            label={t("Company location")}
            required={false}
            maxLength={COMPANY_LOCATION_MAX + 10}
            placeholder={t("e.g. Lisbon, Portugal")}
            {...bind("company_location")}
          />
          <TextField
            label={t("Company website")}
            required={false}
            type="url"
            inputMode="url"
            maxLength={JOB_LINK_MAX}
            placeholder="https://www.example.com"
            {...bind("company_website")}
          />
        </div>
      </section>

      <section className="card p-4 md:p-6" aria-labelledby="job-section">
        <h2 id="job-section" className="mb-4 text-lg font-semibold">
          {t("Then, describe your job")}
        </h2>
        <TextField
          label={t("Job title")}
          name="job_title"
          maxLength={JOB_POST_TITLE_MAX + 10}
          {...bind("job_title")}
        />
        <LongTextField
          label={t("Job description")}
          max={JOB_POST_DESCRIPTION_MAX}
          rows={8}
          {...bind("job_description")}
        />
        <div className="grid gap-x-4 md:grid-cols-2">
          <SelectField
            label={t("Category")}
            placeholder={t("Choose a category")}
            options={options(JOB_CATEGORIES, JOB_CATEGORY_LABEL)}
            {...bind("job_category")}
          />
          <SelectField
            label={t("Job type")}
            options={options(JOB_TYPES, JOB_TYPE_LABEL)}
            {...bind("job_type")}
          />
          <SelectField
            label={t("Work mode")}
            options={options(JOB_WORK_MODES, WORK_MODE_LABEL)}
            {...bind("job_work_mode")}
          />
          <SelectField
            label={t("Experience")}
            options={options(EXPERIENCE_LEVELS, EXPERIENCE_LABEL)}
            {...bind("job_experience_level")}
          />
        </div>
        <TextField
          label={t("Job location")}
          required={false}
          maxLength={JOB_LOCATION_MAX + 10}
          placeholder={t("e.g. Lisbon, or Anywhere")}
          {...bind("job_location")}
        />
        <SalaryFields
          value={{
            show: salaryShown,
            min: form.values.job_minimum_salary,
            max: form.values.job_maximum_salary,
          }}
          onChange={setSalary}
          onBlur={(which) => form.touch(which === "min" ? "job_minimum_salary" : "job_maximum_salary")}
          errors={{ min: bind("job_minimum_salary").error, max: bind("job_maximum_salary").error }}
        />
        <label className="mb-4 flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--accent)]"
            checked={form.values.job_pay_in_cryptocurrency === "true"}
            onChange={(e) => setValue("job_pay_in_cryptocurrency", String(e.target.checked))}
          />
          {t("Pay in cryptocurrency")}
        </label>
        <SkillsField
          label={t("Skills")}
          skills={skills}
          onChange={(next) => {
            setSkills(next);
            clearServer("job_skills");
          }}
          error={
            server.job_skills ?? (skillsCheck.success ? undefined : skillsCheck.error.issues[0]?.message)
          }
        />
        <TextField
          label={t("How to apply")}
          name="job_how_to_apply"
          maxLength={JOB_LINK_MAX}
          placeholder={t("https://… or jobs@example.com")}
          {...bind("job_how_to_apply")}
          hint={
            bind("job_how_to_apply").error
              ? undefined
              : t("A web address to apply at, or an e-mail address to write to.")
          }
        />
      </section>

      {formProblem ? <FormAlert>{formProblem}</FormAlert> : null}
      <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {!valid && !create.isPending ? (
          <p className="text-xs text-[var(--muted)] sm:mr-auto">
            {t("Fill in the fields marked * to post.")}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!valid || create.isPending}
          aria-busy={create.isPending}
        >
          {create.isPending ? t("Submitting...") : t("Post job")}
        </button>
      </div>
    </form>
  );
}
