import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { busyProps } from "#client/busy.ts";
import { useZodForm } from "#client/form.tsx";
import { FieldLabel, FormAlert, SubmitButton, TextField } from "#client/form-fields.tsx";
import { ApiError } from "#client/http.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import {
  ADMIN_MSG,
  type EmailTemplateDetail,
  emailTemplateCreateSchema,
  TEMPLATE_SUBJECT_MAX,
} from "#shared/schemas/admin.ts";
import { AdminEmptyPage } from "../../components/admin-empty-page";
import { useDateTime } from "../../components/ui/list-states";
import { MjmlPreview } from "./mjml-preview";
import { useDeleteTemplate, useLockTemplate, useSaveTemplate, useSendTemplate } from "./mutations";
import { templateQueryOptions } from "./queries";
import { TemplateBadges } from "./template-list-page";

/** What a new template starts from: a small, valid MJML document. */
const STARTER_MJML = `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text font-size="20px" font-weight="bold">Agora</mj-text>
        <mj-text>Hello!</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/** /email/template/{id}: the template, loaded, in the form; an unknown id is "There is nothing here". */
export function TemplateEditPage({ id }: { id: number }) {
  const valid = Number.isSafeInteger(id) && id > 0;
  const template = useQuery({ ...templateQueryOptions(id), enabled: valid });
  if (!valid) return <AdminEmptyPage />;
  if (template.isPending) return <ListSkeleton rows={4} />;
  if (template.isError)
    return template.error instanceof ApiError && template.error.status === 404 ? (
      <AdminEmptyPage />
    ) : (
      <LoadError error={template.error} retry={template.refetch} />
    );
  return <TemplateForm key={template.data.id} template={template.data} />;
}

/** /email/template/new and /email/template/{id}: subject, MJML text and its live preview. */
export function TemplateForm({ template }: { template?: EmailTemplateDetail }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const navigate = useNavigate();
  const save = useSaveTemplate();
  const [problem, setProblem] = useState<string | null>(null);
  const [lockNew, setLockNew] = useState(false);
  const initial = { subject: template?.subject ?? "", mjml_text: template?.mjml_text ?? STARTER_MJML };
  const form = useZodForm(emailTemplateCreateSchema, initial);
  const mjmlId = useId();
  const mjmlError = form.shownError("mjml_text");
  // A sent template's subject and text are what people got: they cannot change.
  const sent = Boolean(template?.published_at);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || save.isPending || sent) return;
    setProblem(null);
    save.mutate(
      { ...form.data, is_locked: template ? template.is_locked : lockNew, id: template?.id },
      {
        onSuccess: (saved) => {
          showSnackbar({ variant: "success", message: t("The email template was saved") });
          if (template) form.reset({ subject: saved.subject, mjml_text: saved.mjml_text });
          else void navigate({ to: "/email/template/$id", params: { id: String(saved.id) } });
        },
        onError: (error) => setProblem(apiErrorText(error, t)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <nav>
        <Link to="/email/template" className="text-sm text-[var(--muted)] hover:underline">
          ← {t("Email Templates")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">
          {template ? t("Edit email template") : t("New email template")}
        </h1>
        {template ? (
          <span className="flex flex-wrap gap-1.5 text-xs">
            <TemplateBadges template={template} />
          </span>
        ) : null}
      </div>
      {template ? <TemplateActions template={template} dirty={form.isDirty} /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <form
          onSubmit={submit}
          noValidate
          aria-label={template ? t("Edit email template") : t("New email template")}
          className="card min-w-0 p-5"
        >
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          {sent && template?.published_at ? (
            <p className="mb-4 text-sm text-[var(--muted)]">
              {t("This email was sent {{date}}; its subject and text can no longer change.", {
                date: when(template.published_at),
              })}
            </p>
          ) : null}
          <TextField
            label={t("Subject")}
            {...form.field("subject")}
            maxLength={TEMPLATE_SUBJECT_MAX}
            readOnly={sent}
          />
          <div className="mb-4">
            <FieldLabel htmlFor={mjmlId}>{t("MJML")}</FieldLabel>
            <textarea
              id={mjmlId}
              value={form.values.mjml_text}
              onChange={(e) => form.setValue("mjml_text", e.target.value)}
              onBlur={() => form.touch("mjml_text")}
              readOnly={sent}
              required
              rows={18}
              spellCheck={false}
              aria-invalid={Boolean(mjmlError)}
              aria-describedby={mjmlError ? `${mjmlId}-error` : undefined}
              className="field resize-y font-mono text-xs leading-5"
            />
            {mjmlError ? (
              <p id={`${mjmlId}-error`} className="field-error">
                {t(mjmlError)}
              </p>
            ) : null}
          </div>
          {template ? null : (
            <label className="mb-4 flex items-center gap-2 text-sm">
              <input type="checkbox" checked={lockNew} onChange={(e) => setLockNew(e.target.checked)} />
              {t("Locked (cannot be deleted)")}
            </label>
          )}
          {sent ? null : <SubmitButton pending={save.isPending}>{t("Save")}</SubmitButton>}
        </form>
        <div className="card min-w-0 p-5">
          <MjmlPreview text={form.values.mjml_text} />
        </div>
      </div>
    </div>
  );
}

/** What Agora fills into a template it sends itself (worker/src/features/push/digest.ts). */
const AWAY_PLACEHOLDERS = [
  "{{summary}}",
  "{{heading}}",
  "{{items}}",
  "{{settings_link}}",
  "{{unsubscribe_link}}",
];

/** Lock, send and delete of a saved template; a template Agora sends itself is only edited. */
function TemplateActions({ template, dirty }: { template: EmailTemplateDetail; dirty: boolean }) {
  const { t } = useTranslation();
  if (template.purpose !== null)
    return (
      <section
        aria-label={t("Actions")}
        className="card flex flex-col gap-2 p-4 text-sm"
        data-testid="purpose-note"
      >
        <p>{t(ADMIN_MSG.templateHasPurpose)}</p>
        <p className="text-[var(--muted)]">
          {t(
            "This is the e-mail of what a person missed while away. Agora fills these in, in the person's language:",
          )}{" "}
          {AWAY_PLACEHOLDERS.map((p, i) => (
            <span key={p}>
              {i ? ", " : ""}
              <code>{p}</code>
            </span>
          ))}
        </p>
      </section>
    );
  return <NewsletterActions template={template} dirty={dirty} />;
}

/** Lock, send and delete of a newsletter template. */
function NewsletterActions({ template, dirty }: { template: EmailTemplateDetail; dirty: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lock = useLockTemplate();
  const send = useSendTemplate();
  const remove = useDeleteTemplate();
  const fail = (error: unknown) => showSnackbar({ message: apiErrorText(error, t), variant: "error" });

  const toggleLock = () => {
    if (lock.isPending) return;
    lock.mutate(
      { id: template.id, is_locked: !template.is_locked },
      {
        onSuccess: (saved) =>
          showSnackbar({
            variant: "success",
            message: saved.is_locked ? t("The template was locked") : t("The template was unlocked"),
          }),
        onError: fail,
      },
    );
  };

  const onSend = async () => {
    if (!(await confirm({ message: t("Do you really want to send this?") }))) return;
    send.mutate(template.id, {
      onSuccess: (answer) => showSnackbar({ variant: "success", message: t(answer.detail) }),
      onError: fail,
    });
  };

  const onDelete = async () => {
    if (!(await confirm({ message: t("Do you really want to delete it?"), danger: true }))) return;
    remove.mutate(template.id, {
      onSuccess: () => {
        showSnackbar({ variant: "success", message: t(ADMIN_MSG.deleted) });
        void navigate({ to: "/email/template" });
      },
      onError: fail,
    });
  };

  const delivery = template.delivery;
  return (
    <section aria-label={t("Actions")} className="card flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={send.isPending || dirty}
          aria-busy={send.isPending}
          onClick={() => void onSend()}
        >
          {t("Send")}
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={template.is_locked}
          {...busyProps(lock.isPending)}
          onClick={toggleLock}
          className="btn btn-outline"
        >
          {template.is_locked ? t("Unlock") : t("Lock")}
        </button>
        <button
          type="button"
          className="btn btn-ghost ml-auto text-[var(--danger)]"
          disabled={template.is_locked || remove.isPending}
          aria-describedby={template.is_locked ? "template-locked-note" : undefined}
          onClick={() => void onDelete()}
        >
          {t("Delete")}
        </button>
      </div>
      {dirty ? <p className="text-xs text-[var(--muted)]">{t("Save your changes before sending.")}</p> : null}
      {template.is_locked ? (
        <p id="template-locked-note" className="text-xs text-[var(--muted)]">
          {t(ADMIN_MSG.templateLocked)}
        </p>
      ) : null}
      {delivery ? (
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="delivery-totals">
          {(
            [
              [t("Recipients"), delivery.total_recipients],
              [t("Delivered"), delivery.total_sent],
              [t("Skipped"), delivery.total_skipped],
              [t("Pending"), delivery.total_pending],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-[var(--surface-strong)] px-3 py-2">
              <dt className="text-xs text-[var(--muted)]">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
