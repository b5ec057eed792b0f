import type { FormEvent } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { FormAlert, SubmitButton, TextAreaField, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { JOB_POST_DESCRIPTION_MAX } from "#shared/constants.ts";
import { type Job, jobFieldsSchema } from "#shared/schemas/jobs.ts";
import { Dialog } from "../../components/ui/dialog";
import { useUpdateJob } from "./mutations";

/** The fields staff correct most: the same rules as the job form's. */
const editSchema = jobFieldsSchema.pick({
  job_title: true,
  job_location: true,
  job_description: true,
  job_how_to_apply: true,
});

/** Staff edit a job's title, location, description and how to apply. */
export function JobEditDialog({ job, onClose }: { job: Job; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateJob();
  const form = useZodForm(editSchema, {
    job_title: job.job_title,
    job_location: job.job_location,
    job_description: job.job_description,
    job_how_to_apply: job.job_how_to_apply,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data) return;
    update.mutate(
      { username: job.username, slug: job.slug, ...form.values },
      {
        onSuccess: () => {
          showSnackbar({ variant: "success", message: t("The job was saved") });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title={t("Edit job")} onClose={onClose} wide testId="job-edit-dialog">
      <form onSubmit={submit} aria-label={t("Edit job")} noValidate>
        {update.isError ? <FormAlert>{apiErrorText(update.error, t)}</FormAlert> : null}
        <TextField label={t("Job title")} {...form.field("job_title")} />
        <TextField label={t("Job location")} required={false} {...form.field("job_location")} />
        <TextAreaField
          label={t("Job description")}
          min={1}
          max={JOB_POST_DESCRIPTION_MAX}
          rows={8}
          {...form.field("job_description")}
        />
        <TextField label={t("How to apply")} {...form.field("job_how_to_apply")} />
        <SubmitButton pending={update.isPending} disabled={!form.isDirty}>
          {t("Save")}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
