import type { TFunction } from "#client/i18n-runtime.ts";
import { MB } from "#shared/constants.ts";
import { JOBS_MSG } from "#shared/schemas/jobs.ts";
import { i18n } from "#web/i18n/i18n.ts";

// The market's money and file words, for jobs and services alike. Amounts are US dollars whatever
// the reader's language, written the way the language writes numbers: "$70,000", "70.000 US$",
// "US$ 70.000".

const LOCALE: Record<string, string> = { en: "en-US", es: "es", pt: "pt-BR" };

/** Whole US dollars in the reader's language. */
export function formatUsd(dollars: number, language = i18n.language): string {
  return new Intl.NumberFormat(LOCALE[language.slice(0, 2)] ?? "en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  }).format(dollars);
}

/** A price in cents as US dollars, with cents only when there are some ("$25", "$12.50"). */
export function formatCents(cents: number, language = i18n.language): string {
  return new Intl.NumberFormat(LOCALE[language.slice(0, 2)] ?? "en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** "File size 1.5 MB exceeds limit of 1 MB." in the reader's language (the size rounded up). */
export function fileSizeText(bytes: number, limitMb: number, t: TFunction): string {
  return t(JOBS_MSG.fileTooLarge, { size: Math.ceil((bytes / MB) * 100) / 100, limit: limitMb });
}
