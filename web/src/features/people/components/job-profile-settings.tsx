import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { JOB_TITLE_MAX, jobProfileSchema } from "#shared/schemas/people.ts";
import { SkillsField } from "#web/components/ui/skills-field.tsx";
import { useSaveJobProfile } from "../mutations";
import { jobProfileQueryOptions } from "../queries";

/** One's job profile in the job settings: a title and up to five skills. */
export function JobProfileSettings() {
  const job = useQuery(jobProfileQueryOptions());
  if (job.isPending) return <ListSkeleton rows={1} height="h-48" />;
  if (job.isError) return <LoadError error={job.error} retry={job.refetch} />;
  return <JobForm initialTitle={job.data.job_title ?? ""} initialSkills={job.data.job_skills} />;
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
