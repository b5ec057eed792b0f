import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "#client/form.tsx";
import { TextAreaField, TextField } from "#client/form-fields.tsx";
import { FEEDBACK_TEXT_MAX, FEEDBACK_TEXT_MIN } from "#shared/constants.ts";
import { FEEDBACK_TYPES } from "#shared/enums.ts";
import { feedbackSchema, REPORTS_MSG } from "#shared/schemas/reports.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { apiFetch, toFormData } from "#web/lib/api.ts";
import { errorMessage } from "#web/lib/errors.ts";
import { FEEDBACK_LABEL } from "../labels";

/** The FEEDBACK modal (left menu, Send Feedback): a type, 40-1000 characters and an optional link. */
export default function FeedbackDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const form = useZodForm(feedbackSchema, { feedback_type: "", text: "", link: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const typeId = useId();
  const send = useMutation({
    mutationFn: () =>
      apiFetch("/api/v1/private/user/feedback", {
        method: "POST",
        body: toFormData({ ...form.values, text: form.values.text.trim(), link: form.values.link.trim() }),
      }),
    onSuccess: () => {
      showSnackbar({ message: t(REPORTS_MSG.feedbackSubmitted), variant: "success" });
      onClose();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || send.isPending) return;
    setProblem(null);
    send.mutate();
  };
  const typeError = form.shownError("feedback_type");
  return (
    <Dialog
      title={t("Send Feedback")}
      description={t("Ideas, problems, praise: it all goes to the people who build Agora.")}
      onClose={onClose}
      size="md"
    >
      <form onSubmit={submit} noValidate aria-label={t("Send Feedback")}>
        {problem ? (
          <p role="alert" className="mb-4 rounded-lg border border-[var(--danger)] px-3 py-2 text-sm">
            {problem}
          </p>
        ) : null}
        <div className="mb-4">
          <label htmlFor={typeId} className="field-label">
            {t("Type")}{" "}
            <span aria-hidden="true" title={t("This is required field")} className="text-[var(--danger)]">
              *
            </span>
          </label>
          <select
            id={typeId}
            value={form.values.feedback_type}
            onChange={(e) => form.setValue("feedback_type", e.target.value)}
            onBlur={() => form.touch("feedback_type")}
            aria-invalid={Boolean(typeError)}
            aria-describedby={typeError ? `${typeId}-error` : undefined}
            required
            className="field"
          >
            <option value="">{t("Choose a type")}</option>
            {FEEDBACK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(FEEDBACK_LABEL[type])}
              </option>
            ))}
          </select>
          {typeError ? (
            <p id={`${typeId}-error`} className="field-error">
              {t(typeError)}
            </p>
          ) : null}
        </div>
        <TextAreaField
          label={t("Your feedback")}
          {...form.field("text")}
          min={FEEDBACK_TEXT_MIN}
          max={FEEDBACK_TEXT_MAX}
          rows={6}
        />
        <TextField
          label={t("Link (optional)")}
          name="link"
          type="url"
          inputMode="url"
          required={false}
          placeholder="https://"
          {...form.field("link")}
          hint={t("A page that shows what you mean, if there is one.")}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={send.isPending}
            aria-busy={send.isPending}
          >
            {send.isPending ? t("Please wait…") : t("Send")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
