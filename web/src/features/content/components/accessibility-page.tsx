import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
// The report itself, as written for the repository (docs/decisions/153): one text, no copy to drift.
import report from "../../../../../docs/accessibility/conformance.md?raw";

interface Row {
  criterion: string;
  level: string;
  status: string;
  tested: string;
  exceptions: string;
}

/** The report's sections ("1. Perceivable") with their criterion rows. */
function sectionsOf(markdown: string): { title: string; rows: Row[] }[] {
  const sections: { title: string; rows: Row[] }[] = [];
  for (const line of markdown.split("\n")) {
    const heading = /^## (\d\. .+)$/.exec(line);
    if (heading) sections.push({ title: heading[1]!, rows: [] });
    const cells = line.split("|").map((c) => c.trim());
    if (!line.startsWith("|") || !/^\d\.\d+\.\d+ /.test(cells[1] ?? "")) continue;
    sections.at(-1)?.rows.push({
      criterion: cells[1]!,
      level: cells[2]!,
      status: cells[3]!,
      tested: cells[4]!,
      exceptions: cells[5]!,
    });
  }
  return sections;
}

/** The report's cell words: `paths` as code, the rest as written. */
function Cell({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith("`") ? (
          <code key={i} className="wrap-anywhere rounded bg-[var(--surface-strong)] px-1 text-xs">
            {part.slice(1, -1)}
          </code>
        ) : (
          part.replace(/\*\*/g, "")
        ),
      )}
    </>
  );
}

/** /accessibility: the WCAG 2.2 conformance report, criterion by criterion. */
export function AccessibilityPage() {
  const { t } = useTranslation();
  const sections = sectionsOf(report);
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("Accessibility")}</h1>
      <p>
        {t(
          "Agora aims to meet WCAG 2.2 at level AA. Below is each criterion: whether Agora meets it, how that is tested, and what is known not to work yet.",
        )}
      </p>
      <p>
        {t("Found something that does not work for you?")}{" "}
        <Link to="/contact" className="font-semibold text-[var(--accent)] underline">
          {t("Tell us on the Contact page")}
        </Link>
      </p>
      {/* The report is written in English. */}
      <div lang="en" className="flex flex-col gap-6">
        {sections.map((section) => (
          <section key={section.title} className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold">{section.title}</h2>
            <ul className="flex flex-col gap-2">
              {section.rows.map((row) => (
                <li key={row.criterion} className="card flex flex-col gap-1 p-3 text-sm">
                  <p className="font-semibold">
                    {row.criterion} <span className="text-[var(--muted)]">({row.level})</span>
                  </p>
                  <dl className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
                    <dt className="text-[var(--muted)]">Status</dt>
                    <dd>{row.status}</dd>
                    <dt className="text-[var(--muted)]">How it is tested</dt>
                    <dd className="wrap-anywhere">
                      <Cell text={row.tested} />
                    </dd>
                    {row.exceptions && row.exceptions !== "—" ? (
                      <>
                        <dt className="text-[var(--muted)]">Known exceptions</dt>
                        <dd className="wrap-anywhere">
                          <Cell text={row.exceptions} />
                        </dd>
                      </>
                    ) : null}
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </article>
  );
}
