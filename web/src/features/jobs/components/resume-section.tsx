import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { MB, RESUME_MAX_MB } from "#shared/constants.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { fieldErrors } from "#web/lib/field-errors.ts";
import { fileSizeText } from "#web/lib/market/format.ts";
import { useDeleteResume, useUploadResume } from "../mutations";
import { resumeQueryOptions } from "../queries";

/**
 * The résumé of the job settings tab: one PDF of at most 5 MB. The API reads the file's first
 * bytes, so a renamed picture is refused with its own message, shown here.
 */
export function ResumeSection() {
  const { t } = useTranslation();
  const resume = useQuery(resumeQueryOptions());
  const upload = useUploadResume();
  const remove = useDeleteResume();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > RESUME_MAX_MB * MB) return setProblem(fileSizeText(file.size, RESUME_MAX_MB, t));
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => showSnackbar({ message: t("Your résumé was saved"), variant: "success" }),
      onError: (error) => {
        const { byField, rest } = fieldErrors(error, ["file"]);
        setProblem(byField.file ? t(byField.file) : rest ? t(rest) : errorMessage(error));
      },
    });
  };
  const del = async () => {
    if (!(await confirm({ message: t("Remove your résumé?"), confirmLabel: t("Remove"), danger: true })))
      return;
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => showSnackbar({ message: t("It was deleted"), variant: "success" }),
    });
  };

  const link = resume.data?.link ?? null;
  const busy = upload.isPending || remove.isPending;
  return (
    <section className="card p-4 md:p-5" aria-labelledby={`${id}-title`} data-testid="resume-section">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t("Résumé")}
      </h2>
      <p className="mt-1 text-sm text-[var(--muted)]">
        {t("A PDF of up to {{limit}} MB that you can send when you apply.", { limit: RESUME_MAX_MB })}
      </p>
      {resume.isPending ? (
        <div className="mt-3">
          <ListSkeleton rows={1} height="h-14" />
        </div>
      ) : resume.isError ? (
        <div className="mt-3">
          <LoadError error={resume.error} retry={resume.refetch} />
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <span
              aria-hidden="true"
              className="grid size-10 shrink-0 place-items-center rounded-lg bg-[var(--surface-strong)] text-xs font-bold text-[var(--muted)]"
            >
              PDF
            </span>
            {link ? (
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                className="wrap-anywhere text-sm font-medium text-[var(--accent)] hover:underline"
              >
                {t("Open your résumé")}
              </a>
            ) : (
              <span className="text-sm text-[var(--muted)]">{t("No résumé yet")}</span>
            )}
          </div>
          <div className="flex gap-2">
            <input
              ref={input}
              id={id}
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              onChange={pick}
              aria-label={link ? t("Replace your résumé") : t("Upload your résumé")}
              aria-describedby={`${id}-rule`}
            />
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              aria-busy={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {upload.isPending ? t("Uploading...") : link ? t("Replace") : t("Upload PDF")}
            </button>
            {link ? (
              <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void del()}>
                {t("Remove")}
              </button>
            ) : null}
          </div>
        </div>
      )}
      <p
        id={`${id}-rule`}
        className={problem ? "field-error" : "mt-2 text-xs text-[var(--muted)]"}
        role={problem ? "alert" : undefined}
        data-testid="resume-rule"
      >
        {problem ?? t("PDF only, up to {{limit}} MB.", { limit: RESUME_MAX_MB })}
      </p>
    </section>
  );
}
