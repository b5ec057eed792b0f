import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { EmailTemplate } from "#shared/schemas/admin.ts";
import { NewTile, PageTitle } from "../../components/ui/list-page";
import { EmptyList, Pager, useDateTime } from "../../components/ui/list-states";
import { templateListQueryOptions } from "./queries";

const PAGE = 20;

/** /email/template: a tile for a new template, then every template as a card. */
export function TemplateListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const templates = useQuery(templateListQueryOptions(page * PAGE, PAGE));
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Email Templates")} total={templates.data?.total_list} />
      {templates.isPending ? (
        <ListSkeleton rows={4} />
      ) : templates.isError ? (
        <LoadError error={templates.error} retry={templates.refetch} />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("Email Templates")}>
            <NewTile to="/email/template/new" label={t("New email template")} className="min-h-32" />
            {templates.data.list.map((template) => (
              <TemplateCard key={template.id} template={template} />
            ))}
          </ul>
          {templates.data.list.length === 0 ? (
            <EmptyList>{t("There are no email templates yet.")}</EmptyList>
          ) : null}
          <Pager page={page} pageSize={PAGE} totalPages={templates.data.total_pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function TemplateCard({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation();
  const when = useDateTime();
  return (
    <li data-testid="template-card">
      <Link
        to="/email/template/$id"
        params={{ id: String(template.id) }}
        className="card flex h-full flex-col gap-2 p-4 hover:bg-[var(--hover)]"
      >
        <span className="line-clamp-2 font-semibold">{template.subject}</span>
        <span className="flex flex-wrap gap-1.5 text-xs">
          <TemplateBadges template={template} />
        </span>
        <span className="mt-auto text-xs text-[var(--muted)]">
          {template.published_at
            ? t("Sent {{date}}", { date: when(template.published_at) })
            : t("Updated {{date}}", { date: when(template.updated_at) })}
        </span>
      </Link>
    </li>
  );
}

/** Sent or not, and locked. */
export function TemplateBadges({
  template,
}: {
  template: Pick<EmailTemplate, "published_at" | "is_locked" | "purpose">;
}) {
  const { t } = useTranslation();
  if (template.purpose !== null)
    return (
      <span className="rounded-full border border-transparent bg-emerald-700 px-2 py-0.5 font-semibold text-white">
        {t("Sent by Agora: what people missed")}
      </span>
    );
  return (
    <>
      <span
        className={`rounded-full border px-2 py-0.5 font-semibold ${template.published_at ? "border-transparent bg-emerald-700 text-white" : "border-[var(--line)] bg-[var(--surface-strong)]"}`}
      >
        {template.published_at ? t("Sent") : t("Not sent")}
      </span>
      {template.is_locked ? (
        <span className="flex items-center gap-1 rounded-full border border-[var(--line)] bg-[var(--surface-strong)] px-2 py-0.5 font-semibold">
          <svg
            viewBox="0 0 24 24"
            width="12"
            height="12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d="M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          {t("Locked")}
        </span>
      ) : null}
    </>
  );
}
