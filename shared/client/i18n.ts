import { type Dictionary, i18n } from "./i18n-runtime";

// English sentences are the keys (a missing translation shows English, never a key name).
// Spanish and Portuguese live in one file per feature (locales/es/*.ts, locales/pt/*.ts), each
// exporting a record from the English text to the translation, loaded only when chosen.
export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "es", label: "Español" },
  { code: "pt", label: "Português" },
] as const;
export type Language = (typeof LANGUAGES)[number]["code"];

export type { Dictionary };
export type Loaders = Record<string, () => Promise<{ default: Dictionary }>>;

const STORAGE_KEY = "agora.language";

/** Strings both SPAs use (validation messages, Close, the generic error), one module per language. */
const sharedLoaders: Record<Exclude<Language, "en">, Loaders> = {
  es: { shared: () => import("./locales/all-es.ts") },
  pt: { shared: () => import("./locales/all-pt.ts") },
};

function detectLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  for (const candidate of [stored, ...(navigator.languages ?? [navigator.language])]) {
    const base = candidate?.slice(0, 2).toLowerCase();
    if (base === "en" || base === "es" || base === "pt") return base;
  }
  return "en";
}

export function createI18n(appLoaders: Record<Exclude<Language, "en">, Loaders>) {
  async function load(lang: Language): Promise<void> {
    if (lang === "en" || i18n.hasDictionary(lang)) return;
    const all = [...Object.values(sharedLoaders[lang]), ...Object.values(appLoaders[lang])];
    const modules = await Promise.all(all.map((loader) => loader()));
    i18n.addDictionary(lang, Object.assign({}, ...modules.map((m) => m.default)));
  }

  async function setLanguage(lang: Language): Promise<void> {
    localStorage.setItem(STORAGE_KEY, lang);
    await load(lang);
    await i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }

  /** English needs nothing loaded; another language loads its dictionaries before the first paint. */
  async function initI18n(): Promise<void> {
    const lang = detectLanguage();
    if (lang !== "en") await setLanguage(lang);
  }

  return { initI18n, setLanguage };
}

export { i18n };

/** Marks a literal as an i18n key where it is translated later with t(value), so tests find it. */
export const msg = <T extends string>(key: T): T => key;
