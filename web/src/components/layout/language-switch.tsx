import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language, setLanguage } from "../../i18n/i18n";

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="relative">
      <span className="sr-only">{t("Language")}</span>
      <select
        value={i18n.language.slice(0, 2)}
        onChange={(e) => void setLanguage(e.target.value as Language)}
        className="cursor-pointer appearance-none rounded-full bg-transparent px-2 py-2 text-xs font-semibold text-[var(--muted)] uppercase hover:bg-[var(--hover)]"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} className="bg-[var(--surface)] text-[var(--text)]">
            {l.code.toUpperCase()} · {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
