import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { Language } from "#web/i18n/i18n.ts";
import { loadPageText, type TextPage } from "../page-text";
import { contentKeys } from "../queries";

/** A page of long text in the reader's language, with optional actions under the lead. */
export function TextPageView({ page, children }: { page: TextPage; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = (["en", "es", "pt"].includes(i18n.language) ? i18n.language : "en") as Language;
  const text = useQuery({
    queryKey: contentKeys.page(page, language),
    queryFn: () => loadPageText(page, language),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (text.isPending) return <ListSkeleton rows={3} height="h-32" />;
  if (text.isError) return <LoadError error={text.error} retry={text.refetch} />;
  const { title, lead, updated, sections } = text.data;
  return (
    <article className="mx-auto max-w-3xl" data-testid="text-page">
      <header className="card mb-4 p-6 md:p-8">
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        {updated ? (
          <p className="mt-2 text-sm text-[var(--muted)]">
            {t("Last updated {{date}}", {
              date: new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(
                new Date(`${updated}T12:00:00Z`),
              ),
            })}
          </p>
        ) : null}
        {lead ? <p className="mt-4 text-lg text-[var(--muted)]">{lead}</p> : null}
        {children ? <div className="mt-5 flex flex-wrap gap-2">{children}</div> : null}
      </header>
      <div className="card prose-post p-6 leading-relaxed md:p-8">
        {sections.map((section) => (
          <section key={section.heading} className="mb-6 last:mb-0">
            <h2 className="text-lg">{section.heading}</h2>
            {/* Paragraphs and list in the order the text gives them. */}
            {Object.keys(section).map((part) =>
              part === "paragraphs" ? (
                section.paragraphs?.map((p) => <p key={p.slice(0, 40)}>{p}</p>)
              ) : part === "list" ? (
                <ul key="list">
                  {section.list?.map((item) => (
                    <li key={item.slice(0, 40)}>{item}</li>
                  ))}
                </ul>
              ) : null,
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
