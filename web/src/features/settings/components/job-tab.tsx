import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { JOB_TITLE_MAX, jobProfileSchema } from "#shared/schemas/people.ts";
import type { Me } from "#shared/schemas/user.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { SkillsField } from "#web/components/ui/skills-field.tsx";
import { ResumeSection } from "#web/features/jobs/components/resume-section.tsx";
import { useSaveJobProfile } from "#web/features/people/mutations.ts";
import { jobProfileQueryOptions } from "#web/features/people/queries.ts";
import { SettingSwitch } from "./setting-switch";

/** The job settings tab: a title, up to five skills, the résumé, and services. */
export function JobTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  const job = useQuery(jobProfileQueryOptions());
  return (
    <div className="flex flex-col gap-4">
      {job.isPending ? (
        <ListSkeleton rows={1} height="h-48" />
      ) : job.isError ? (
        <LoadError error={job.error} retry={job.refetch} />
      ) : (
        <JobForm initialTitle={job.data.job_title ?? ""} initialSkills={job.data.job_skills} />
      )}
      <ResumeSection />
      <SettingsSection title={t("Services")}>
        <SettingSwitch
          me={me}
          setting="SERVICE_PROVIDER"
          label={t("I offer services")}
          description={t("Show that people can hire you through the marketplace.")}
        />
        {me.settings.SERVICE_PROVIDER ? (
          <p className="py-3 text-sm">
            <Link to="/services/manage" className="font-medium text-[var(--accent)] hover:underline">
              {t("Manage your services")}
            </Link>
          </p>
        ) : null}
      </SettingsSection>
    </div>
  );
}

function JobForm({ initialTitle, initialSkills }: { initialTitle: string; initialSkills: string[] }) {
  const { t } = useTranslation();
  const save = useSaveJobProfile();
  const [title, setTitle] = useState(initialTitle);
  const [skills, setSkills] = useState(initialSkills);

  const parsed = jobProfileSchema.safeParse({ job_title: title, job_skills: skills });
  const titleError = parsed.success
    ? undefined
    : parsed.error.issues.find((i) => i.path[0] === "job_title")?.message;
  const dirty = title !== initialTitle || skills.join("\n") !== initialSkills.join("\n");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success || save.isPending) return;
    save.mutate(
      { job_title: title, job_skills: skills },
      { onSuccess: () => showSnackbar({ message: t("Saved"), variant: "success" }) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="card p-4 md:p-5" aria-label={t("Job profile")}>
      <h2 className="mb-3 text-base font-semibold">{t("Job profile")}</h2>
      <TextField
        label={t("Job title")}
        required={false}
        value={title}
        maxLength={JOB_TITLE_MAX}
        onValue={setTitle}
        placeholder={t("e.g. Front-end engineer")}
        error={titleError}
      />
      <SkillsField label={t("Skills")} skills={skills} onChange={setSkills} />
      <div className="flex justify-end">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!dirty || !parsed.success || save.isPending}
        >
          {save.isPending ? t("Please wait…") : t("Save")}
        </button>
      </div>
    </form>
  );
}
