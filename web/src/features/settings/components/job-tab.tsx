import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "#client/form-fields.tsx";
import { MAX_SKILLS, SKILL_MAX } from "#shared/constants.ts";
import { JOB_TITLE_MAX, jobProfileSchema, PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { Me } from "#shared/schemas/user.ts";
import { ListSkeleton, LoadError } from "#web/components/ui/list-states.tsx";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { useSaveJobProfile } from "#web/features/people/mutations.ts";
import { jobProfileQueryOptions } from "#web/features/people/queries.ts";
import { SettingSwitch, SettingsSection } from "./setting-switch";

/** The job settings tab: a title, up to five skills, and services. */
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
      <SettingsSection title={t("Services")}>
        <SettingSwitch
          me={me}
          setting="SERVICE_PROVIDER"
          label={t("I offer services")}
          description={t("Show that people can hire you through the marketplace.")}
        />
      </SettingsSection>
    </div>
  );
}

function JobForm({ initialTitle, initialSkills }: { initialTitle: string; initialSkills: string[] }) {
  const { t } = useTranslation();
  const save = useSaveJobProfile();
  const [title, setTitle] = useState(initialTitle);
  const [skills, setSkills] = useState(initialSkills);
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const skillId = useId();
  useEffect(() => setProblem(null), [skills, title]);

  const parsed = jobProfileSchema.safeParse({ job_title: title, job_skills: skills });
  const titleError = parsed.success
    ? undefined
    : parsed.error.issues.find((i) => i.path[0] === "job_title")?.message;
  const dirty = title !== initialTitle || skills.join("\n") !== initialSkills.join("\n");

  const addSkill = () => {
    const skill = draft.trim().replace(/\s+/g, " ");
    if (!skill) return;
    if (skills.some((s) => s.toLowerCase() === skill.toLowerCase())) return setDraft("");
    if (skills.length >= MAX_SKILLS) return setProblem(PEOPLE_MSG.skillsMax);
    setSkills([...skills, skill]);
    setDraft("");
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      addSkill();
    } else if (e.key === "Backspace" && !draft && skills.length) {
      setSkills(skills.slice(0, -1));
    }
  };
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
      <div className="mb-4">
        <label htmlFor={skillId} className="field-label">
          {t("Skills")}
        </label>
        <div className="field flex flex-wrap items-center gap-2 py-1.5">
          {skills.map((skill) => (
            <span
              key={skill}
              className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-strong)] py-0.5 pr-1 pl-3 text-sm"
            >
              {skill}
              <button
                type="button"
                className="grid size-5 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)]"
                aria-label={t("Remove {{skill}}", { skill })}
                onClick={() => setSkills(skills.filter((s) => s !== skill))}
              >
                ×
              </button>
            </span>
          ))}
          <input
            id={skillId}
            value={draft}
            maxLength={SKILL_MAX}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
            onBlur={addSkill}
            disabled={skills.length >= MAX_SKILLS}
            placeholder={skills.length >= MAX_SKILLS ? "" : t("Type a skill and press Enter")}
            aria-describedby={`${skillId}-hint`}
            className="min-w-32 flex-1 bg-transparent py-1 text-sm outline-none"
          />
        </div>
        <p
          id={`${skillId}-hint`}
          className={problem ? "field-error" : "mt-1 text-xs text-[var(--muted)]"}
          role={problem ? "alert" : undefined}
        >
          {problem ? t(problem) : t("{{count}} of {{max}} skills", { count: skills.length, max: MAX_SKILLS })}
        </p>
      </div>
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
