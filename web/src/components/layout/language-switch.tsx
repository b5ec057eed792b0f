import { useTranslation } from "#client/react-i18n.tsx";
import { GlobeIcon } from "#client/ui/icons.tsx";
import { LANGUAGES, type Language, setLanguage } from "#web/i18n/i18n.ts";

/**
 * The language switch: shows the short code ("ES") in the header and opens the platform's own
 * picker with the full names, which is the most usable list on phones and with screen readers.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = (i18n.language.slice(0, 2) || "en") as Language;
  return (
    <label className="relative flex h-10 cursor-pointer items-center gap-1 rounded-full px-2 text-xs font-semibold text-[var(--muted)] uppercase focus-within:outline-2 focus-within:outline-[var(--accent)] hover:bg-[var(--hover)] hover:text-[var(--text)]">
      <GlobeIcon width={18} height={18} />
      <span aria-hidden="true">{current}</span>
      <span className="sr-only">{t("Language")}</span>
      <select
        value={current}
        onChange={(e) => void setLanguage(e.target.value as Language)}
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
