// The languages Agora writes to people in when no page is open to choose: e-mails, pushes.

/** English, Spanish or Portuguese: the languages the SPAs and the e-mails are written in. */
const LANGUAGES = ["en", "es", "pt"] as const;
export type EmailLanguage = (typeof LANGUAGES)[number];

/** The first of English, Spanish or Portuguese an Accept-Language header names; English otherwise. */
export function emailLanguage(acceptLanguage: string | null | undefined): EmailLanguage {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((x) => x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) if (tag === "en" || tag === "es" || tag === "pt") return tag;
  return "en";
}

/** Whether a stored or given value is one of the languages. */
export function isLanguage(value: string): value is EmailLanguage {
  return (LANGUAGES as readonly string[]).includes(value);
}
