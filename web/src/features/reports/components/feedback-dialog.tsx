import { useId } from "react";
import { useZodForm } from "#client/form.tsx";
import { FieldLabel, TextAreaField, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { FEEDBACK_LABEL } from "#client/report-labels.ts";
import { FEEDBACK_TEXT_MAX, FEEDBACK_TEXT_MIN } from "#shared/constants.ts";
import { FEEDBACK_TYPES } from "#shared/enums.ts";
import { feedbackSchema, REPORTS_MSG } from "#shared/schemas/reports.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { SendDialog } from "#web/components/ui/send-dialog.tsx";
import { sendFeedback } from "../mutations";

/** The FEEDBACK modal (left menu, Send Feedback): a type, 40-1000 characters and an optional link. */
export default function FeedbackDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const form = useZodForm(feedbackSchema, { feedback_type: "", text: "", link: "" });
  const typeId = useId();
  const typeError = form.shownError("feedback_type");
  return (
    <SendDialog
      title={t("Send Feedback")}
      description={t("Ideas, problems, praise: it all goes to the people who build Agora.")}
      formLabel={t("Send Feedback")}
      submitLabel={t("Send")}
      form={form}
      send={() => sendFeedback(form.values)}
      sentMessage={t(REPORTS_MSG.feedbackSubmitted)}
      onClose={onClose}
    >
      <div className="mb-4">
        <FieldLabel htmlFor={typeId}>{t("Type")}</FieldLabel>
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
    </SendDialog>
  );
}
