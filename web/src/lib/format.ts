import { i18n } from "../i18n/i18n";

/** Money in the reader's language: USD, or BRL for Portuguese. */
export function formatMoney(amountInDollars: number, language = i18n.language): string {
  const currency = language.startsWith("pt") ? "BRL" : "USD";
  const locale = language.startsWith("pt") ? "pt-BR" : language.startsWith("es") ? "es" : "en-US";
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amountInDollars);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * Every relative time of the site in one form, short enough for a byline on one line: "3h ago",
 * "hace 3 h", "há 3 h"; always a number ("1d ago", never "yesterday" beside "3d ago"), and
 * "now" under a minute.
 */
export function formatRelative(iso: string | number, language = i18n.language): string {
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: "always", style: "narrow" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return new Intl.RelativeTimeFormat(language, { numeric: "auto" }).format(0, "second");
}

export function formatCount(n: number, language = i18n.language): string {
  return new Intl.NumberFormat(language, { notation: n >= 10_000 ? "compact" : "standard" }).format(n);
}

/** A plain number in the reader's language: "12,345", "12.345", "1,5". */
export function formatNumber(n: number, maximumFractionDigits = 0, language = i18n.language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits }).format(n);
}

/** The full date and time, for a tooltip under a relative time: in the chosen language, not the browser's. */
export function formatDateTime(iso: string | number, language = i18n.language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
