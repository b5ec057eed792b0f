import type { Language } from "#web/i18n/i18n.ts";

/** A long text page (About Us, a policy): written per language, loaded only when shown. */
export interface PageText {
  title: string;
  /** The first paragraph, set larger. */
  lead?: string;
  /** "Last updated" date of a policy, as YYYY-MM-DD. */
  updated?: string;
  sections: Array<{
    heading: string;
    paragraphs?: string[];
    list?: string[];
  }>;
}

/** Every page that has a text, by the file name of its modules (pages/<name>/<language>.ts). */
const TEXT_PAGES = [
  "about",
  "roadmap",
  "contact",
  "build-with-us",
  "announce",
  "referral-rewards",
  "terms-of-use",
  "privacy-policy",
  "code-of-conduct",
  "subscription-terms",
  "referral-rewards-policy",
] as const;
export type TextPage = (typeof TEXT_PAGES)[number];

// One chunk per page and language: a reader downloads only the text they read.
const modules = import.meta.glob<{ default: PageText }>("./pages/*/*.ts");

export async function loadPageText(page: TextPage, language: Language): Promise<PageText> {
  const load = modules[`./pages/${page}/${language}.ts`] ?? modules[`./pages/${page}/en.ts`];
  if (!load) throw new Error(`No text for ${page}`);
  return (await load()).default;
}
