import { i18n } from "#web/i18n/i18n.ts";

// Kept apart from lib/format.ts: only the chat list uses it, and chat loads with its own screens.
const SHORT_UNITS: Array<[Intl.NumberFormatOptions["unit"] & string, number]> = [
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * The short age of a list row: "45m", "3h", "2d" ("45 min" in Spanish and Portuguese); under a
 * minute "now"; after a week the date ("12 Nov").
 */
export function formatShortAgo(iso: string | number, language = i18n.language): string {
  const at = new Date(iso);
  const seconds = Math.max(0, Math.round((Date.now() - at.getTime()) / 1000));
  if (seconds >= 7 * 86_400)
    return new Intl.DateTimeFormat(language, { day: "numeric", month: "short" }).format(at);
  for (const [unit, size] of SHORT_UNITS) {
    if (seconds >= size)
      return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "narrow" }).format(
        Math.floor(seconds / size),
      );
  }
  return new Intl.RelativeTimeFormat(language, { numeric: "auto" }).format(0, "second");
}
