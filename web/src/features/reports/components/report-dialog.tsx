import { useId } from "react";
import { useZodForm } from "#client/form.tsx";
import { TextAreaField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { CAUSE_LABEL } from "#client/report-labels.ts";
import { REPORT_TEXT_MAX, REPORT_TEXT_MIN } from "#shared/constants.ts";
import { REPORT_CAUSES } from "#shared/enums.ts";
import { REPORTS_MSG, reportSchema } from "#shared/schemas/reports.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { SendDialog } from "#web/components/ui/send-dialog.tsx";
import { sendReport } from "../mutations";

/**
 * The REPORT modal: `openModal("REPORT", { reported_username, link })` from a post (its owner and
 * address) or a profile. A cause from the list and a description of 40-160 characters.
 */
export default function ReportDialog({
  onClose,
  reported_username: username,
  link,
}: ModalProps & { reported_username: string; link: string }) {
  const { t } = useTranslation();
  const form = useZodForm(reportSchema, { report_cause: "", text: "", link, reported_username: username });
  const causeId = useId();
  const causeError = form.shownError("report_cause");
  return (
    <SendDialog
      title={username ? t("Report @{{username}}", { username }) : t("Report")}
      description={t("Tell our staff what is wrong. They read every report.")}
      formLabel={t("Report")}
      submitLabel={t("Send report")}
      submitClassName="btn-danger"
      form={form}
      send={() => sendReport(form.values)}
      sentMessage={t(REPORTS_MSG.reportSubmitted)}
      onClose={onClose}
    >
      <fieldset className="mb-4" aria-describedby={causeError ? `${causeId}-error` : undefined}>
        <legend className="field-label">
          {t("Cause")}{" "}
          <span aria-hidden="true" title={t("This is required field")} className="text-[var(--danger)]">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-required="true">
          {REPORT_CAUSES.map((cause) => (
            <label
              key={cause}
              className={`cursor-pointer rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--accent)] ${
                form.values.report_cause === cause
                  ? "border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-text)]"
                  : "border-[var(--line)] hover:bg-[var(--hover)]"
              }`}
            >
              <input
                type="radio"
                name="report_cause"
                value={cause}
                checked={form.values.report_cause === cause}
                onChange={() => {
                  form.setValue("report_cause", cause);
                  form.touch("report_cause");
                }}
                className="sr-only"
              />
              {t(CAUSE_LABEL[cause])}
            </label>
          ))}
        </div>
        {causeError ? (
          <p id={`${causeId}-error`} className="field-error">
            {t(causeError)}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t("Description")}
        {...form.field("text")}
        min={REPORT_TEXT_MIN}
        max={REPORT_TEXT_MAX}
        placeholder={t("What happened? Add what helps staff understand.")}
      />
    </SendDialog>
  );
}
